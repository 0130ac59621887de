import { parseQuoteType } from '../quotes/quote-types.ts';
import {
  enabledContractYears,
  type ContractLengthInput,
  type ContractYear,
} from './contract-years.ts';
import {
  addError,
  countOrZero,
  isBlankText,
  propertyOf,
  readCount,
  type CountInput,
} from './counts.ts';
import { VALIDATION_MESSAGES as M, yearScheduleMismatchMessage } from './messages.ts';

/**
 * Shipping breakups (spec §5): how a quote's quantities are split into shipping lines by region
 * and incoterm — one quantity per line for STANDARD, a deployment schedule per year for ELA.
 */

/** A configured product of the quote (spec §3): its quantity per contract year. */
export type ShippingProduct = {
  id: string | number;
} & Partial<Record<`y${ContractYear}` | `y${ContractYear}_manual_shipping_quantity`, CountInput>>;

/** One shipping line (spec §3 `shipping_quantities`). */
export type ShippingLine = {
  /** The product the line ships. */
  sh_prod_id?: string | number | null;
  region?: string | null;
  incoterm?: string | null;
  /** STANDARD: the line's quantity. */
  quantity?: CountInput;
} & Partial<Record<`year${ContractYear}`, CountInput>>;

export interface ShippingBreakupsInput {
  /** 'ELA' gets the ELA rules; anything else (STANDARD, LEGACY, missing) the STANDARD ones. */
  quote_type?: string | null;
  /** Months; gates the ELA years (spec §9). */
  contract_length?: ContractLengthInput;
  products?: readonly ShippingProduct[] | null;
  /** The total to ship (STANDARD); for ELA, 0 means nothing to ship. */
  shipping_quantity?: CountInput;
  /** STANDARD: 0 means nothing needs shipping lines, so no total is asked for. */
  manual_shipping_quantity?: CountInput;
  shipping_quantities?: readonly ShippingLine[] | null;
}

/**
 * Errors keyed by where they belong:
 * - `shipping_quantity`: the total is missing, not a count, or differs from the lines' sum;
 * - `lines.<index>.region|incoterm|quantity|deployment_schedule|year<N>`: one line;
 * - `products.<id>`: a product with quantities but no lines;
 * - `products.<id>.year<N>`: the product's year N differs from its lines' year N.
 *
 * The input comes from the browser or the database: every part of it is checked at run time,
 * whatever its declared type.
 */
export function validateShippingBreakups(input: ShippingBreakupsInput): Record<string, string> {
  const errors: Record<string, string> = {};
  const lines = listOf(input.shipping_quantities);
  const isEla = parseQuoteType(input.quote_type ?? null) === 'ELA';

  if (isEla) {
    // Nothing to ship: leftover lines are not checked (spec §5 "ELA with total 0 is valid").
    if (readCount(input.shipping_quantity) === 0) return errors;
    const years = enabledContractYears(input.contract_length);
    lines.forEach((line, index) => checkElaLine(errors, line, `lines.${index}`, years));
    listOf(input.products).forEach((product, index) =>
      checkElaProduct(errors, product, index, lines, years),
    );
  } else {
    lines.forEach((line, index) => checkStandardLine(errors, line, `lines.${index}`));
    checkStandardTotal(errors, input, lines);
  }
  return errors;
}

/** The sum of the counts, or null when one of them is not a number. */
function sumOf(counts: readonly (number | 'empty' | 'invalid')[]): number | null {
  let sum = 0;
  for (const count of counts) {
    if (typeof count !== 'number') return null;
    sum += count;
  }
  return sum;
}

const listOf = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

function checkLineDestination(errors: Record<string, string>, line: unknown, key: string) {
  if (isBlankText(propertyOf(line, 'region'))) addError(errors, `${key}.region`, M.regionRequired);
  if (isBlankText(propertyOf(line, 'incoterm'))) {
    addError(errors, `${key}.incoterm`, M.incotermRequired);
  }
}

