/**
 * Money as the app shows it (spec §9): US formatting with exactly two decimals, e.g.
 * `$1,234,567.89` and `-$12.30`.
 *
 * Amounts are integer minor units (cents) held in a safe-integer `number`: exact, and it goes
 * through JSON unchanged, which a bigint does not. Every currency is shown with two decimals, as
 * the spec asks, so one minor unit is always a hundredth. The digits are built here rather than
 * by Intl so the text is identical in Node and every browser.
 */

export const DEFAULT_CURRENCY = 'USD';

/**
 * en-US symbols (as CLDR gives them) of the currencies a quote is likely to carry, fixed here so
 * no engine's locale data changes them. Any other currency shows its ISO code and a no-break
 * space, as en-US Intl does ('CHF 1,234.50').
 */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  INR: '₹',
  AUD: 'A$',
  CAD: 'CA$',
  NZD: 'NZ$',
  HKD: 'HK$',
  MXN: 'MX$',
  BRL: 'R$',
  CNY: 'CN¥',
  TWD: 'NT$',
  ILS: '₪',
  KRW: '₩',
  PHP: '₱',
  VND: '₫',
};

const NO_BREAK_SPACE = '\u00a0';
const CURRENCY_CODE = /^[A-Z]{3}$/;

/** The prefix shown before the digits; throws on something that is not an ISO 4217 code. */
export function currencyPrefix(currencyCode: string = DEFAULT_CURRENCY): string {
  const code = currencyCode.trim().toUpperCase();
  if (!CURRENCY_CODE.test(code)) throw new RangeError(`Not a currency code: ${currencyCode}`);
  return Object.hasOwn(CURRENCY_SYMBOLS, code)
    ? (CURRENCY_SYMBOLS[code] ?? code)
    : code + NO_BREAK_SPACE;
}

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * `$1,234,567.89` for 123456789 minor units. A fractional or unsafe amount is a bug upstream
 * (float arithmetic on money), so it throws instead of showing a rounded figure.
 */
export function formatCurrency(
  minorUnits: number,
  currencyCode: string = DEFAULT_CURRENCY,
): string {
  if (!Number.isSafeInteger(minorUnits)) {
    throw new RangeError(`Money must be a safe integer of minor units: ${minorUnits}`);
  }
  const digits = String(Math.abs(minorUnits)).padStart(3, '0');
  const major = groupThousands(digits.slice(0, -2));
  const sign = minorUnits < 0 ? '-' : '';
  return `${sign}${currencyPrefix(currencyCode)}${major}.${digits.slice(-2)}`;
}

const KNOWN_SYMBOLS = new Set(Object.values(CURRENCY_SYMBOLS));
const MINUS_SIGNS = /^[-\u2212]/;
// Either ungrouped digits or correctly grouped ones: '1,23,4' is a typo, not a number.
const AMOUNT = /^(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Removes a leading currency symbol or ISO code (with the space after it), if there is one. */
function withoutCurrency(text: string): string | null {
  const prefix = /^[^\d.,\-\u2212]*/.exec(text)?.[0] ?? '';
  const symbol = prefix.trim();
  if (symbol === '') return text;
  const isCurrency = KNOWN_SYMBOLS.has(symbol) || CURRENCY_CODE.test(symbol.toUpperCase());
  return isCurrency ? text.slice(prefix.length) : null;
}

/**
 * Minor units from text: what formatCurrency produces ('-$1,234.50', 'CHF 12.00') and plain
 * numbers ('1234.5', '-7'). The minus may stand before or after the symbol. More than two
 * decimals would not be exact in cents, so such text gives null, like anything unreadable.
 */
export function parseCurrency(text: string | null | undefined): number | null {
  let rest = text?.trim() ?? '';
  let isNegative = false;
  if (MINUS_SIGNS.test(rest)) {
    isNegative = true;
    rest = rest.slice(1).trimStart();
  }
  const unsigned = withoutCurrency(rest);
  if (unsigned === null) return null;
  rest = unsigned;
  if (MINUS_SIGNS.test(rest)) {
    if (isNegative) return null;
    isNegative = true;
    rest = rest.slice(1);
  }
  const match = AMOUNT.exec(rest);
  if (!match) return null;
  const [, major = '', cents = ''] = match;
  // BigInt keeps the check exact: Number() would round a 17-digit amount to a safe-looking one.
  const minorUnits = BigInt(major.replace(/,/g, '') + cents.padEnd(2, '0'));
  if (minorUnits > MAX_SAFE) return null;
  // Never -0: '-0.00' is plain zero.
  return minorUnits === 0n ? 0 : Number(isNegative ? -minorUnits : minorUnits);
}
