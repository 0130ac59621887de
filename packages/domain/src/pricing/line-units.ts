/**
 * The unit list a line is priced at (issue 35): the price row or a pricing method of its own, or
 * a percent of the lines it covers, found by SKU, model or family.
 */
import { blockFor, coveredPart, percentOfTotalUnit, type CoveredBase } from './method-prices.ts';
import type { PricingMethodResult } from './model.ts';
import type { PreparedLine, PreparedSku } from './prepared.ts';
import { MAX_SAFE, TooLarge, plus } from './engine-figures.ts';
import type { LineUnit, PricedLine } from './price-line.ts';

/** The unit list of a line whose SKU is not percent-of-total priced. */
export function directUnit(line: PreparedLine): LineUnit {
  const { sku } = line;
  const { method } = sku;
  if (line.contract !== null) return { unitMinor: line.contract.unitMinor, method: null };
  if (method.kind === 'COST_PLUS') {
    return {
      unitMinor: method.unitMinor,
      method: {
        method: 'COST_PLUS',
        percent_bp: method.markupBp,
        base_unit_minor: method.unitCostMinor,
        covered_units: null,
        bound: null,
        block: null,
      },
    };
  }
  if (method.kind === 'BLOCK') {
    const firstQuantity = line.quantities.find((quantity) => quantity > 0) ?? 0;
    const block = firstQuantity > 0 ? blockFor(method.blocks, firstQuantity) : undefined;
    return {
      unitMinor: block?.priceMinor ?? 0,
      method: {
        method: 'BLOCK',
        percent_bp: null,
        base_unit_minor: null,
        covered_units: null,
        bound: null,
        block: block
          ? { min_quantity: block.min, max_quantity: block.max, price_minor: block.priceMinor }
          : null,
      },
    };
  }
  return { unitMinor: sku.unitPriceMinor, method: null };
}

/** The quote's lines by SKU, model and family, so covered lines are found without a scan. */
interface LineIndex {
  all: readonly PreparedLine[];
  bySku: Map<string, PreparedLine[]>;
  byModel: Map<string, PreparedLine[]>;
  byFamily: Map<string, PreparedLine[]>;
}

export function indexLines(lines: readonly PreparedLine[]): LineIndex {
  const index: LineIndex = {
    all: lines,
    bySku: new Map(),
    byModel: new Map(),
    byFamily: new Map(),
  };
  const add = (map: Map<string, PreparedLine[]>, key: string | null, line: PreparedLine) => {
    if (key === null) return;
    const group = map.get(key);
    if (group) group.push(line);
    else map.set(key, [line]);
  };
  for (const line of lines) {
    add(index.bySku, line.sku.sku, line);
    add(index.byModel, line.sku.model, line);
    add(index.byFamily, line.sku.family, line);
  }
  return index;
}

/**
 * The lines a percent-of-total SKU covers: by SKU, model, family or the whole quote, of the kinds
 * named; never bundles or lines of the SKU itself. The same for every line of the SKU.
 */
export function coveredLines(sku: PreparedSku, index: LineIndex): PreparedLine[] {
  const { method } = sku;
  if (method.kind !== 'PERCENT_OF_TOTAL') return [];
  let candidates: readonly PreparedLine[];
  switch (method.scope) {
    case 'SKU':
      candidates = [...method.skus].flatMap((code) => index.bySku.get(code) ?? []);
      break;
    case 'MODEL':
      candidates = sku.model === null ? [] : (index.byModel.get(sku.model) ?? []);
      break;
    case 'FAMILY':
      candidates = sku.family === null ? [] : (index.byFamily.get(sku.family) ?? []);
      break;
    case 'QUOTE':
      candidates = index.all;
      break;
  }
  return candidates.filter(
    (other) =>
      !other.sku.isBundle &&
      other.sku.sku !== sku.sku &&
      (method.kinds === null || method.kinds.has(other.sku.kind)),
  );
}

/**
 * A percent-of-total line's unit list: its share of the net per unit of the lines it covers
 * (per 12 months for ANNUAL ones), held within its floor and ceiling; its price row when the
 * quote covers nothing (a renewal of support alone).
 */
export function percentOfTotalUnitOf(line: PreparedLine, covered: readonly PricedLine[]): LineUnit {
  const { method } = line.sku;
  if (method.kind !== 'PERCENT_OF_TOTAL')
    return { unitMinor: line.sku.unitPriceMinor, method: null };
  const base: CoveredBase = { scaledNet: 0n, units: 0 };
  for (const priced of covered) {
    const part = coveredPart(priced.annual, priced.result.years);
    base.scaledNet += part.scaledNet;
    base.units = plus(base.units, part.units);
  }
  const result: PricingMethodResult = {
    method: 'PERCENT_OF_TOTAL',
    percent_bp: method.bp,
    base_unit_minor: null,
    covered_units: base.units,
    bound: null,
    block: null,
  };
  if (base.units === 0) {
    return { unitMinor: line.sku.unitPriceMinor, method: { ...result, bound: 'NO_COVERED_LINE' } };
  }
  const { unitMinor, baseUnitMinor } = percentOfTotalUnit(base, method.bp);
  if (unitMinor > MAX_SAFE || baseUnitMinor > MAX_SAFE) throw new TooLarge();
  result.base_unit_minor = Number(baseUnitMinor);
  let unit = Number(unitMinor);
  if (method.floorMinor !== null && unit < method.floorMinor) {
    unit = method.floorMinor;
    result.bound = 'FLOOR';
  } else if (method.ceilingMinor !== null && unit > method.ceilingMinor) {
    unit = method.ceilingMinor;
    result.bound = 'CEILING';
  }
  return { unitMinor: unit, method: result };
}
