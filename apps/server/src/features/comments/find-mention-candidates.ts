import { authorInitials } from '@bastion/domain/comments/comment-rules';
import type { MentionCandidate } from '@bastion/domain/comments/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import {
  requireQuoteForReader,
  type ApproverQuoteAccess,
} from '../../core/quotes/visibility.repository.ts';
import { searchActiveUsers } from './comments.repository.ts';
import { canReadQuote } from './quote-readers.ts';

/** The picker shows a few names; typing more letters narrows it. */
export const MAX_CANDIDATES = 8;
const PAGE_SIZE = 50;
/** Each candidate costs a visibility check: stop looking after this many users. */
const MAX_SCANNED = 200;

/**
 * The people the caller may mention on this quote: active users other than the caller whose name
 * or e-mail holds `search` and who can open the quote themselves, so that a mention never shows
 * a quote to someone who could not see it.
 */
export async function findMentionCandidates(
  db: Database,
  caller: AuthContext,
  input: { quote_id: string; search: string },
  approverAccess: ApproverQuoteAccess | undefined,
): Promise<{ candidates: MentionCandidate[] }> {
  const quote = await requireQuoteForReader(db, caller, input.quote_id, approverAccess);
  const candidates: MentionCandidate[] = [];
  for (let offset = 0; offset < MAX_SCANNED; offset += PAGE_SIZE) {
    const page = await searchActiveUsers(db, input.search, { limit: PAGE_SIZE, offset });
    for (const person of page) {
      if (person.id === caller.userId) continue;
      if (!(await canReadQuote(db, person, quote.id, approverAccess))) continue;
      candidates.push({
        id: person.id,
        name: person.name,
        initial: authorInitials(person.name),
        email: person.email,
      });
      if (candidates.length === MAX_CANDIDATES) return { candidates };
    }
    if (page.length < PAGE_SIZE) break;
  }
  return { candidates };
}
