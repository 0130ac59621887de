import type { TermDiscountsView } from '@bastion/domain/pricing/methods-views';
import type { Database } from '@bastion/db/client';
import { percentView } from './get-sku-pricing.ts';
import { listTermDiscounts as listRows } from './pricing-methods.repository.ts';

/** Every term discount, by kind, then from the fewest months. */
export async function listTermDiscounts(db: Database): Promise<TermDiscountsView> {
  const rows = await listRows(db);
  return {
    rows: rows.map((row) => ({
      product_kind: row.productKind,
      min_months: row.minMonths,
      percent: percentView(row.percent) ?? '0',
    })),
  };
}
