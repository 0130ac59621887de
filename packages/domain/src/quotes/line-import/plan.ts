import type { LineImportProblem, ReadRow } from './read-rows.ts';

/*
 * Issue 38 (part 1): imported rows merged into a quote's lines, or replacing them. Merging
 * updates the line a row names (the first row of a SKU the first line of it, and so on) and adds
 * the rest at the end; replacing makes the rows the quote's lines. A bundle row brings its
 * options as the page does (a fixed bundle all, a configurable one the rows under it that name
 * it, else its starting choice), their quantities following the bundle's. Pure.
 */

export const LINE_IMPORT_MODES = ['merge', 'replace'] as const;
export type LineImportMode = (typeof LINE_IMPORT_MODES)[number];

/** What the plan needs to know of a SKU of the catalogue. */
export interface ImportSku {
  billing: 'ONE_TIME' | 'ANNUAL';
  /** A bundle's options: units per unit of the bundle; `starting` ones come unless rows choose. */
  options: readonly { sku: string; quantity: number; starting: boolean }[];
  /** A bundle whose options the seller chooses (it has option groups). */
  isConfigurable: boolean;
}

/** A line as the configure step saves it; fields the import does not know are kept as they are. */
export interface PlannedLine {
  key: string;
  id?: string | undefined;
  sku: string;
  quantities: number[];
  manual_discount_percent?: string | undefined;
  parent_key?: string | undefined;
  attributes?: { high_availability: boolean } | undefined;
}

export interface ImportPlan<L extends PlannedLine> {
  lines: L[];
  /** The file row each new or updated line comes from (a bundle's options: the bundle's row). */
  rowOfKey: ReadonlyMap<string, number>;
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
  problems: LineImportProblem[];
}

/** One quantity spread over the contract: every year for a subscription, year 1 for a purchase. */
export function quantitiesOf(row: ReadRow, billing: ImportSku['billing'], years: number): number[] {
  if (row.quantity.kind === 'years') {
    return Array.from({ length: years }, (_, i) =>
      row.quantity.kind === 'years' ? (row.quantity.values[i] ?? 0) : 0,
    );
  }
  const { value } = row.quantity;
  return Array.from({ length: years }, (_, i) => (i === 0 || billing === 'ANNUAL' ? value : 0));
}

const sameNumbers = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * The quote's lines after the import. `catalog` knows every SKU of `rows` (the caller refused the
 * unknown ones); `existing` are the quote's lines in their order.
 */
export function planLineImport<L extends PlannedLine>(input: {
  existing: readonly L[];
  rows: readonly ReadRow[];
  catalog: (sku: string) => ImportSku;
  mode: 'merge' | 'replace';
  years: number;
}): ImportPlan<L | PlannedLine> {
  const { catalog, years } = input;
  const problems: LineImportProblem[] = [];

  // Rows that name a bundle are that bundle's chosen options, on the nearest bundle row above.
  const topRows: ReadRow[] = [];
  const chosenOf = new Map<ReadRow, string[]>();
  for (const row of input.rows) {
    if (row.bundle === null) {
      topRows.push(row);
      continue;
    }
    const bundleRow = [...topRows].reverse().find((candidate) => candidate.sku === row.bundle);
    if (!bundleRow) {
      problems.push({
        row: row.row,
        column: null,
        message: `Row ${row.row}: ${row.sku} is part of bundle ${row.bundle}, but no row above it is that bundle.`,
      });
    } else if (!catalog(bundleRow.sku).options.some((option) => option.sku === row.sku)) {
      problems.push({
        row: row.row,
        column: null,
        message: `Row ${row.row}: ${row.sku} is not an option of bundle ${row.bundle}.`,
      });
    } else {
      chosenOf.set(bundleRow, [...(chosenOf.get(bundleRow) ?? []), row.sku]);
    }
  }

  const rowOfKey = new Map<string, number>();
  const optionLines = (
    bundleKey: string,
    bundleSku: string,
    quantities: readonly number[],
    chosen: readonly string[] | undefined,
    row: number,
  ): PlannedLine[] => {
    const sku = catalog(bundleSku);
    return sku.options
      .filter((option) =>
        !sku.isConfigurable ? true : chosen ? chosen.includes(option.sku) : option.starting,
      )
      .map((option, index) => {
        const key = `${bundleKey}-${index + 1}`;
        rowOfKey.set(key, row);
        return {
          key,
          sku: option.sku,
          parent_key: bundleKey,
          quantities: quantities.map((q) => q * option.quantity),
        };
      });
  };

  const unmatched = new Map<string, L[]>();
  if (input.mode === 'merge') {
    for (const line of input.existing) {
      if (line.parent_key !== undefined) continue;
      unmatched.set(line.sku, [...(unmatched.get(line.sku) ?? []), line]);
    }
  }

  const updates = new Map<string, { row: ReadRow; quantities: number[] }>();
  const appended: PlannedLine[] = [];
  let updated = 0;
  let unchanged = 0;
  for (const row of topRows) {
    const sku = catalog(row.sku);
    const quantities = quantitiesOf(row, sku.billing, years);
    const match = unmatched.get(row.sku)?.shift();
    if (match) {
      const isSame =
        sameNumbers(match.quantities.slice(0, years), quantities) &&
        (row.discount === null || row.discount === (match.manual_discount_percent ?? '0')) &&
        (row.highAvailability === null ||
          row.highAvailability === (match.attributes?.high_availability ?? false));
      if (isSame) unchanged += 1;
      else {
        updated += 1;
        updates.set(match.key, { row, quantities });
        rowOfKey.set(match.key, row.row);
      }
      continue;
    }
    const key = `import-${row.row}`;
    rowOfKey.set(key, row.row);
    appended.push(
      {
        key,
        sku: row.sku,
        quantities,
        ...(row.discount === null ? {} : { manual_discount_percent: row.discount }),
        attributes: { high_availability: row.highAvailability === true },
      },
      ...optionLines(key, row.sku, quantities, chosenOf.get(row), row.row),
    );
  }

  if (input.mode === 'replace') {
    return {
      lines: appended,
      rowOfKey,
      added: topRows.length,
      updated: 0,
      unchanged: 0,
      removed: input.existing.filter((line) => line.parent_key === undefined).length,
      problems,
    };
  }

  const perBundle = (bundleSku: string, optionSku: string) =>
    catalog(bundleSku).options.find((option) => option.sku === optionSku)?.quantity;
  const bundleSkuOf = new Map(input.existing.map((line) => [line.key, line.sku]));
  const lines: (L | PlannedLine)[] = input.existing.map((line) => {
    const update = updates.get(line.key);
    if (update) {
      return {
        ...line,
        quantities: update.quantities,
        ...(update.row.discount === null ? {} : { manual_discount_percent: update.row.discount }),
        ...(update.row.highAvailability === null
          ? {}
          : { attributes: { ...line.attributes, high_availability: update.row.highAvailability } }),
      };
    }
    // An option of an updated bundle follows its quantities.
    const bundle = line.parent_key === undefined ? undefined : updates.get(line.parent_key);
    const units =
      bundle && line.parent_key !== undefined
        ? perBundle(bundleSkuOf.get(line.parent_key) ?? '', line.sku)
        : undefined;
    return bundle && units !== undefined
      ? { ...line, quantities: bundle.quantities.map((q) => q * units) }
      : line;
  });
  return {
    lines: [...lines, ...appended],
    rowOfKey,
    added: topRows.length - updated - unchanged,
    updated,
    unchanged,
    removed: 0,
    problems,
  };
}
