import type { ExchangeRateAdded, ExchangeRateInput } from '@bastion/domain/exchange-rates/schemas';
import type { Database } from '@bastion/db/client';
import { appNow } from '../../lib/clock.ts';
import { applyRateChanges } from './apply-rate-changes.ts';

/**
 * Records a currency's rate from a day (today or earlier; the body's schema checked it). A second
 * rate for the same currency and day replaces that day's. When it is the rate in effect today, it
 * becomes the rate in use (a new currency is added); a backdated rate only fills in the history.
 */
export async function addExchangeRate(
  db: Database,
  userId: string | null,
  input: ExchangeRateInput,
  now: Date = appNow(),
): Promise<ExchangeRateAdded> {
  const { outcomes, currencies } = await db.transaction((tx) =>
    applyRateChanges(tx, [input], { userId, now, skipsIdentical: false }),
  );
  const [outcome] = outcomes;
  const [currency] = currencies;
  return {
    currency_code: input.currency_code,
    units_per_usd: input.units_per_usd,
    effective_from: input.effective_from,
    note: input.note,
    replaced_units_per_usd: outcome?.replacedUnitsPerUsd ?? null,
    is_in_effect: outcome?.isInEffect ?? false,
    previous_units_per_usd: currency?.before ?? null,
    is_new_currency: currency?.isNew ?? false,
  };
}
