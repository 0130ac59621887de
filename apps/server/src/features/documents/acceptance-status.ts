import type { QuoteAcceptance } from '@bastion/domain/documents/acceptance-schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { appNow } from '../../lib/clock.ts';
import {
  findQuoteForReader,
  type ApproverQuoteAccess,
} from '../../core/quotes/visibility.repository.ts';
import { findAcceptance, listAcceptanceLinks } from './acceptance.repository.ts';
import {
  acceptanceLinkOf,
  acceptanceRecordOf,
  canManageAcceptance,
  isAcceptanceEnabled,
  linkStateOf,
} from './acceptance-records.ts';

/** The customer's name on the quote's documents: the end customer, else the account. */
export function customerOf(quote: { details: unknown; accountName: string }): string {
  const details = (quote.details ?? {}) as { opportunity?: { end_customer_name?: unknown } };
  const name = details.opportunity?.end_customer_name;
  return typeof name === 'string' && name.trim() !== '' ? name : quote.accountName;
}

/**
 * The summary's "Customer acceptance" panel, for anyone who reads the quote: the links sent,
 * each with its state, the acceptance if there is one, and what the caller may do.
 */
export async function getQuoteAcceptance(
  deps: { db: Database; approverAccess: ApproverQuoteAccess },
  caller: AuthContext,
  quoteId: string,
  now = appNow(),
): Promise<QuoteAcceptance> {
  const { db } = deps;
  const { quote, isQuoteUser } = await findQuoteForReader(db, caller, quoteId, deps.approverAccess);
  const [enabled, links, accepted] = [
    await isAcceptanceEnabled(db),
    await listAcceptanceLinks(db, quote.id),
    await findAcceptance(db, quote.id),
  ];
  const acceptedLinkId = accepted?.acceptance.linkId ?? null;
  const manages = isQuoteUser && canManageAcceptance(caller, quote);
  return {
    enabled,
    can_send: enabled && manages && quote.statusId === 'APPROVED',
    can_revoke: manages,
    quote: {
      id: quote.id,
      quote_number: quote.quoteNumber,
      quote_name: quote.quoteName,
      customer: customerOf(quote),
      status_id: quote.statusId,
      version: quote.version,
    },
    links: links.map((listed) =>
      acceptanceLinkOf(listed, linkStateOf(listed.link, quote, acceptedLinkId, now)),
    ),
    acceptance: accepted
      ? acceptanceRecordOf(accepted.acceptance, accepted.documentFileName)
      : null,
  };
}
