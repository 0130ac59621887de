import type { RenewalConfiguration } from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { requireVisibleQuote } from '../../core/quotes/visibility.repository.ts';
import { renewalConfigurationOf, requireRenewalKind } from './renewal-lines.ts';

export { priceRenewalDraft } from './price-renewal-draft.ts';
export { saveRenewalConfiguration } from './save-renewal-configuration.ts';

/**
 * POST /api/dx/renewals/quote-configuration: a renewal, co-term or true-up quote as its
 * configurator opens it (its contracts, lines and prices, the timeline); 409 for another quote.
 */
export async function getRenewalConfiguration(
  db: Database,
  caller: AuthContext,
  id: string,
): Promise<RenewalConfiguration> {
  const quote = await requireVisibleQuote(db, caller, id);
  return renewalConfigurationOf(db, caller, quote, requireRenewalKind(quote));
}
