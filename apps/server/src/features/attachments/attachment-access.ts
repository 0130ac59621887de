import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findQuoteForReader,
  type ApproverQuoteAccess,
} from '../../core/quotes/visibility.repository.ts';

export const ATTACH_NOT_ALLOWED_MESSAGE =
  "Only the quote's sales team and the deal desk can attach or delete files.";
export const ARCHIVED_QUOTE_MESSAGE =
  'This quote is archived: its files can be read, but none added or deleted.';

type QuoteRow = Awaited<ReturnType<typeof findQuoteForReader>>['quote'];

/**
 * Whether the caller may add files to the quote or remove them: they see it as a quote user (its
 * approvers only read it), and it is not archived. A final quote (ACCEPTED, COMPLETED) still
 * takes files: the signed purchase order arrives after the acceptance.
 */
export function attachProblem(
  caller: AuthContext,
  quote: QuoteRow,
  isQuoteUser: boolean,
): AppError | null {
  const makesQuotes = caller.permissions.can_create_quote || caller.permissions.is_deal_desk_user;
  if (!isQuoteUser || !makesQuotes) return new AppError('FORBIDDEN', ATTACH_NOT_ALLOWED_MESSAGE);
  if (quote.statusId === 'ARCHIVED') return new AppError('CONFLICT', ARCHIVED_QUOTE_MESSAGE);
  return null;
}

/** The quote, when the caller may change its files; 404 when they cannot see it at all. */
export async function requireQuoteForAttaching(
  db: Database,
  caller: AuthContext,
  quoteId: string,
  approverAccess: ApproverQuoteAccess,
): Promise<QuoteRow> {
  const { quote, isQuoteUser } = await findQuoteForReader(db, caller, quoteId, approverAccess);
  const problem = attachProblem(caller, quote, isQuoteUser);
  if (problem) throw problem;
  return quote;
}
