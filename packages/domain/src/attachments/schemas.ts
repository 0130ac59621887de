import { z } from 'zod';
import { namedApiSchemas } from '../api/named-schemas.ts';
import { zDeletedEnvelope, zEnvelope } from '../api/envelope.ts';
import { MAX_ATTACHMENT_KB } from '../validation/attachments.ts';

/*
 * Files attached to a quote (issue 17): the server validates its requests with these and the
 * browser builds its calls from them.
 */

/** A quote takes at most this many files, and this much in all (the file limit is spec §9's). */
export const MAX_ATTACHMENTS_PER_QUOTE = 25;
export const MAX_QUOTE_ATTACHMENTS_KB = 102_400;
/** Spec §9: a file-download link stays valid for 40 s. */
export const DOWNLOAD_LINK_SECONDS = 40;

/** What kind of file it is: the upload path's third segment, offered as a select. */
export const ATTACHMENT_CATEGORIES = {
  attachment: 'Attachment',
  'purchase-order': 'Purchase order',
  'customer-requirements': "Customer's requirements",
  'partner-letter': "Partner's letter",
} as const;
export type AttachmentCategory = keyof typeof ATTACHMENT_CATEGORIES;

const categoryIds = Object.keys(ATTACHMENT_CATEGORIES) as [
  AttachmentCategory,
  ...AttachmentCategory[],
];

export const ZAttachmentCategory = z.enum(categoryIds, {
  error: `The category must be one of: ${categoryIds.join(', ')}.`,
});

const zQuoteId = z.uuid({ error: 'That is not a quote id.' });
const zAttachmentId = z.uuid({ error: 'That is not an attachment id.' });

/** The spec's four segments: upload-attachments/{entity}/{id}/{category}/{ref}. */
export const ZUploadAttachmentParams = z.object({
  /** Only quotes take files; the route answers 404 for any other entity. */
  entity: z.literal('quote'),
  id: zQuoteId,
  category: ZAttachmentCategory,
  ref: z
    .string()
    .trim()
    .min(1, 'Give a reference (e.g. ref).')
    .max(100, 'The reference is at most 100 characters.'),
});

export const ZQuoteAttachmentsBody = z.object({ quote_id: zQuoteId });

export const ZAttachmentOfQuoteBody = z.object({
  quote_id: zQuoteId,
  attachment_id: zAttachmentId,
});

/**
 * The body of download-file/{x}: the file record as listed (spec §7). Its id and quote are what
 * counts; whatever else the client sends back of the record is ignored.
 */
export const ZDownloadFileBody = z.object({ id: zAttachmentId, quote_id: zQuoteId });
export const ZDownloadFileParams = z.object({ x: zAttachmentId });

/** A download link's token: 32 random bytes, base64url. */
export const ZDownloadLinkParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This download link is not valid.'),
});

export const ZAttachmentRecord = z.object({
  id: z.string(),
  quote_id: z.string(),
  file_name: z.string(),
  size_kb: z.number().int(),
  content_type: z.string(),
  category: z.string(),
  ref: z.string(),
  sha256: z.string(),
  uploaded_by: z.string(),
  uploaded_by_id: z.string().nullable(),
  uploaded_on: z.string(),
  can_delete: z.boolean(),
});
export type AttachmentRecord = z.infer<typeof ZAttachmentRecord>;

export const ZAttachmentLimits = z.object({
  max_files: z.number().int(),
  max_total_kb: z.number().int(),
  max_file_kb: z.number().int(),
});

export const ZQuoteAttachments = z.object({
  attachments: z.array(ZAttachmentRecord),
  limits: ZAttachmentLimits,
  can_upload: z.boolean(),
});
export type QuoteAttachments = z.infer<typeof ZQuoteAttachments>;

export const ZAttachmentDownloadLink = z.object({
  url: z.string(),
  expires_at: z.string(),
  valid_seconds: z.number().int(),
});
export type AttachmentDownloadLink = z.infer<typeof ZAttachmentDownloadLink>;

export const ATTACHMENT_LIMITS = {
  max_files: MAX_ATTACHMENTS_PER_QUOTE,
  max_total_kb: MAX_QUOTE_ATTACHMENTS_KB,
  max_file_kb: MAX_ATTACHMENT_KB,
} as const;

/** POST /api/dx/delete-attachment: which file of which quote is gone. */
export const ZDeleteAttachmentResponse = zDeletedEnvelope({ id: z.string(), quote_id: z.string() });

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZAttachmentRecord, { id: 'AttachmentRecord' });

/* The answers' envelopes (`{code: 200, data}`), as the routes validate them. */
export const ZAttachmentDownloadLinkResponse = zEnvelope(ZAttachmentDownloadLink);
export const ZAttachmentRecordResponse = zEnvelope(ZAttachmentRecord);
export const ZQuoteAttachmentsResponse = zEnvelope(ZQuoteAttachments);
