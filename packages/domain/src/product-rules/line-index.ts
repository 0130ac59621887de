/**
 * The quote's lines grouped once per evaluation, so that each aggregate a rule names is summed
 * over its own group only, once (facts.ts names them).
 */
import type { FactValue } from './conditions.ts';
import type { ModelFactName } from './facts.ts';
import { MAX_YEARS, type RuleCatalog, type RuleCatalogEntry, type RuleLine } from './model.ts';

export interface ApplianceModel {
  /** The appliance SKU, 'BX-200F-HW'. */
  sku: string;
  /** Its model attribute, 'BX-200F'. */
  code: string;
  entry: RuleCatalogEntry;
  appliance_lines: RuleLine[];
  /** Lines of SKUs with the same model and a support tier. */
  support_lines: RuleLine[];
}

export interface LineIndex {
  /** Contract years the lines span, 1…5. */
  years: number;
  lines: readonly RuleLine[];
  linesOf: (sku: string) => readonly RuleLine[];
  /** In quote order of their first line. */
  models: readonly ApplianceModel[];
  /** A line's place on the quote, to list line keys in quote order. */
  positionOf: (key: string) => number;
  /** year: 0-based; null = the peak year. */
  aggregate: (measure: 'quantity' | 'lines', group: string, year: number | null) => FactValue;
  modelFact: (model: ApplianceModel, name: ModelFactName, year: number | null) => FactValue;
}

export const quantityIn = (line: RuleLine, year: number): number => line.quantities[year] ?? 0;

const isAppliance = (entry: RuleCatalogEntry): boolean =>
  entry.kind === 'HARDWARE' && entry.attributes.model !== undefined;

/** Per year, and at the peak: units summed, lines with units counted. */
function measure(lines: readonly RuleLine[], years: number) {
  const units: number[] = [];
  const counts: number[] = [];
  for (let year = 0; year < years; year += 1) {
    let sum = 0;
    let count = 0;
    for (const line of lines) {
      const quantity = quantityIn(line, year);
      sum += quantity;
      if (quantity > 0) count += 1;
    }
    units.push(sum);
    counts.push(count);
  }
  return { units, counts };
}

const keysWithUnits = (lines: readonly RuleLine[], year: number | null, years: number): string[] =>
  lines
    .filter((line) =>
      year === null
        ? line.quantities.slice(0, years).some((quantity) => quantity > 0)
        : quantityIn(line, year) > 0,
    )
    .map((line) => line.key);

const atYear = (values: readonly number[], year: number | null): number =>
  year === null ? Math.max(0, ...values) : (values[year] ?? 0);

export function buildLineIndex(lines: readonly RuleLine[], catalog: RuleCatalog): LineIndex {
  const years = Math.min(MAX_YEARS, Math.max(1, ...lines.map((line) => line.quantities.length)));
  // Lines are grouped by SKU first, so each SKU's catalogue entry is read once, not once a line.
  const bySku = new Map<string, RuleLine[]>();
  for (const line of lines) {
    const same = bySku.get(line.sku);
    if (same) same.push(line);
    else bySku.set(line.sku, [line]);
  }
  const groups = new Map<string, RuleLine[]>();
  const join = (group: string, members: readonly RuleLine[]) => {
    const joined = groups.get(group);
    if (joined) for (const line of members) joined.push(line);
    else groups.set(group, [...members]);
  };
  const modelsBySku = new Map<string, ApplianceModel>();
  const supportByCode = new Map<string, RuleLine[]>();
  for (const [sku, skuLines] of bySku) {
    groups.set(`sku:${sku}`, skuLines);
    const entry = catalog[sku];
    if (!entry) continue;
    join(`family:${entry.family}`, skuLines);
    join(`kind:${entry.kind}`, skuLines);
    for (const [name, value] of Object.entries(entry.attributes)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      for (const item of values) join(`attribute:${name}=${String(item)}`, skuLines);
    }
    const code = entry.attributes.model;
    if (code === undefined) continue;
    if (isAppliance(entry))
      modelsBySku.set(sku, { sku, code, entry, appliance_lines: skuLines, support_lines: [] });
    else if (entry.attributes.support_tier !== undefined) {
      const support = supportByCode.get(code);
      if (support) for (const line of skuLines) support.push(line);
      else supportByCode.set(code, [...skuLines]);
    }
  }
  const models = [...modelsBySku.values()];
  for (const model of models) model.support_lines = supportByCode.get(model.code) ?? [];

  const cache = new Map<string, FactValue>();
  const aggregate = (kind: 'quantity' | 'lines', group: string, year: number | null) => {
    const key = `${kind}|${group}|${year ?? 'peak'}`;
    const known = cache.get(key);
    if (known) return known;
    const members = groups.get(group) ?? [];
    const { units, counts } = measure(members, years);
    const value: FactValue = {
      value: atYear(kind === 'quantity' ? units : counts, year),
      line_keys: keysWithUnits(members, year, years),
    };
    cache.set(key, value);
    return value;
  };

  const modelFact = (
    model: ApplianceModel,
    name: ModelFactName,
    year: number | null,
  ): FactValue => {
    const attributes = model.entry.attributes;
    const none: readonly string[] = [];
    switch (name) {
      case 'model:code':
        return { value: model.code, line_keys: none };
      case 'model:sku':
        return { value: model.sku, line_keys: none };
      case 'model:family':
        return { value: model.entry.family, line_keys: none };
      case 'model:form_factor':
        return { value: attributes.form_factor, line_keys: none };
      case 'model:segment':
        return { value: attributes.segment, line_keys: none };
      case 'model:ha_capable':
        return { value: attributes.ha_capable === true, line_keys: none };
      case 'model:units':
        return {
          value: atYear(measure(model.appliance_lines, years).units, year),
          line_keys: keysWithUnits(model.appliance_lines, year, years),
        };
      case 'model:support_units':
        return {
          value: atYear(measure(model.support_lines, years).units, year),
          line_keys: keysWithUnits(model.support_lines, year, years),
        };
      case 'model:missing': {
        const units = measure(model.appliance_lines, years).units;
        const covered = measure(model.support_lines, years).units;
        const missing = units.map((count, y) => Math.max(0, count - (covered[y] ?? 0)));
        return {
          value: atYear(missing, year),
          line_keys: keysWithUnits(model.appliance_lines, year, years),
        };
      }
      case 'model:ha_odd_lines': {
        const odd = model.appliance_lines.filter(
          (line) =>
            line.attributes.high_availability &&
            (year === null
              ? line.quantities.slice(0, years).some((quantity) => quantity % 2 === 1)
              : quantityIn(line, year) % 2 === 1),
        );
        return { value: odd.length, line_keys: odd.map((line) => line.key) };
      }
    }
  };

  let positions: Map<string, number> | null = null;
  const positionOf = (key: string) => {
    positions ??= new Map(lines.map((line, position) => [line.key, position]));
    return positions.get(key) ?? 0;
  };

  return {
    years,
    lines,
    positionOf,
    linesOf: (sku) => groups.get(`sku:${sku}`) ?? [],
    models,
    aggregate,
    modelFact,
  };
}