// A line that ships nothing is a line left half-filled: 0 counts as "not entered".
function checkStandardLine(errors: Record<string, string>, line: unknown, key: string) {
  checkLineDestination(errors, line, key);
  const quantity = readCount(propertyOf(line, 'quantity'));
  if (quantity === 'invalid') addError(errors, `${key}.quantity`, M.invalidCount);
  else if (quantity === 'empty' || quantity === 0) {
    addError(errors, `${key}.quantity`, M.quantityRequired);
  }
}

function checkStandardTotal(
  errors: Record<string, string>,
  input: ShippingBreakupsInput,
  lines: readonly unknown[],
) {
  const total = readCount(input.shipping_quantity);
  if (total === 'invalid') {
    addError(errors, 'shipping_quantity', M.invalidCount);
    return;
  }
  if (total === 'empty') {
    // Manual quantity 0: nothing has to be split into lines, so no total is needed.
    if (readCount(input.manual_shipping_quantity) !== 0) {
      addError(errors, 'shipping_quantity', M.totalShippingQuantityRequired);
    }
    return;
  }
  const sum = sumOf(lines.map((line) => readCount(propertyOf(line, 'quantity'))));
  // A line without a usable quantity already has its own error; a sum would only repeat it.
  if (sum !== null && sum !== total)
    addError(errors, 'shipping_quantity', M.totalShippingQuantityMismatch);
}

function checkElaLine(
  errors: Record<string, string>,
  line: unknown,
  key: string,
  years: readonly ContractYear[],
) {
  checkLineDestination(errors, line, key);
  let hasInvalid = false;
  let hasQuantity = false;
  for (const year of years) {
    const quantity = readCount(propertyOf(line, `year${year}`));
    if (quantity === 'invalid') {
      addError(errors, `${key}.year${year}`, M.invalidCount);
      hasInvalid = true;
    } else if (quantity !== 'empty' && quantity > 0) {
      hasQuantity = true;
    }
  }
  // Only the contract's years count: a value left in a year the contract no longer has ships
  // nothing.
  if (!hasInvalid && !hasQuantity) {
    addError(errors, `${key}.deployment_schedule`, M.deploymentScheduleRequired);
  }
}

/**
 * The quantity of a product to ship in a year: the manual shipping quantity when one is set
 * (it overrides the configured quantity), else the configured quantity.
 */
function quantityToShip(product: unknown, year: ContractYear): number | 'invalid' {
  const manual = readCount(propertyOf(product, `y${year}_manual_shipping_quantity`));
  return manual === 'empty' ? countOrZero(propertyOf(product, `y${year}`)) : manual;
}

// Ids arrive as numbers from one source and as text from another: compare their text.
const idText = (id: unknown) =>
  typeof id === 'string' || typeof id === 'number' ? String(id) : null;

function checkElaProduct(
  errors: Record<string, string>,
  product: unknown,
  index: number,
  lines: readonly unknown[],
  years: readonly ContractYear[],
) {
  const id = idText(propertyOf(product, 'id'));
  const key = `products.${id ?? index}`;
  const ownLines =
    id === null ? [] : lines.filter((l) => idText(propertyOf(l, 'sh_prod_id')) === id);
  let hasQuantity = false;
  const toShip = new Map<ContractYear, number>();
  for (const year of years) {
    const quantity = quantityToShip(product, year);
    if (quantity === 'invalid') addError(errors, `${key}.year${year}`, M.invalidCount);
    else if (quantity > 0) hasQuantity = true;
    if (quantity !== 'invalid') toShip.set(year, quantity);
  }

  if (ownLines.length === 0) {
    if (hasQuantity) addError(errors, key, M.shippingNotConfigured);
    return;
  }
  for (const [year, quantity] of toShip) {
    const sum = sumOf(ownLines.map((line) => countOrZero(propertyOf(line, `year${year}`))));
    // An unreadable line quantity has its own error on the line.
    if (sum !== null && sum !== quantity) {
      addError(errors, `${key}.year${year}`, yearScheduleMismatchMessage(year));
    }
  }
}
