import { z } from 'zod';
import { MICRO_PER_UNIT, parseScaledDecimal, RATE_DECIMALS } from '../pricing/decimal.ts';

/*
 * Exchange rates as data (issue 35, docs/pricing.md "Exchange rates"): units of a currency per
 * 1 USD from a day on, with their history. Finance enters what happened, so a rate starts today or
 * earlier, never later. The server checks a rate (typed or a CSV row) with `exchangeRateSchema`
 * and the browser's form with the same one, so both say the same words about the same bad value.
 */

/** The base currency: every rate is per US dollar, so its own is always 1. */
export const BASE_CURRENCY = 'USD';

/** Far above any currency's rate (the rial and the dong are in the tens of thousands). */
export const MAX_UNITS_PER_USD = 10_000_000;

/** Rates are history: nothing before this day is believable. */
export const EARLIEST_RATE_DAY = '1970-01-01';

export const MAX_RATE_NOTE_LENGTH = 500;

export const EXCHANGE_RATE_MESSAGES = {
  currencyMissing: 'Enter the currency: a three-letter ISO code such as EUR.',
  currencyFormat: 'The currency is a three-letter ISO code such as EUR.',
  currencyIsBase: 'USD is the base currency: its rate is always 1 and cannot be changed.',
  rateMissing: 'Enter the rate: units of the currency per US dollar, such as 0.92.',
  rateNotText: 'The rate must be sent as text, such as "0.92", so that it stays exact.',
  rateFormat: 'The rate must be a number such as 0.92 (digits and one decimal point, no commas).',
  rateDecimals: `The rate can have at most ${RATE_DECIMALS} decimals.`,
  rateNotPositive: 'The rate must be above 0: units of the currency per US dollar, such as 0.92.',
  rateTooLarge: `The rate can be at most ${MAX_UNITS_PER_USD.toLocaleString('en-US')} units per US dollar.`,
  dayMissing: 'Enter the day the rate took effect.',
  dayFormat: (text: string) =>
    `The effective date “${text}” is not a real date: dates look like 2026-12-01.`,
  dayTooEarly: `The effective date must be ${EARLIEST_RATE_DAY} or later.`,
  dayInFuture: (today: string) =>
    `The effective date cannot be after today (${today}): a rate records what happened. Enter a later rate on its day.`,
  noteNotText: 'The note must be text.',
  noteTooLong: `The note is too long (at most ${MAX_RATE_NOTE_LENGTH} characters).`,
} as const;

const M = EXCHANGE_RATE_MESSAGES;

/** A currency code as typed: trimmed and upper-cased, three letters, not the base currency. */
export const ZRateCurrencyCode = z
  .string({ error: M.currencyMissing })
  .trim()
  .toUpperCase()
  .superRefine((code, ctx) => {
    if (code === '') ctx.addIssue({ code: 'custom', message: M.currencyMissing });
    else if (!/^[A-Z]{3}$/.test(code)) ctx.addIssue({ code: 'custom', message: M.currencyFormat });
    else if (code === BASE_CURRENCY) ctx.addIssue({ code: 'custom', message: M.currencyIsBase });
  });

/** Micro-units (millionths) as the six-decimal text a numeric(18,6) column holds: "0.920000". */
export function rateText(micro: number): string {
  const whole = Math.floor(micro / MICRO_PER_UNIT);
  return `${whole}.${String(micro % MICRO_PER_UNIT).padStart(RATE_DECIMALS, '0')}`;
}

/** What is wrong with a rate's text, or its micro-units. */
export function readRate(
  text: string,
): { ok: true; micro: number } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: false, message: M.rateMissing };
  const parsed = parseScaledDecimal(text, RATE_DECIMALS);
  if (!parsed.ok) {
    return {
      ok: false,
      message:
        parsed.problem === 'DECIMALS'
          ? M.rateDecimals
          : parsed.problem === 'RANGE'
            ? M.rateTooLarge
            : M.rateFormat,
    };
  }
  if (parsed.value <= 0) return { ok: false, message: M.rateNotPositive };
  if (parsed.value > MAX_UNITS_PER_USD * MICRO_PER_UNIT)
    return { ok: false, message: M.rateTooLarge };
  return { ok: true, micro: parsed.value };
}

/** A rate as exact text, out as six-decimal text ("0.92" → "0.920000"). */
export const ZRateText = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? M.rateMissing : M.rateNotText,
  })
  .transform((text, ctx) => {
    const rate = readRate(text);
    if (!rate.ok) {
      ctx.addIssue({ code: 'custom', message: rate.message });
      return z.NEVER;
    }
    return rateText(rate.micro);
  });

