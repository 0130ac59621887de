import type { ProductKind } from '@bastion/domain/pricing/product-kinds';
import type { TermDiscountsView } from '@bastion/domain/pricing/methods-views';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { listTermDiscounts } from './list-term-discounts.ts';
import { deleteTermDiscount as deleteRow } from './pricing-methods.repository.ts';

/** Removes a kind's term discount from a number of months. */
export async function deleteTermDiscount(
  db: Database,
  input: { product_kind: ProductKind; min_months: number },
): Promise<TermDiscountsView> {
  const isDeleted = await deleteRow(db, input.product_kind, input.min_months);
  if (!isDeleted) {
    throw new AppError(
      'NOT_FOUND',
      `There is no ${input.product_kind} term discount from ${input.min_months} months: it may have been removed.`,
    );
  }
  return listTermDiscounts(db);
}
