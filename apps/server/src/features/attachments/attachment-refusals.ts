import { BYTES_PER_KB, MAX_ATTACHMENT_KB } from '@bastion/domain/validation/attachments';
import { VALIDATION_MESSAGES } from '@bastion/domain/validation/messages';
import { AppError } from '../../lib/app-error.ts';

/**
 * 413, and the connection is closed after the answer, so the rest of the body is never read
 * (a client still sending gets its answer, then the socket ends).
 */
export const fileTooLarge = () =>
  new AppError('FILE_TOO_LARGE', VALIDATION_MESSAGES.fileTooLarge, {
    headers: { connection: 'close' },
  });

export const LINK_EXPIRED_MESSAGE =
  'This download link has expired: links are valid for 40 seconds. Ask for a new one.';

export const linkExpired = () => new AppError('GONE', LINK_EXPIRED_MESSAGE);

/** The multipart allowance beyond the file itself: boundaries and part headers. */
export const MULTIPART_ALLOWANCE_BYTES = 64 * 1024;
export const MAX_ATTACHMENT_BYTES = MAX_ATTACHMENT_KB * BYTES_PER_KB;
