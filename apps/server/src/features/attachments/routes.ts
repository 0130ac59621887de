import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Database } from '@bastion/db/client';
import {
  ZAttachmentDownloadLinkResponse,
  ZAttachmentOfQuoteBody,
  ZAttachmentRecordResponse,
  ZDeleteAttachmentResponse,
  ZDownloadFileBody,
  ZDownloadFileParams,
  ZDownloadLinkParams,
  ZQuoteAttachmentsBody,
  ZQuoteAttachmentsResponse,
  ZUploadAttachmentParams,
} from '@bastion/domain/attachments/schemas';
import {
  addressesQuote,
  currentUser,
  publicAccess,
  requirePermission,
  signedInAccess,
} from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { sendFile } from '../../lib/file-answers.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { postRoute } from '../../lib/post-route.ts';
import type { ApproverQuoteAccess } from '../../core/quotes/visibility.repository.ts';
import { requireQuoteForAttaching } from './attachment-access.ts';
import { createDownloadLink, DOWNLOAD_LINK_PATH } from './create-download-link.ts';
import { deleteAttachment } from './delete-attachment.ts';
import { downloadAttachment } from './download-attachment.ts';
import { downloadByLink } from './download-by-link.ts';
import { listQuoteAttachments } from './list-quote-attachments.ts';
import { readUploadedFile, refuseDeclaredOversize } from './read-uploaded-file.ts';
import { refuseWhenQuoteIsFull, uploadAttachment } from './upload-attachment.ts';

export const UPLOAD_PATH = '/api/document/upload-file/upload-attachments';
export const NOT_A_QUOTE_MESSAGE =
  'Files can only be attached to a quote: upload to upload-attachments/quote/{quote id}/{category}/{ref}.';

/** Attaching and deleting files is for those who make quotes and the deal desk. */
const changesQuoteFiles = requirePermission(
  'can_create_quote or deal desk',
  (f) => f.can_create_quote || f.is_deal_desk_user,
);

/** Files attached to a quote: upload, list, download, 40-second links, delete (issue 17). */
export function registerAttachmentRoutes(
  app: FastifyInstance,
  deps: { db: Database; mailer: Mailer; publicUrl: string; approverAccess: ApproverQuoteAccess },
) {
  const { db, publicUrl, approverAccess } = deps;

  // Multipart parsing only in this scope: every other route still takes JSON alone.
  void app.register(async (uploads) => {
    await uploads.register(multipart, { throwFileSizeLimit: false });
    uploads.post(
      `${UPLOAD_PATH}/:entity/:id/:category/:ref`,
      {
        config: {
          access: changesQuoteFiles,
          addresses: addressesQuote('id', 'params'),
          acceptsUploads: true,
        },
        // The handler reads the validation outcome itself: another entity is 404, not 400.
        attachValidation: true,
        schema: {
          params: ZUploadAttachmentParams,
          response: { 200: ZAttachmentRecordResponse },
        },
      },
      async (request) => {
        const raw = request.params as { entity?: unknown };
        if (raw.entity !== 'quote') throw new AppError('NOT_FOUND', NOT_A_QUOTE_MESSAGE);
        if (request.validationError) throw request.validationError;
        const params = ZUploadAttachmentParams.parse(request.params);
        const caller = currentUser(request);
        const quote = await requireQuoteForAttaching(db, caller, params.id, approverAccess);
        // Everything that can be said before the body is read is said first.
        refuseDeclaredOversize(request);
        await refuseWhenQuoteIsFull(db, quote.id);
        const file = await readUploadedFile(request);
        return ok(
          await uploadAttachment(db, caller, quote.id, {
            ...file,
            category: params.category,
            ref: params.ref,
          }),
        );
      },
    );
  });

  postRoute(app, {
    path: '/api/dx/quote-attachments',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    body: ZQuoteAttachmentsBody,
    response: ZQuoteAttachmentsResponse,
    handler: (request) =>
      listQuoteAttachments(db, currentUser(request), request.body.quote_id, approverAccess),
  });

  app.post(
    '/api/document/download-file/:x',
    {
      config: { access: signedInAccess, addresses: addressesQuote('quote_id') },
      schema: { params: ZDownloadFileParams, body: ZDownloadFileBody },
    },
    async (request, reply) => {
      const { x } = request.params as z.output<typeof ZDownloadFileParams>;
      const body = request.body as z.output<typeof ZDownloadFileBody>;
      const file = await downloadAttachment(
        db,
        currentUser(request),
        { x, id: body.id, quoteId: body.quote_id },
        approverAccess,
      );
      return sendFile(reply, file);
    },
  );

  postRoute(app, {
    path: '/api/dx/attachment-download-link',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    body: ZAttachmentOfQuoteBody,
    response: ZAttachmentDownloadLinkResponse,
    handler: (request) =>
      createDownloadLink(
        db,
        currentUser(request),
        { quoteId: request.body.quote_id, attachmentId: request.body.attachment_id },
        { publicUrl, approverAccess },
      ),
  });

  // Public: a link is meant to be shared, for 40 seconds; the token is the only key.
  app.get(
    `${DOWNLOAD_LINK_PATH}/:token`,
    { config: { access: publicAccess }, schema: { params: ZDownloadLinkParams } },
    async (request, reply) => {
      const { token } = request.params as z.output<typeof ZDownloadLinkParams>;
      return sendFile(reply, await downloadByLink(db, token));
    },
  );

  postRoute(app, {
    path: '/api/dx/delete-attachment',
    access: changesQuoteFiles,
    addresses: addressesQuote('quote_id'),
    body: ZAttachmentOfQuoteBody,
    response: ZDeleteAttachmentResponse,
    handler: (request) =>
      deleteAttachment(
        db,
        currentUser(request),
        { quoteId: request.body.quote_id, attachmentId: request.body.attachment_id },
        approverAccess,
      ),
  });
}
