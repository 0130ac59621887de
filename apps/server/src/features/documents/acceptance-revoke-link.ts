import { ACCEPTANCE_LINK_STATE_DISPLAY } from '@bastion/domain/documents/acceptance-link-state';
import type { AcceptanceLink } from '@bastion/domain/documents/acceptance-schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import { quoteActorOf, recordQuoteEvent } from '../../core/quotes/quote-writes.repository.ts';
import {
  requireQuoteForReader,
  type ApproverQuoteAccess,
} from '../../core/quotes/visibility.repository.ts';
import {
  findAcceptance,
  findAcceptanceLink,
  revokeAcceptanceLinkRow,
} from './acceptance.repository.ts';
import { acceptanceLinkOf, linkStateOf, requireAcceptanceManager } from './acceptance-records.ts';

export const NO_SUCH_LINK_MESSAGE = 'There is no such acceptance link on this quote.';

/** Withdraws an open link (the owner or the deal desk): the customer's page then says so. */
export async function revokeAcceptanceLink(
  deps: { db: Database; approverAccess: ApproverQuoteAccess },
  caller: AuthContext,
  input: { quote_id: string; link_id: string },
  now = appNow(),
): Promise<AcceptanceLink> {
  const { db } = deps;
  const quote = await requireQuoteForReader(db, caller, input.quote_id, deps.approverAccess);
  requireAcceptanceManager(caller, quote);
  const listed = await findAcceptanceLink(db, quote.id, input.link_id);
  if (!listed) throw new AppError('NOT_FOUND', NO_SUCH_LINK_MESSAGE);
  const accepted = await findAcceptance(db, quote.id);
  const state = linkStateOf(listed.link, quote, accepted?.acceptance.linkId ?? null, now);
  if (state !== 'active') {
    const shown = ACCEPTANCE_LINK_STATE_DISPLAY[state].label.toLowerCase();
    throw new AppError('CONFLICT', `This link is no longer open (${shown}): nothing to withdraw.`);
  }
  const revoked = await revokeAcceptanceLinkRow(db, listed.link.id, now);
  if (!revoked) throw new AppError('CONFLICT', 'This link was withdrawn meanwhile.');
  await recordQuoteEvent(
    db,
    {
      quoteId: quote.id,
      ...quoteActorOf(caller),
      action: 'acceptance_link_revoked',
      changes: [
        {
          field: 'acceptance link',
          before: `${revoked.recipientName} <${revoked.recipientEmail}>`,
          after: 'revoked',
        },
      ],
    },
    now,
  );
  return acceptanceLinkOf({ ...listed, link: revoked }, 'revoked');
}
