import type { z } from 'zod';
import type { RenewalPricing, ZPriceRenewalDraftBody } from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireVisibleQuote } from '../../core/quotes/visibility.repository.ts';
import { pricingOfResolved, requireRenewalKind, resolveDraft } from './renewal-lines.ts';

/**
 * POST /api/dx/renewals/price: a configurator draft resolved and priced, saving nothing. What
 * is wrong with the draft comes back as problems at its fields, beside the figures of the lines
 * that could be priced; only an unknown quote (404) or one of another kind (409) is refused.
 */
export async function priceRenewalDraft(
  db: Database,
  caller: AuthContext,
  input: z.output<typeof ZPriceRenewalDraftBody>,
): Promise<RenewalPricing> {
  const quote = await requireVisibleQuote(db, caller, input.id);
  const kind = requireRenewalKind(quote);
  if (quote.quoteType === 'LEGACY') {
    throw new AppError('CONFLICT', 'Legacy quotes are not priced in Bastion; they are read-only.');
  }
  const draft = await resolveDraft(db, caller, quote, kind, input.draft);
  return (await pricingOfResolved(db, quote, draft)).pricing;
}
