import { VALIDATION_MESSAGES as M } from './messages.ts';

/** Attachments (spec §5, §9): a size limit, and file names safe to store and to send back. */

export const BYTES_PER_KB = 1024;
export const MAX_ATTACHMENT_KB = 10_240;

const isByteCount = (bytes: number) => Number.isSafeInteger(bytes) && bytes >= 0;

/** Whole KB, rounded up: a file of 1 byte takes 1 KB. Throws for a size no file can have. */
export function attachmentSizeKb(bytes: number): number {
  if (!isByteCount(bytes)) throw new RangeError(`Not a file size in bytes: ${bytes}`);
  // Dividing by a power of two is exact in floating point, so ceil sees the true quotient.
  return Math.ceil(bytes / BYTES_PER_KB);
}

/** Why the file cannot be attached, or null. An empty file is accepted: the spec sets no minimum. */
export function attachmentProblem(bytes: number): string | null {
  if (!isByteCount(bytes)) return M.fileSizeUnknown;
  return attachmentSizeKb(bytes) > MAX_ATTACHMENT_KB ? M.fileTooLarge : null;
}

/** The name given to a file whose name has nothing usable left, e.g. '???' or '../'. */
export const FALLBACK_FILE_NAME = 'file';
/** Well below the 255 bytes most file systems allow, leaving room for a prefix added on storing. */
export const MAX_FILE_NAME_LENGTH = 200;
/** An extension is 1 to 16 letters or digits ('pdf', 'xlsx', 'tar.gz' keeps 'gz'). */
const EXTENSION = /^[A-Za-z0-9]{1,16}$/;
/** Names Windows reserves whatever the extension ('CON.txt' cannot be created there). */
const RESERVED_BASE = /^(?:CON|PRN|AUX|NUL|COM\d|LPT\d)$/i;

/**
 * A file name safe on any file system and inside a Content-Disposition header: ASCII letters,
 * digits, '_' and '-', then at most one '.' before the final extension, which is kept as typed.
 *
 * - Only the last path segment counts: '../../etc/passwd' is 'passwd', 'C:\dir\a.pdf' is 'a.pdf'.
 * - Accents are dropped ('résumé' → 'resume'); every other special character, dots of the base
 *   name included, becomes '_', one for one (spec §5; issue 17: 'bad name;$.pdf' →
 *   'bad_name__.pdf', 'Q3 report (v2).final.pdf' → 'Q3_report__v2__final.pdf').
 * - Leading '_' and '-' are trimmed: never a dot-file, never a name that reads as a command-line
 *   option. A dot-file's name counts as its extension ('.env' → 'file.env').
 * - Never empty ('file'), never a Windows device name ('CON.txt' → '_CON.txt'), at most
 *   MAX_FILE_NAME_LENGTH characters (the base name is shortened, the extension kept).
 */
export function sanitizeFileName(name: string): string {
  const segment = lastPathSegment(name);
  // Windows drops trailing dots and spaces itself: 'a.pdf. ' is 'a.pdf' there, so here too.
  const folded = trimEnd(segment.normalize('NFKD').replace(/\p{M}/gu, '').trim(), /[\s.]/);
  const dot = folded.lastIndexOf('.');
  const extension = dot >= 0 ? folded.slice(dot + 1) : '';
  const hasExtension = EXTENSION.test(extension);
  const rawBase = hasExtension ? folded.slice(0, dot) : folded;
  const suffix = hasExtension ? `.${extension}` : '';

  let base = trimBase(rawBase.replace(/[^A-Za-z0-9_-]/g, '_'));
  base = trimBase(base.slice(0, MAX_FILE_NAME_LENGTH - suffix.length));
  if (base === '') base = FALLBACK_FILE_NAME;
  if (RESERVED_BASE.test(base)) base = `_${base}`;
  return base + suffix;
}

function lastPathSegment(name: string): string {
  const segments = name
    .split(/[/\\]/)
    .filter((segment) => segment.trim() !== '' && segment !== '.' && segment !== '..');
  return segments.at(-1) ?? '';
}

const trimBase = (base: string) => base.replace(/^[_-]+/, '');

// A loop, not /x+$/: that pattern takes quadratic time on long runs that do not reach the end.
function trimEnd(text: string, character: RegExp): string {
  let end = text.length;
  while (end > 0 && character.test(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}