/** A calendar day written YYYY-MM-DD that exists (no 30 February). */
export function isRealDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The day a rate took effect: a real day, not before EARLIEST_RATE_DAY nor after `today()`. */
export const zRateDay = (today: () => string) =>
  z
    .string({ error: M.dayMissing })
    .trim()
    .superRefine((day, ctx) => {
      const problem =
        day === ''
          ? M.dayMissing
          : !isRealDay(day)
            ? M.dayFormat(day)
            : day < EARLIEST_RATE_DAY
              ? M.dayTooEarly
              : day > today()
                ? M.dayInFuture(today())
                : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

export const ZRateNote = z
  .string({ error: M.noteNotText })
  .trim()
  .max(MAX_RATE_NOTE_LENGTH, M.noteTooLong)
  .default('');

/**
 * One rate: a currency, its units per US dollar, the day it took effect (today or earlier, as
 * `today` says: the server's clock, or the browser's) and a note. The same schema checks the
 * form, the add call and each row of a CSV import.
 */
export const exchangeRateSchema = (today: () => string) =>
  z.object({
    currency_code: ZRateCurrencyCode,
    units_per_usd: ZRateText,
    effective_from: zRateDay(today),
    note: ZRateNote,
  });
export type ExchangeRateInput = z.output<ReturnType<typeof exchangeRateSchema>>;

/** The columns of the CSV import, in the order messages name them; the export adds its own. */
export const RATE_CSV_COLUMNS = [
  'currency_code',
  'units_per_usd',
  'effective_from',
  'note',
] as const;
export type RateCsvColumn = (typeof RATE_CSV_COLUMNS)[number];

/* Answers (POST /api/dx/exchange-rates/…): the server's response schemas, the web's types. */

/** One rate of a currency's history. */
export const ZExchangeRateEntry = z.object({
  id: z.string(),
  units_per_usd: z.string(),
  effective_from: z.string(),
  note: z.string(),
  /** Who entered it; null for a rate loaded with the data (or by a since-deleted user). */
  entered_by_email: z.string().nullable(),
  entered_at: z.string(),
  /** The row in effect today: the rate pricing uses. */
  is_in_effect: z.boolean(),
});
export type ExchangeRateEntry = z.infer<typeof ZExchangeRateEntry>;

/** A currency, the rate in effect today, and its history newest first. */
export const ZCurrencyRates = z.object({
  currency_code: z.string(),
  /** USD: always 1, no history. */
  is_base: z.boolean(),
  units_per_usd: z.string(),
  /** When the rate in effect took effect; null when it has no recorded history. */
  effective_from: z.string().nullable(),
  /** Newest first, at most MAX_LISTED_HISTORY of them. */
  history: z.array(ZExchangeRateEntry),
  /** How many rates the currency has in all (the export has every one). */
  history_count: z.number().int().nonnegative(),
});
export type CurrencyRates = z.infer<typeof ZCurrencyRates>;

/** The history a list shows per currency; the CSV export has all of it. */
export const MAX_LISTED_HISTORY = 50;

export const ZExchangeRateList = z.object({
  /** The server's day (UTC): the latest a rate may start. */
  today: z.string(),
  can_edit: z.boolean(),
  /** USD first, then by code. */
  currencies: z.array(ZCurrencyRates),
});
export type ExchangeRateList = z.infer<typeof ZExchangeRateList>;

/** What adding a rate did. */
export const ZExchangeRateAdded = ZExchangeRateEntry.pick({
  units_per_usd: true,
  effective_from: true,
  note: true,
  /** It is now the rate in effect today, which pricing uses from now on. */
  is_in_effect: true,
}).extend({
  currency_code: z.string(),
  /** The rate the same currency had on the same day, which this one replaced; null: none. */
  replaced_units_per_usd: z.string().nullable(),
  /** The rate in effect today before the change; null for a new currency. */
  previous_units_per_usd: z.string().nullable(),
  /** The currency had no rate before: quotes and prices may now use it. */
  is_new_currency: z.boolean(),
});
export type ExchangeRateAdded = z.infer<typeof ZExchangeRateAdded>;

/** What a CSV import did (nothing at all when a row was bad: the refusal lists the problems). */
export const ZExchangeRatesImported = z.object({
  /** The rows of the file. */
  imported: z.number().int().nonnegative(),
  /** Rows for a day without a rate before. */
  added: z.number().int().nonnegative(),
  /** Rows that replaced the rate of their day. */
  replaced: z.number().int().nonnegative(),
  /** Rows that said what the history already said. */
  unchanged: z.number().int().nonnegative(),
  /** Currencies whose rate in effect today changed. */
  changed_in_effect: z.array(z.string()),
  /** Currencies that had no rate before. */
  new_currencies: z.array(z.string()),
});
export type ExchangeRatesImported = z.infer<typeof ZExchangeRatesImported>;

/** A CSV file to download: its name, its text and how many rows it has under its header. */
export const ZRateCsvFile = z.object({
  file_name: z.string(),
  csv: z.string(),
  row_count: z.number().int().nonnegative(),
});
export type RateCsvFile = z.infer<typeof ZRateCsvFile>;
