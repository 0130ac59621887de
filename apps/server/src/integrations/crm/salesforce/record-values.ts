import { CrmUnavailableError } from '../crm-adapter.ts';

/**
 * Values of Salesforce REST records as Bastion holds them: record ids in their 18-character form,
 * money as integer hundredths without floats, and typed readers of a record's fields.
 */

// --- Record ids ---

const ID_PATTERN = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;
const CHECKSUM_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/**
 * The 18-character form of a Salesforce record id (the REST API answers with it, so ids
 * compare equal in Bastion's tables whichever form a user pasted); null for anything that is
 * not a record id, including an 18-character id whose case checksum is wrong.
 */
export function salesforceId18(id: string): string | null {
  if (!ID_PATTERN.test(id)) return null;
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk += 1) {
    let bits = 0;
    for (let position = 0; position < 5; position += 1) {
      const char = id.charAt(chunk * 5 + position);
      if (char >= 'A' && char <= 'Z') bits |= 1 << position;
    }
    suffix += CHECKSUM_CHARACTERS.charAt(bits);
  }
  if (id.length === 18 && id.slice(15).toUpperCase() !== suffix) return null;
  return id.slice(0, 15) + suffix;
}

// --- Money: decimals to integer minor units and back, without floats ---

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d{1,3}))?$/i;
/**
 * A JSON number carries about 15 significant digits exactly; with two decimals that is every
 * amount under 10^13. Larger ones could already have been rounded on the way in.
 */
const LARGEST_EXACT_AMOUNT = 1e13;

/**
 * The amount in hundredths (every currency is kept in hundredths, see the domain's
 * format/currency), e.g. 1234.5 → 123450 and '0.29' → 29. Digits beyond the second decimal are
 * rounded half away from zero. Works on the decimal text, never on a float product. Throws a
 * RangeError for what is not a number or cannot be held exactly.
 */
export function decimalToMinorUnits(value: number | string): number {
  if (typeof value === 'number' && !(Math.abs(value) < LARGEST_EXACT_AMOUNT)) {
    throw new RangeError(`${value} has more digits than a JSON number carries exactly`);
  }
  const scaled = scaledDecimal(String(value), 2);
  if (scaled === null) throw new RangeError(`Not a decimal number: ${String(value)}`);
  const minorUnits = Number(scaled);
  if (!Number.isSafeInteger(minorUnits)) throw new RangeError(`Too large an amount: ${value}`);
  return minorUnits === 0 ? 0 : minorUnits;
}

/** The decimal text of an amount in hundredths, e.g. 123456 → '1234.56', -5 → '-0.05'. */
export function minorUnitsToDecimal(minorUnits: number): string {
  if (!Number.isSafeInteger(minorUnits)) {
    throw new RangeError(`Money must be a safe integer of minor units: ${minorUnits}`);
  }
  const digits = String(Math.abs(minorUnits)).padStart(3, '0');
  return `${minorUnits < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The value × 10^scale as an integer, rounded half away from zero; null when not a number. */
function scaledDecimal(text: string, scale: number): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return null;
  const digits = BigInt(whole + fraction);
  const shift = Number(exponent) - fraction.length + scale;
  let scaled: bigint;
  if (shift >= 0) {
    scaled = digits * 10n ** BigInt(shift);
  } else {
    const divisor = 10n ** BigInt(-shift);
    scaled = digits / divisor;
    if ((digits % divisor) * 2n >= divisor) scaled += 1n;
  }
  return sign === '-' ? -scaled : scaled;
}

// --- Reading fields of a REST record ---

export type SfRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is SfRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at `Field` or `Lookup__r.Field`; null when absent or the lookup is empty. */
function valueAt(record: SfRecord, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null) return null;
    value = (value as SfRecord)[part] ?? null;
  }
  return value;
}

export function textAt(record: SfRecord, path: string): string {
  const value = valueAt(record, path);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

export const nullableTextAt = (record: SfRecord, path: string) => textAt(record, path) || null;
export const emailAt = (record: SfRecord, path: string) => textAt(record, path).toLowerCase();
export const isCheckedAt = (record: SfRecord, path: string) => valueAt(record, path) === true;

/** A related record's id in 18-character form; null when empty or not an id. */
export function idAt(record: SfRecord, path: string): string | null {
  const value = valueAt(record, path);
  return typeof value === 'string' ? salesforceId18(value) : null;
}

/** Days, counts: whole numbers (a fractional quantity is rounded to the nearest unit). */
export function integerAt(record: SfRecord, path: string): number | null {
  const value = valueAt(record, path);
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? Math.round(number) : null;
}

/** YYYY-MM-DD: Salesforce dates come so, a datetime counts by its UTC date. */
export function dateAt(record: SfRecord, path: string): string | null {
  const match = /^\d{4}-\d{2}-\d{2}/.exec(textAt(record, path));
  return match ? match[0] : null;
}

/** Salesforce writes datetimes as 2024-05-01T10:00:00.000+0000, which Date.parse may refuse. */
export function instantAt(record: SfRecord, path: string): Date | undefined {
  const text = textAt(record, path).replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time);
}

export function minorUnitsAt(record: SfRecord, path: string): number | null {
  const value = valueAt(record, path);
  if (value === null || value === '') return null;
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  try {
    return decimalToMinorUnits(value);
  } catch (error) {
    const which = `${textAt(record, 'attributes.type') || 'record'} ${textAt(record, 'Id')}`;
    throw new CrmUnavailableError(
      `Salesforce sent an amount Bastion cannot hold exactly (${which}, ${path}): ${(error as Error).message}.`,
    );
  }
}

/** numeric(5,2): the percentage as exact decimal text, null when absent or out of range. */
export function percentAt(record: SfRecord, path: string): string | null {
  const value = valueAt(record, path);
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const hundredths = scaledDecimal(String(value), 2);
  if (hundredths === null || hundredths >= 100_000n || hundredths <= -100_000n) return null;
  return minorUnitsToDecimal(Number(hundredths));
}
