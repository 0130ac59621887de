import type { FastifyInstance } from 'fastify';
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
import { addressesQuote, currentUser, signedInAccess, type AuthContext } from '../../lib/access.ts';
import { zEmptyBody } from '../../lib/envelope.ts';
import { sendFile, type FileAnswer } from '../../lib/file-answers.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { postRoute } from '../../lib/post-route.ts';
import type { ApproverQuoteAccess } from '../../core/quotes/visibility.repository.ts';
import { exportQuoteLines } from './export-quote-lines.ts';
import { generateOptionsDocument } from './generate-options-document.ts';
import { generateQuoteDocument, type GeneratedDocument } from './generate-quote-document.ts';
import { getQuoteDocumentFile, listQuoteDocuments } from './list-quote-documents.ts';

/** A quote document's bytes under its file name, as its format says. */
const documentFile = (file: { document: GeneratedDocument; bytes: Buffer }): FileAnswer => ({
  bytes: file.bytes,
  fileName: file.document.file_name,
  contentType: DOCUMENT_CONTENT_TYPES[file.document.format],
});

/** A POST route about one quote (the body's quote_id) that answers a file made from the body. */
function postQuoteFileRoute<B extends z.ZodType<{ quote_id: string }>>(
  app: FastifyInstance,
  path: string,
  body: B,
  makeFile: (body: z.output<B>, caller: AuthContext) => Promise<FileAnswer>,
) {
  app.post(
    path,
    {
      config: { access: signedInAccess, addresses: addressesQuote('quote_id') },
      schema: { body },
    },
    async (request, reply) =>
      sendFile(reply, await makeFile(request.body as z.output<B>, currentUser(request))),
  );
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
      return sendFile(reply, documentFile(file));
    },
  );

  // Issue 37: the deal's named options in one document, made on request and not stored.
  postQuoteFileRoute(
    app,
    '/api/dx/quote-options-document',
    ZOptionsDocumentBody,
    async (body, caller) => ({
      ...(await generateOptionsDocument(deps, caller, {
        quoteId: body.quote_id,
        format: body.format,
      })),
      contentType: DOCUMENT_CONTENT_TYPES[body.format],
    }),
  );

  // Issue 38: the quote's lines as a spreadsheet (XLSX or CSV), made on request, not stored.
  postQuoteFileRoute(
    app,
    '/api/dx/quote-lines-file',
    ZQuoteLinesFileBody,
    async (body, caller) => ({
      ...(await exportQuoteLines(deps, caller, { quoteId: body.quote_id, format: body.format })),
      contentType: LINE_SHEET_CONTENT_TYPES[body.format],
    }),
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

  postQuoteFileRoute(
    app,
    '/api/dx/quote-document-file',
    ZQuoteDocumentFileBody,
    async (body, caller) =>
      documentFile(
        await getQuoteDocumentFile(deps, caller, {
          quoteId: body.quote_id,
          documentId: body.document_id,
        }),
      ),
  );
}
