import type { Database } from '@bastion/db/client';
import type { ChangePriceInput } from '@bastion/domain/catalog/admin-api';
import { listPriceRowsOf } from './catalog-admin.repository.ts';
import { listCurrencyCodes } from '../../core/pricing/list-prices.repository.ts';
import { conflictOn, invalidField } from './catalog-admin-errors.ts';
import { lockSku } from './sku-lookup.ts';
import { applyPricePlan } from './apply-price-plan.ts';
import { listSkuPriceHistory } from './list-price-history.ts';
import { laterPriceMessage, planPriceChanges } from './price-change-plan.ts';
import { isoDayOf } from '../../lib/clock.ts';

export const pastDateMessage = (today: string) =>
  `A price change starts today (${today}) or later: the past prices quotes were made with stay as they were.`;

export const unknownCurrencyMessage = (code: string, known: readonly string[]) =>
  `There is no exchange rate for ${code}, so nothing can be priced in it. Prices can be set in ${known.join(', ')}.`;

/** The catalogue sells in the currency (it has an exchange rate); a 400 on currency_code if not. */
export async function requireSoldCurrency(tx: Database, code: string): Promise<void> {
  const currencies = await listCurrencyCodes(tx);
  if (!currencies.includes(code)) {
    throw invalidField('currency_code', unknownCurrencyMessage(code, currencies));
  }
}

/**
 * Schedules a new list price for a SKU in a currency from a day (today or later): the price in
 * effect that day ends on it, a price starting that same day is replaced, and a price already
 * scheduled later refuses the change (409).
 */
export async function changePrice(
  db: Database,
  userId: string | null,
  input: ChangePriceInput,
  now: Date = new Date(),
) {
  const today = isoDayOf(now);
  if (input.effective_from < today) throw invalidField('effective_from', pastDateMessage(today));
  const isReplacement = await db.transaction(async (tx) => {
    await requireSoldCurrency(tx, input.currency_code);
    const sku = await lockSku(tx, input.sku);
    const rows = (await listPriceRowsOf(tx, [sku.sku])).filter(
      (row) => row.currencyCode === input.currency_code,
    );
    const plan = planPriceChanges(rows, [
      { key: 0, unitPriceMinor: input.unit_price_minor, effectiveFrom: input.effective_from },
    ]);
    const [conflict] = plan.conflicts;
    if (conflict) throw conflictOn('effective_from', laterPriceMessage(conflict.laterFrom));
    await applyPricePlan(
      tx,
      { sku: sku.sku, currencyCode: input.currency_code, userId, now },
      plan,
    );
    return plan.replaced.length > 0;
  });
  return {
    ...(await listSkuPriceHistory(db, input.sku, now)),
    change: {
      currency_code: input.currency_code,
      unit_price_minor: input.unit_price_minor,
      effective_from: input.effective_from,
      is_replacement: isReplacement,
    },
  };
}
