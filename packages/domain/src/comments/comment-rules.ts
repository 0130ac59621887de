/** Rules of comments and internal notes on a quote (issue 17, decision 022). */

/** Comments may be printed on the customer's document; notes never leave the company. */
export const QUOTE_COMMENT_KINDS = ['comment', 'note'] as const;
export type QuoteCommentKind = (typeof QUOTE_COMMENT_KINDS)[number];

export const MAX_COMMENT_LENGTH = 4000;

/** An author may change or delete what they wrote for this long (by the app's clock). */
export const COMMENT_EDIT_WINDOW_MINUTES = 15;
export const COMMENT_EDIT_WINDOW_MS = COMMENT_EDIT_WINDOW_MINUTES * 60_000;

export const COMMENT_MESSAGES = {
  empty: 'Write something first.',
  tooLong: `A comment can be at most ${MAX_COMMENT_LENGTH} characters.`,
  editWindowOver: `Comments can be changed for ${COMMENT_EDIT_WINDOW_MINUTES} minutes after they are written.`,
  notYours: 'Only its author can change or delete a comment.',
  stale:
    'This comment was changed after you opened it. Reload the comments to see the change, then make yours again.',
  notFound: 'There is no such comment on this quote (it may have been deleted).',
  kind: 'Choose a comment or an internal note.',
} as const;

/** Whether a comment written at `createdAt` may still be changed at `now`. */
export function isWithinEditWindow(createdAt: Date, now: Date): boolean {
  const age = now.getTime() - createdAt.getTime();
  return Number.isFinite(age) && age < COMMENT_EDIT_WINDOW_MS;
}

/**
 * The author's initials for the circle beside a comment (spec §3 "comment with date and author
 * initial"): the first letters of the first and last words of the name (of an e-mail address's
 * local part when there is no name); '?' when there is nothing to take one from.
 */
export function authorInitials(name: string): string {
  const words = name
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word !== '');
  const first = words[0];
  if (first === undefined) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = [first, last].map((word) => (word ? ([...word][0] ?? '') : '')).join('');
  return letters.toLocaleUpperCase('en-US');
}
