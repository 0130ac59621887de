import {
  BASE_CURRENCY,
  MAX_LISTED_HISTORY,
  type CurrencyRates,
  type ExchangeRateList,
} from '@bastion/domain/exchange-rates/schemas';
import type { Database } from '@bastion/db/client';
import { appNow } from '../../lib/clock.ts';
import { readTogether } from '../../lib/db/read-together.ts';
import { normalRate } from './apply-rate-changes.ts';
import { listCurrentRates, listRecentHistory } from './exchange-rates.repository.ts';
import { todayIso } from '../../core/renewals/contracts.repository.ts';

type HistoryRow = Awaited<ReturnType<typeof listRecentHistory>>[number];

/** USD first (the base), then the others by code. */
const byCode = (a: string, b: string) =>
  a === BASE_CURRENCY ? -1 : b === BASE_CURRENCY ? 1 : a.localeCompare(b);

/**
 * Every currency with the rate in effect today, the day it took effect and its latest rates,
 * newest first, each with who entered it. The rate in effect is the history's latest row up to
 * today; a currency with a rate in use but no history shows that rate, from no known day. USD is
 * always there, always 1.
 */
export async function listExchangeRates(
  db: Database,
  options: { canEdit: boolean },
  now: Date = appNow(),
): Promise<ExchangeRateList> {
  const today = todayIso(now);
  const [current, history] = await readTogether(db, [
    () => listCurrentRates(db),
    () => listRecentHistory(db, MAX_LISTED_HISTORY),
  ]);
  const historyOf = new Map<string, HistoryRow[]>();
  for (const row of history) {
    historyOf.set(row.currencyCode, [...(historyOf.get(row.currencyCode) ?? []), row]);
  }
  const codes = new Set([
    BASE_CURRENCY,
    ...current.map((c) => c.currencyCode),
    ...historyOf.keys(),
  ]);

  const currencies = [...codes].sort(byCode).map((code): CurrencyRates => {
    if (code === BASE_CURRENCY) {
      return {
        currency_code: code,
        is_base: true,
        units_per_usd: '1.000000',
        effective_from: null,
        history: [],
        history_count: 0,
      };
    }
    const rows = historyOf.get(code) ?? [];
    // Newest first: the first row that has started is the one in effect.
    const inEffect = rows.find((row) => row.effectiveFrom <= today) ?? null;
    const inUse = current.find((c) => c.currencyCode === code);
    return {
      currency_code: code,
      is_base: false,
      units_per_usd: normalRate(inEffect?.unitsPerUsd ?? inUse?.unitsPerUsd ?? '0'),
      effective_from: inEffect?.effectiveFrom ?? null,
      history: rows.map((row) => ({
        id: row.id,
        units_per_usd: normalRate(row.unitsPerUsd),
        effective_from: row.effectiveFrom,
        note: row.note,
        entered_by_email: row.enteredByEmail,
        entered_at: row.createdAt.toISOString(),
        is_in_effect: row.id === inEffect?.id,
      })),
      history_count: rows[0]?.total ?? 0,
    };
  });
  return { today, can_edit: options.canEdit, currencies };
}
