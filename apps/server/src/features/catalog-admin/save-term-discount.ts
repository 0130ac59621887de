import type { TermDiscountsView } from '@bastion/domain/pricing/methods-views';
import type { Database } from '@bastion/db/client';
import { percentView } from './get-sku-pricing.ts';
import { listTermDiscounts } from './list-term-discounts.ts';
import type { SaveTermDiscountInput } from '@bastion/domain/pricing/methods-api';
import { findTermDiscount, upsertTermDiscount } from './pricing-methods.repository.ts';

/**
 * Sets a kind's term discount from a number of months on (issue 35: the highest reached
 * applies): a new row, or a new percentage for the kind's row from those months. One row at a
 * time, so two admins editing different rows never undo each other.
 */
export async function saveTermDiscount(
  db: Database,
  input: SaveTermDiscountInput,
): Promise<TermDiscountsView & { before: string | null }> {
  const before = await db.transaction(async (tx) => {
    const existing = await findTermDiscount(tx, input.product_kind, input.min_months);
    await upsertTermDiscount(tx, {
      productKind: input.product_kind,
      minMonths: input.min_months,
      percent: input.percent,
    });
    return existing ? percentView(existing.percent) : null;
  });
  return { ...(await listTermDiscounts(db)), before };
}
