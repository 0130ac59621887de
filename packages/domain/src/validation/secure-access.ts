import { dealTypeCode, parseQuoteType } from '../quotes/quote-types.ts';
import {
  enabledContractYears,
  type ContractLengthInput,
  type ContractYear,
} from './contract-years.ts';
import { addError, isBlankText, propertyOf, readCount, type CountInput } from './counts.ts';
import { VALIDATION_MESSAGES as M } from './messages.ts';

/**
 * Secure-access configuration (spec §3, §5): priced either by local access points (LAPs, with
 * a number of devices per LAP) or by devices, counted in LAP sizes xs, s, m and l. STANDARD
 * quotes configure one set of counts (suffix `_1`), ELA quotes one per contract year (`_y_N`).
 */

export const PRICING_MODELS = ['Local Access Point Based', 'Device Based'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

export const LAP_SIZES = ['xs', 's', 'm', 'l'] as const;
export type LapSize = (typeof LAP_SIZES)[number];

/** Device Based: the most devices one year may configure (spec §9). */
export const MAX_DEVICES_PER_YEAR = 20_000;
/** Device Based, New Business only: the fewest devices a year may configure, unless none. */
export const MIN_NEW_BUSINESS_DEVICES_PER_YEAR = 50;

/** The suffix of a set of counts: `1` for STANDARD, `y_N` for ELA year N. */
type CountSuffix = '1' | `y_${ContractYear}`;

export type SecureAccessCounts = Partial<
  Record<
    | `number_of_access_points_${CountSuffix}`
    | `number_of_devices_per_lap_${CountSuffix}`
    | `number_of_local_access_points_${LapSize}_${CountSuffix}`,
    CountInput
  >
>;

export interface SecureAccessConfig extends SecureAccessCounts {
  pricing_model?: string | null;
  sku_type?: string | null;
}

/** The quote facts the rules depend on. */
export interface SecureAccessQuote {
  /** 'ELA' gets the per-year rules; anything else (STANDARD, LEGACY, missing) the `_1` ones. */
  quote_type?: string | null;
  contract_length?: ContractLengthInput;
  /** A code ('NB', 'R'…) or a name ('New Business'…). */
  deal_type?: string | null;
  is_renewal?: boolean | null;
  is_deal_desk_user?: boolean | null;
}

export type SecureAccessInput = SecureAccessConfig & SecureAccessQuote;

/**
 * Errors keyed by the config field they belong to (`sku_type`, `pricing_model`,
 * `number_of_access_points_y_2`, `number_of_local_access_points_m_1`…), plus
 * `number_of_local_access_points_<suffix>` for a Device Based year's total and `years` for
 * "configure any one year". The input is checked at run time, whatever its declared type.
 */
export function validateSecureAccess(input: SecureAccessInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (needsSkuType(input)) addError(errors, 'sku_type', M.skuTypeRequired);

  const pricingModel = parsePricingModel(input.pricing_model);
  if (pricingModel === null) {
    addError(errors, 'pricing_model', M.pricingModelRequired);
    return errors;
  }
  const isEla = parseQuoteType(input.quote_type ?? null) === 'ELA';
  const suffixes: CountSuffix[] = isEla
    ? enabledContractYears(input.contract_length).map((year) => `y_${year}` as const)
    : ['1'];
  const check = pricingModel === 'Device Based' ? checkDeviceBased : checkAccessPointBased;
  check(errors, input, suffixes, isEla);
  return errors;
}

/** Deal desk picks the SKU type of a renewal; other users' renewals get it from the contract. */
function needsSkuType(input: SecureAccessInput): boolean {
  const isRenewal = input.is_renewal === true || dealTypeCode(textOrNull(input.deal_type)) === 'R';
  return isRenewal && input.is_deal_desk_user === true && isBlankText(input.sku_type);
}

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

function parsePricingModel(value: unknown): PricingModel | null {
  return PRICING_MODELS.find((model) => model === value) ?? null;
}

/**
 * Local Access Point Based: each year in use needs both counts. A year is in use when either
 * count is above 0 (0 means nothing configured). STANDARD always uses its one set.
 */
function checkAccessPointBased(
  errors: Record<string, string>,
  input: SecureAccessInput,
  suffixes: readonly CountSuffix[],
  isEla: boolean,
) {
  let isAnyYearConfigured = false;
  for (const suffix of suffixes) {
    const keys = [`number_of_access_points_${suffix}`, `number_of_devices_per_lap_${suffix}`];
    const counts = keys.map((key) => readCount(propertyOf(input, key)));
    const isInUse =
      !isEla ||
      counts.some((count) => (typeof count === 'number' ? count > 0 : count === 'invalid'));
    if (!isInUse) continue;
    isAnyYearConfigured = true;
    keys.forEach((key, i) => {
      const count = counts[i];
      if (count === 'invalid') addError(errors, key, M.invalidCount);
      else if (count === 'empty' || count === 0) addError(errors, key, M.valueRequired);
    });
  }
  if (isEla && !isAnyYearConfigured) addError(errors, 'years', M.configureAnyOneYear);
}

/**
 * Device Based: per year, xs + s + m + l devices within MAX_DEVICES_PER_YEAR and, for New
 * Business, none or at least MIN_NEW_BUSINESS_DEVICES_PER_YEAR.
 */
function checkDeviceBased(
  errors: Record<string, string>,
  input: SecureAccessInput,
  suffixes: readonly CountSuffix[],
  isEla: boolean,
) {
  const isNewBusiness = dealTypeCode(textOrNull(input.deal_type)) === 'NB';
  let isAnyYearConfigured = false;
  for (const suffix of suffixes) {
    const yearKey = `number_of_local_access_points_${suffix}`;
    let total = 0;
    let hasInvalid = false;
    for (const size of LAP_SIZES) {
      const key = `number_of_local_access_points_${size}_${suffix}`;
      const count = readCount(propertyOf(input, key));
      if (count === 'invalid') {
        addError(errors, key, M.invalidCount);
        hasInvalid = true;
      } else if (count !== 'empty') {
        total += count;
      }
    }
    if (hasInvalid) {
      isAnyYearConfigured = true;
      continue;
    }
    if (total > 0) isAnyYearConfigured = true;
    if (total > MAX_DEVICES_PER_YEAR) addError(errors, yearKey, M.devicesAboveMaximum);
    else if (isNewBusiness && total > 0 && total < MIN_NEW_BUSINESS_DEVICES_PER_YEAR) {
      addError(errors, yearKey, M.devicesBelowMinimum);
    } else if (!isEla && total === 0) {
      addError(errors, yearKey, M.valueRequired);
    }
  }
  if (isEla && !isAnyYearConfigured) addError(errors, 'years', M.configureAnyOneYear);
}
