/**
 * File names and sizes of what is attached to or generated from a quote (spec §5, §9).
 */

/** Spec §9: at most 10240 KB per attached file. */
export const ATTACHMENT_LIMIT_KB = 10_240;

/** Sizes are counted in whole KB, rounded up (spec §5): 1 byte is 1 KB, 1024 bytes too. */
export function sizeInKb(bytes: number): number {
  return Math.ceil(bytes / 1024);
}

/** Whether a file of this many bytes may be attached: 10240 KB is, 10240 KB and 1 byte is not. */
export function isWithinAttachmentLimit(bytes: number): boolean {
  return sizeInKb(bytes) <= ATTACHMENT_LIMIT_KB;
}

const UNSAFE = /[^A-Za-z0-9_-]/g;

/**
 * The name a file is stored and served under (spec §5): every character other than a letter,
 * digit, `-` or `_` becomes `_`, one for one, and the final extension is kept (lower-cased):
 * `bad name;$.pdf` is stored as `bad_name__.pdf`. A name with nothing left becomes `file`.
 */
export function safeFileName(name: string): string {
  // Only the last path segment: browsers on some systems send the whole path.
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const hasExtension = dot > 0 && dot < base.length - 1;
  const stem = (hasExtension ? base.slice(0, dot) : base).replace(UNSAFE, '_');
  const extension = hasExtension
    ? base
        .slice(dot + 1)
        .replace(UNSAFE, '_')
        .toLowerCase()
    : '';
  const safeStem = stem || 'file';
  return (extension ? `${safeStem}.${extension}` : safeStem).slice(-200);
}

/** The final extension of a file name, lower-cased, without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}
