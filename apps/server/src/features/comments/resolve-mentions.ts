import type { Mention } from '@bastion/domain/comments/mentions';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import type { ApproverQuoteAccess } from '../../core/quotes/visibility.repository.ts';
import { findActiveUsers, type PersonRow } from './comments.repository.ts';
import { canReadQuote } from './quote-readers.ts';

/** Each mention costs a visibility check and perhaps an e-mail. */
export const MAX_MENTIONS = 20;

const refuse = (message: string) =>
  new AppError('VALIDATION_FAILED', message, { details: [{ path: 'body', message }] });

/**
 * The people these mentions name, each an active user who can open the quote. Anyone else is
 * refused with a message naming them as the body wrote them, and nothing is saved: a mention
 * that silently reached nobody would be worse than none.
 */
export async function resolveMentions(
  db: Database,
  quoteId: string,
  mentions: readonly Mention[],
  approverAccess: ApproverQuoteAccess | undefined,
): Promise<PersonRow[]> {
  if (mentions.length === 0) return [];
  if (mentions.length > MAX_MENTIONS) {
    throw refuse(`At most ${MAX_MENTIONS} people can be mentioned in one comment.`);
  }
  const found = new Map(
    (
      await findActiveUsers(
        db,
        mentions.map((m) => m.user_id),
      )
    ).map((p) => [p.id, p]),
  );
  const people: PersonRow[] = [];
  for (const mention of mentions) {
    const person = found.get(mention.user_id);
    if (!person) throw refuse(`${mention.name} cannot be mentioned: there is no such active user.`);
    if (!(await canReadQuote(db, person, quoteId, approverAccess))) {
      throw refuse(`${mention.name} cannot be mentioned: they cannot open this quote.`);
    }
    people.push(person);
  }
  return people;
}
