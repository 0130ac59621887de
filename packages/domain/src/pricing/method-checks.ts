/**
 * Issue 35: the checks of a SKU's pricing method as catalogue admins set it (methods.ts). The
 * limits and messages are method-messages.ts; block bands, schedule tiers and term discounts are
 * schedule-checks.ts; covers and their cycles are cover-checks.ts.
 */
import { PRODUCT_KINDS } from './product-kinds.ts';
import {
  COVER_SCOPES,
  PRICING_METHODS,
  type PercentOfTotalCover,
  type PricingMethodName,
} from './methods.ts';
import {
  MAX_COVERED_SKUS,
  MAX_METHOD_PERCENT,
  METHOD_MESSAGES,
  type MethodProblem,
  PERCENT_LABEL,
  isWholeCents,
  percentTextProblem,
} from './method-messages.ts';

/**
 * A pricing method as scheduled or stored: the percentage as decimal text, floor and ceiling
 * in US cents. Problems name the admin API's fields: `percent`, `covers.scope`, `covers.skus`,
 * `covers.kinds`, `floor_usd` and `ceiling_usd`.
 */
export interface PricingMethodRow {
  sku: string;
  method: PricingMethodName;
  percent: string | null;
  covers: PercentOfTotalCover | null;
  floor_usd_minor: number | null;
  ceiling_usd_minor: number | null;
}

function coverProblems(sku: string, covers: PercentOfTotalCover): MethodProblem[] {
  const problems: MethodProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  if (!(COVER_SCOPES as readonly string[]).includes(covers.scope)) {
    add('covers.scope', METHOD_MESSAGES.unknownScope);
    return problems;
  }
  const skus = covers.skus ?? [];
  const kinds = covers.kinds ?? [];
  if (covers.scope === 'SKU') {
    if (kinds.length > 0) add('covers.kinds', METHOD_MESSAGES.kindsNotForSkuScope);
    if (skus.length === 0) add('covers.skus', METHOD_MESSAGES.skusRequired);
    if (skus.length > MAX_COVERED_SKUS) add('covers.skus', METHOD_MESSAGES.tooManySkus);
    if (skus.includes(sku)) add('covers.skus', METHOD_MESSAGES.coversItself(sku));
    const twice = skus.find((code, index) => skus.indexOf(code) !== index);
    if (twice !== undefined) add('covers.skus', METHOD_MESSAGES.skuNamedTwice(twice));
    return problems;
  }
  if (skus.length > 0) add('covers.skus', METHOD_MESSAGES.skusNotForScope);
  const unknown = kinds.find((kind) => !(PRODUCT_KINDS as readonly string[]).includes(kind));
  if (unknown !== undefined) add('covers.kinds', METHOD_MESSAGES.unknownKind(unknown));
  else if (kinds.includes('BUNDLE')) add('covers.kinds', METHOD_MESSAGES.bundleKind);
  const twice = kinds.find((kind, index) => kinds.indexOf(kind) !== index);
  if (twice !== undefined) add('covers.kinds', METHOD_MESSAGES.kindNamedTwice(twice));
  return problems;
}

function floorCeilingProblems(row: PricingMethodRow): MethodProblem[] {
  const problems: MethodProblem[] = [];
  const { floor_usd_minor: floor, ceiling_usd_minor: ceiling } = row;
  if (floor !== null && !isWholeCents(floor)) {
    problems.push({ field: 'floor_usd', message: METHOD_MESSAGES.moneyNotWholeCents('The floor') });
  }
  if (ceiling !== null && !isWholeCents(ceiling)) {
    problems.push({
      field: 'ceiling_usd',
      message: METHOD_MESSAGES.moneyNotWholeCents('The ceiling'),
    });
  }
  if (problems.length === 0 && floor !== null && ceiling !== null && floor > ceiling) {
    problems.push({ field: 'floor_usd', message: METHOD_MESSAGES.floorAboveCeiling });
  }
  return problems;
}

/**
 * What is wrong with a pricing method on its own (not against the catalogue): a percentage for
 * percent-of-total (the share, 0–1000 %) and cost-plus (the markup, 0–1000 %) only, with at most
 * 2 decimals; a cover for percent-of-total only, a cover by SKU naming 1 to 50 SKUs, none twice
 * and not the SKU itself; a floor and a ceiling for percent-of-total only, in whole cents, the
 * floor not above the ceiling. Empty when it is fine.
 */
export function pricingMethodProblems(row: PricingMethodRow): MethodProblem[] {
  if (!(PRICING_METHODS as readonly string[]).includes(row.method)) {
    return [{ field: 'method', message: METHOD_MESSAGES.unknownMethod }];
  }
  const problems: MethodProblem[] = [];
  const method = row.method;
  if (method === 'PERCENT_OF_TOTAL' || method === 'COST_PLUS') {
    const label = PERCENT_LABEL[method];
    const problem =
      row.percent === null || row.percent.trim() === ''
        ? METHOD_MESSAGES.percentRequired[method]
        : percentTextProblem(row.percent, MAX_METHOD_PERCENT, {
            notNumber: METHOD_MESSAGES.percentNotNumber(label),
            decimals: METHOD_MESSAGES.percentDecimals(label),
            range: METHOD_MESSAGES.percentRange(label),
          });
    if (problem) problems.push({ field: 'percent', message: problem });
  } else if (row.percent !== null) {
    problems.push({ field: 'percent', message: METHOD_MESSAGES.percentNotUsed });
  }
  if (method === 'PERCENT_OF_TOTAL') {
    if (row.covers === null) {
      problems.push({ field: 'covers.scope', message: METHOD_MESSAGES.coversRequired });
    } else {
      problems.push(...coverProblems(row.sku, row.covers));
    }
    problems.push(...floorCeilingProblems(row));
  } else {
    if (row.covers !== null) {
      problems.push({ field: 'covers.scope', message: METHOD_MESSAGES.coversNotUsed });
    }
    if (row.floor_usd_minor !== null || row.ceiling_usd_minor !== null) {
      problems.push({
        field: row.floor_usd_minor !== null ? 'floor_usd' : 'ceiling_usd',
        message: METHOD_MESSAGES.floorCeilingNotUsed,
      });
    }
  }
  return problems;
}
