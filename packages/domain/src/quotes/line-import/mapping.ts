/*
 * Issue 38 (part 1): which column of an imported bill of materials holds what. A column maps to
 * one field or to nothing; the seller's last choices are remembered by header (per user, on the
 * server), and a header never seen is guessed from the names sizing tools, spreadsheets and
 * Bastion's own export give it.
 */

export const MAX_CONTRACT_YEARS = 5;

export const LINE_IMPORT_FIELDS = [
  'sku',
  'quantity',
  'year_1',
  'year_2',
  'year_3',
  'year_4',
  'year_5',
  'discount',
  'high_availability',
  'bundle',
] as const;
export type LineImportField = (typeof LINE_IMPORT_FIELDS)[number];

/** One entry per column, in the table's order: the field it holds, or null (not imported). */
export type LineImportMapping = (LineImportField | null)[];

/** Remembered choices: a normalised header to the field it was mapped to (null: not imported). */
export type RememberedMapping = Readonly<Record<string, LineImportField | null>>;

export const LINE_IMPORT_FIELD_LABELS: Readonly<Record<LineImportField, string>> = {
  sku: 'SKU',
  quantity: 'Quantity',
  year_1: 'Quantity, year 1',
  year_2: 'Quantity, year 2',
  year_3: 'Quantity, year 3',
  year_4: 'Quantity, year 4',
  year_5: 'Quantity, year 5',
  discount: 'Seller discount (%)',
  high_availability: 'High-availability pair',
  bundle: 'Part of bundle',
};

/** The year a year-quantity field stands for (1–5), or null. */
export const yearOfField = (field: LineImportField | null): number | null =>
  field !== null && field.startsWith('year_') ? Number(field.slice(5)) : null;

/** A header as it is remembered and compared: lower case, words of letters and digits. */
export const normalizeHeader = (header: string): string =>
  header
    .toLowerCase()
    .replace(/[^\p{L}\p{N}%]+/gu, ' ')
    .trim();

const QUANTITY_WORDS = '(?:quantity|qty|units|seats|count)';
const YEAR_QUANTITY = new RegExp(
  `^(?:(?:${QUANTITY_WORDS} )?(?:year|yr|y) ?(\\d{1,2})(?: ${QUANTITY_WORDS})?)$`,
);

/**
 * The contract year of a quantity-per-year header ("Year 2 quantity", "Qty Y2", "Year 3"), any
 * year number; null for any other header ("Year 2 net" is a price, not a quantity).
 */
export function yearOfHeader(header: string): number | null {
  const match = YEAR_QUANTITY.exec(normalizeHeader(header));
  return match ? Number(match[1]) : null;
}

const GUESSES: readonly [RegExp, LineImportField][] = [
  [
    /^(?:sku|sku code|part|part number|part no|part #|product code|product sku|item|item code|item number|article|material)$/,
    'sku',
  ],
  [new RegExp(`^(?:${QUANTITY_WORDS}|licen[cs]es|number of units)$`), 'quantity'],
  [
    /^(?:discount|disc|discount %|discount percent|seller discount|seller s discount|manual discount|seller discount %)$/,
    'discount',
  ],
  [/^(?:ha|ha pair|high availability|high availability pair|pair)$/, 'high_availability'],
  [/^(?:part of bundle|bundle|parent|parent sku|bundle sku)$/, 'bundle'],
];

/** The field a header suggests, or null when it suggests none. */
export function guessField(header: string): LineImportField | null {
  const year = yearOfHeader(header);
  if (year !== null) return year >= 1 && year <= MAX_CONTRACT_YEARS ? yearField(year) : null;
  const normalized = normalizeHeader(header);
  return GUESSES.find(([pattern]) => pattern.test(normalized))?.[1] ?? null;
}

const yearField = (year: number) => `year_${year}` as LineImportField;

/**
 * The mapping a table starts with: each header's remembered field, else its guess; a field
 * taken by an earlier column is not given to a later one.
 */
export function startingMapping(
  headers: readonly string[],
  remembered: RememberedMapping = {},
): LineImportMapping {
  const taken = new Set<LineImportField>();
  return headers.map((header) => {
    const key = normalizeHeader(header);
    const field = key in remembered ? (remembered[key] ?? null) : guessField(header);
    if (field === null || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** What to remember of a mapping the seller used: every named header's field. */
export function mappingToRemember(
  headers: readonly string[],
  mapping: LineImportMapping,
): Record<string, LineImportField | null> {
  const remembered: Record<string, LineImportField | null> = {};
  headers.forEach((header, index) => {
    const key = normalizeHeader(header);
    if (key !== '') remembered[key] = mapping[index] ?? null;
  });
  return remembered;
}

/** A column as a spreadsheet names it: A, B, … Z, AA, AB … */
export function columnLetter(index: number): string {
  let letters = '';
  let rest = index + 1;
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    letters = String.fromCharCode(65 + digit) + letters;
    rest = Math.floor((rest - 1) / 26);
  }
  return letters;
}
