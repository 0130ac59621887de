/**
 * List prices as administrators type them: decimal text with at most 2 decimals ("1234.5"),
 * read exactly into integer minor units (every currency has 2 decimals, docs/pricing.md).
 */

/** 13 whole digits keep every price a safe integer of minor units. */
const MAX_WHOLE_DIGITS = 13;

export type ParsedPrice = { isValid: true; minor: number } | { isValid: false; message: string };

export function parseUnitPrice(text: string, currencyCode: string): ParsedPrice {
  const trimmed = text.trim();
  if (trimmed === '') return { isValid: false, message: 'Enter the unit price.' };
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(trimmed);
  if (!match) {
    return { isValid: false, message: 'The unit price must be a number such as 1234.50.' };
  }
  const [, sign = '', whole = '', decimals = ''] = match;
  if (sign === '-' && /[1-9]/.test(whole + decimals)) {
    return { isValid: false, message: 'A price cannot be negative.' };
  }
  if (decimals.length > 2) {
    return { isValid: false, message: `Prices have at most 2 decimals in ${currencyCode}.` };
  }
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_WHOLE_DIGITS) {
    return { isValid: false, message: 'The unit price is too large.' };
  }
  return { isValid: true, minor: Number(BigInt(digits + decimals.padEnd(2, '0'))) };
}

/** 123450 → "1234.50": how exports and answers write a price, and how imports read it back. */
export function formatUnitPrice(minor: number): string {
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
