import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  DOCUMENT_CONTENT_TYPES,
  LINE_SHEET_CONTENT_TYPES,
  ZDocumentParams,
  ZOptionsDocumentBody,
  ZQuoteDocumentFileBody,
  ZQuoteDocumentsResponse,
  ZQuoteDocumentsBody,
  ZQuoteLinesFileBody,
} from '@bastion/domain/documents/schemas';
import type { Database } from '@bastion/db/client';
import { addressesQuote, currentUser, signedInAccess } from '../../lib/access.ts';
import { zEmptyBody } from '../../lib/envelope.ts';
import { sendFile } from '../../lib/file-answers.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { postRoute } from '../../lib/post-route.ts';
import type { ApproverQuoteAccess } from '../../core/quotes/visibility.repository.ts';
import { exportQuoteLines } from './export-quote-lines.ts';
import { generateOptionsDocument } from './generate-options-document.ts';
import { generateQuoteDocument, type GeneratedDocument } from './generate-quote-document.ts';
import { getQuoteDocumentFile, listQuoteDocuments } from './list-quote-documents.ts';

/** Answers a quote document's bytes under its file name, as its format says. */
function sendDocument(reply: FastifyReply, file: { document: GeneratedDocument; bytes: Buffer }) {
  return sendFile(reply, {
    bytes: file.bytes,
    fileName: file.document.file_name,
    contentType: DOCUMENT_CONTENT_TYPES[file.document.format],
  });
}

/** Quote documents (PDF and DOCX) generated from a quote, stored with their SHA-256 (issue 17). */
export function registerDocumentRoutes(
  app: FastifyInstance,
  deps: { db: Database; mailer: Mailer; publicUrl: string; approverAccess: ApproverQuoteAccess },
) {
  // Spec §7: "returns a document blob saved as name.format". The use-case decides who may:
  // readers of the quote for a PDF, can_download_docx for Word.
  app.post(
    '/api/dx/document/:id/:format/:name',
    {
      config: { access: signedInAccess, addresses: addressesQuote('id', 'params') },
      schema: { params: ZDocumentParams, body: zEmptyBody },
    },
    async (request, reply) => {
      const params = request.params as z.output<typeof ZDocumentParams>;
      const file = await generateQuoteDocument(deps, currentUser(request), {
        quoteId: params.id,
        format: params.format,
        name: params.name,
      });
      return sendDocument(reply, file);
    },
  );

  // Issue 37: the deal's named options in one document, made on request and not stored.
  app.post(
    '/api/dx/quote-options-document',
    {
      config: { access: signedInAccess, addresses: addressesQuote('quote_id') },
      schema: { body: ZOptionsDocumentBody },
    },
    async (request, reply) => {
      const body = request.body as z.output<typeof ZOptionsDocumentBody>;
      const file = await generateOptionsDocument(deps, currentUser(request), {
        quoteId: body.quote_id,
        format: body.format,
      });
      return sendFile(reply, { ...file, contentType: DOCUMENT_CONTENT_TYPES[body.format] });
    },
  );

  // Issue 38: the quote's lines as a spreadsheet (XLSX or CSV), made on request, not stored.
  app.post(
    '/api/dx/quote-lines-file',
    {
      config: { access: signedInAccess, addresses: addressesQuote('quote_id') },
      schema: { body: ZQuoteLinesFileBody },
    },
    async (request, reply) => {
      const body = request.body as z.output<typeof ZQuoteLinesFileBody>;
      const file = await exportQuoteLines(deps, currentUser(request), {
        quoteId: body.quote_id,
        format: body.format,
      });
      return sendFile(reply, { ...file, contentType: LINE_SHEET_CONTENT_TYPES[body.format] });
    },
  );

  postRoute(app, {
    path: '/api/dx/quote-documents',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    body: ZQuoteDocumentsBody,
    response: ZQuoteDocumentsResponse,
    handler: async (request) => ({
      documents: await listQuoteDocuments(deps, currentUser(request), request.body.quote_id),
    }),
  });

  app.post(
    '/api/dx/quote-document-file',
    {
      config: { access: signedInAccess, addresses: addressesQuote('quote_id') },
      schema: { body: ZQuoteDocumentFileBody },
    },
    async (request, reply) => {
      const body = request.body as z.output<typeof ZQuoteDocumentFileBody>;
      const file = await getQuoteDocumentFile(deps, currentUser(request), {
        quoteId: body.quote_id,
        documentId: body.document_id,
      });
      return sendDocument(reply, file);
    },
  );
}
