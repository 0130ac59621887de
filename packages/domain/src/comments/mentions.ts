/**
 * @-mentions in a comment's body (issue 17, decision 022). The stored body marks each one as
 * `@[Jane Doe](user-uuid)`: the id says who was meant whatever their name, and the name keeps the
 * text readable where the markup is not drawn (e-mails, exports). Names never hold `]` or a line
 * break, so the markup cannot be confused with the text around it.
 */

export interface Mention {
  user_id: string;
  name: string;
}

export type BodySegment = { kind: 'text'; text: string } | ({ kind: 'mention' } & Mention);

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const MENTION = new RegExp(String.raw`@\[([^\]\r\n]{1,200})\]\((${UUID})\)`, 'g');

/** The name as the markup may hold it: one line, no `]`, trimmed. */
const markupName = (name: string) =>
  name
    .replace(/[\]\r\n]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200) || 'someone';

/** The markup of a mention of this person. */
export function mentionMarkup(name: string, userId: string): string {
  return `@[${markupName(name)}](${userId.toLowerCase()})`;
}

/** The body cut into plain text and mentions, in order (for drawing it). */
export function bodySegments(body: string): BodySegment[] {
  const segments: BodySegment[] = [];
  let last = 0;
  for (const match of body.matchAll(MENTION)) {
    const start = match.index;
    if (start > last) segments.push({ kind: 'text', text: body.slice(last, start) });
    segments.push({
      kind: 'mention',
      name: match[1] ?? '',
      user_id: (match[2] ?? '').toLowerCase(),
    });
    last = start + match[0].length;
  }
  if (last < body.length) segments.push({ kind: 'text', text: body.slice(last) });
  return segments;
}

/** Everyone the body mentions, once each, in the order first mentioned. */
export function parseMentions(body: string): Mention[] {
  const seen = new Map<string, Mention>();
  for (const segment of bodySegments(body)) {
    if (segment.kind === 'mention' && !seen.has(segment.user_id)) {
      seen.set(segment.user_id, { user_id: segment.user_id, name: segment.name });
    }
  }
  return [...seen.values()];
}

/** The body as plain text: each mention as `@Name` (e-mails, the customer's document). */
export function plainBody(body: string): string {
  return bodySegments(body)
    .map((segment) => (segment.kind === 'text' ? segment.text : `@${segment.name}`))
    .join('');
}

/**
 * The @-word being typed just before the caret, for the composer's picker: where its `@` is and
 * what follows it. Null when the caret is not in one (an `@` inside a word, as in an e-mail
 * address, does not start a mention; nor does a word already followed by a space and more).
 */
export function mentionQueryAt(
  text: string,
  caret: number,
): { start: number; query: string } | null {
  const before = text.slice(0, Math.max(0, Math.min(caret, text.length)));
  const match = /(^|[\s(])@([^\s@[\]()]{0,40})$/.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: before.length - query.length - 1, query };
}

/**
 * The composer shows a mention as `@Name` and remembers whom each name meant; these turn that
 * text into the stored body and back. A name the writer has since altered is plain text again.
 */
export function encodeMentions(text: string, chosen: readonly Mention[]): string {
  const byName = new Map(chosen.map((m) => [markupName(m.name), m]));
  if (byName.size === 0) return text;
  // Longest names first, so that "@Jane Doe" wins over "@Jane"; a name must end where a word does.
  const names = [...byName.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(
    `@(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}\\p{N}])`,
    'gu',
  );
  return text.replace(pattern, (whole, name: string) => {
    const mention = byName.get(name);
    return mention ? mentionMarkup(mention.name, mention.user_id) : whole;
  });
}

/** A stored body as the composer edits it: `@Name` text and the people those names mean. */
export function decodeMentions(body: string): { text: string; mentions: Mention[] } {
  return { text: plainBody(body), mentions: parseMentions(body) };
}

/** The text with the @-word at `start` (up to the caret) replaced by `@Name `; the new caret. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  person: { name: string },
): { text: string; caret: number } {
  const shown = `@${markupName(person.name)} `;
  return { text: text.slice(0, start) + shown + text.slice(caret), caret: start + shown.length };
}
