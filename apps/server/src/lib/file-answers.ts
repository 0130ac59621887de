import type { FastifyReply } from 'fastify';
import { sanitizeFileName } from '@bastion/domain/validation/attachments';

/** A file to answer with: its bytes, the name to save it under, and its media type. */
export interface FileAnswer {
  bytes: Buffer;
  fileName: string;
  contentType: string;
  /** `attachment` (save) by default; `inline` lets the browser show it (a PDF in a tab). */
  disposition?: 'attachment' | 'inline';
}

/**
 * `attachment; filename="a.pdf"; filename*=UTF-8''a.pdf`: the names stored are already safe
 * (spec §5), so both forms carry the same name; the sanitising here only keeps the header valid
 * whatever a caller passes.
 */
export function contentDisposition(fileName: string, disposition = 'attachment'): string {
  const safe = sanitizeFileName(fileName);
  return `${disposition}; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}

/**
 * Sends a file (documents, attachments: spec §7 "saved as name.format", "saved under its
 * file_name"). Never cached by shared caches: quotes are confidential.
 */
export function sendFile(reply: FastifyReply, file: FileAnswer) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName, file.disposition))
    .header('content-length', String(file.bytes.length))
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}
