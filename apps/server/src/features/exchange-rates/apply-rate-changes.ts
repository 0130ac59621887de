import { rateText, readRate, type ExchangeRateInput } from '@bastion/domain/exchange-rates/schemas';
import type { Database } from '@bastion/db/client';
import {
  findCurrentRate,
  insertHistoryRows,
  listHistoryOf,
  lockRateHistory,
  replaceHistoryRow,
  saveCurrentRate,
  type RateHistoryRow,
} from './exchange-rates.repository.ts';
import { todayIso } from '../../core/renewals/contracts.repository.ts';

/** The note of a history's first row, made from the rate in use when the history began. */
export const BASELINE_NOTE = 'Rate in use when rate history began';

/** Six-decimal text of a stored or checked rate, so "0.92" and "0.920000" compare equal. */
export function normalRate(text: string): string {
  const rate = readRate(text);
  return rate.ok ? rateText(rate.micro) : text;
}

/** What became of one rate of a change. */
export interface RateOutcome {
  rate: ExchangeRateInput;
  kind: 'added' | 'replaced' | 'unchanged';
  /** The rate of the same currency and day before; null when the day had none. */
  replacedUnitsPerUsd: string | null;
  /** It is now the rate in effect today. */
  isInEffect: boolean;
}

/** What became of one currency's rate in use (currency_rates). */
export interface CurrencyOutcome {
  currencyCode: string;
  /** The rate in use before; null when the currency had none. */
  before: string | null;
  /** The rate in use after. */
  after: string | null;
  isNew: boolean;
}

/** A currency's history by day. */
type History = Map<string, RateHistoryRow>;

/** The latest rate of a history on or before `day`. */
function inEffectOn(history: History | undefined, day: string): RateHistoryRow | null {
  let latest: RateHistoryRow | null = null;
  for (const row of history?.values() ?? []) {
    if (row.effectiveFrom <= day && (!latest || row.effectiveFrom > latest.effectiveFrom)) {
      latest = row;
    }
  }
  return latest;
}

/**
 * Writes checked rates (at most one per currency and day) into the history, in one transaction
 * with its caller: a rate for a day that has one replaces it. A currency whose rate in effect
 * today is now one of these rates gets it as its rate in use (currency_rates, which pricing and
 * reports read), and a currency without one is added. A backdated rate leaves the rate in use
 * alone. `skipsIdentical`: a rate the history already holds, note and all, is left as it was
 * (an import of an export changes nothing); otherwise it is written again, by its new author.
 */
export async function applyRateChanges(
  tx: Database,
  rates: readonly ExchangeRateInput[],
  context: { userId: string | null; now: Date; skipsIdentical: boolean },
): Promise<{ outcomes: RateOutcome[]; currencies: CurrencyOutcome[] }> {
  const { userId, now } = context;
  const today = todayIso(now);
  await lockRateHistory(tx);
  const codes = [...new Set(rates.map((rate) => rate.currency_code))].sort();
  const history = new Map<string, History>(codes.map((code) => [code, new Map()]));
  for (const row of await listHistoryOf(tx, codes)) {
    history.get(row.currencyCode)?.set(row.effectiveFrom, row);
  }
  // New rows, written together at the end; a later rate for the same day changes them here.
  const inserts = new Set<RateHistoryRow>();

  const before = new Map<string, string | null>();
  for (const code of codes) {
    const current = await findCurrentRate(tx, code);
    before.set(code, current ? normalRate(current.unitsPerUsd) : null);
    const days = history.get(code) ?? new Map<string, RateHistoryRow>();
    // A rate in use that never had a history (set before there was one) becomes its first row,
    // so that a backdated rate does not take its place.
    if (current && days.size === 0) {
      const baseline = {
        currencyCode: code,
        unitsPerUsd: normalRate(current.unitsPerUsd),
        effectiveFrom: [current.updatedAt.toISOString().slice(0, 10), today].sort()[0] ?? today,
        note: BASELINE_NOTE,
        createdBy: null,
        createdAt: now,
      };
      const row = { id: '', ...baseline };
      inserts.add(row);
      days.set(row.effectiveFrom, row);
    }
  }

  const changedDays = new Map<string, Set<string>>();
  const outcomes: RateOutcome[] = [];
  for (const rate of rates) {
    const days = history.get(rate.currency_code) ?? new Map<string, RateHistoryRow>();
    const key = { currencyCode: rate.currency_code, effectiveFrom: rate.effective_from };
    const written = {
      unitsPerUsd: rate.units_per_usd,
      note: rate.note,
      createdBy: userId,
      createdAt: now,
    };
    const existing = days.get(rate.effective_from);
    let kind: RateOutcome['kind'];
    if (!existing) {
      const row = { id: '', ...key, ...written };
      inserts.add(row);
      days.set(rate.effective_from, row);
      kind = 'added';
    } else if (
      context.skipsIdentical &&
      normalRate(existing.unitsPerUsd) === rate.units_per_usd &&
      existing.note === rate.note
    ) {
      kind = 'unchanged';
    } else {
      if (!inserts.has(existing)) await replaceHistoryRow(tx, key, written);
      kind = 'replaced';
    }
    const replacedUnitsPerUsd = existing ? normalRate(existing.unitsPerUsd) : null;
    if (existing && kind === 'replaced') Object.assign(existing, written);
    if (kind !== 'unchanged') {
      const changed = changedDays.get(rate.currency_code) ?? new Set<string>();
      changed.add(rate.effective_from);
      changedDays.set(rate.currency_code, changed);
    }
    outcomes.push({ rate, kind, replacedUnitsPerUsd, isInEffect: false });
  }
  // The ids are the database's to give.
  await insertHistoryRows(
    tx,
    [...inserts].map(({ id: _unsaved, ...row }) => row),
  );

  const currencies: CurrencyOutcome[] = [];
  const inEffectDay = new Map<string, string | undefined>();
  for (const code of codes) {
    const inEffect = inEffectOn(history.get(code), today);
    inEffectDay.set(code, inEffect?.effectiveFrom);
    const previous = before.get(code) ?? null;
    let after = previous;
    if (inEffect && changedDays.get(code)?.has(inEffect.effectiveFrom)) {
      after = normalRate(inEffect.unitsPerUsd);
      if (after !== previous) await saveCurrentRate(tx, code, after, now);
    }
    currencies.push({ currencyCode: code, before: previous, after, isNew: previous === null });
  }
  for (const outcome of outcomes) {
    outcome.isInEffect =
      inEffectDay.get(outcome.rate.currency_code) === outcome.rate.effective_from;
  }
  return { outcomes, currencies };
}
