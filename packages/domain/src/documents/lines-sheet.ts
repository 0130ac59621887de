import { DISCOUNT_NAMES } from '../pricing/discount-names.ts';
import type { LineResult, PricingResult } from '../pricing/model.ts';
import { quotedUnitListMinor } from '../pricing/unit-list.ts';

/*
 * Issue 38 (part 2): a quote's lines as a spreadsheet, for the customer or a partner's own tools.
 * One table whose first row names the columns (so the file reads back as lines: SKU and
 * quantities), a row per line in the quote's order, then the totals under it. The same figures,
 * by the same names, as the configure and summary pages: the seller's and the effective discount,
 * the net of each contract year, the net. No cost or margin: the file leaves the company.
 * Values stay typed here (text, a count, money in minor units, basis points); each format writes
 * them its own way (XLSX as numbers, CSV as plain decimals).
 */

export type SheetValue =
  | { kind: 'text'; text: string }
  | { kind: 'count'; count: number }
  | { kind: 'money'; minor: number }
  | { kind: 'percent'; bp: number }
  | null;

export interface SheetColumn {
  label: string;
  kind: 'text' | 'count' | 'money' | 'percent';
}

export interface LinesSheet {
  /** The tab's name in XLSX. */
  title: string;
  currency_code: string;
  columns: SheetColumn[];
  /** A row per line, then (after one empty row) the totals. */
  rows: SheetValue[][];
  /** How many of `rows` are lines: the rest is the totals block. */
  line_count: number;
}

export interface LinesSheetInput {
  quote_number: string;
  years: number;
  lines: readonly {
    line_id: string;
    sku: string;
    name: string;
    kind: string;
    parent_line_id: string | null;
    quantities: readonly number[];
  }[];
  pricing: PricingResult;
}

const text = (value: string): SheetValue => ({ kind: 'text', text: value });
const money = (minor: number): SheetValue => ({ kind: 'money', minor });

export function buildLinesSheet(input: LinesSheetInput): LinesSheet {
  const { years, pricing } = input;
  const multiYear = years > 1;
  const yearLabels = Array.from({ length: years }, (_, i) => `Year ${i + 1}`);
  const columns: SheetColumn[] = [
    { label: 'Line', kind: 'count' },
    { label: 'SKU', kind: 'text' },
    { label: 'Product', kind: 'text' },
    { label: 'Part of bundle', kind: 'text' },
    ...(multiYear
      ? yearLabels.map((year) => ({ label: `${year} quantity`, kind: 'count' as const }))
      : [{ label: 'Quantity', kind: 'count' as const }]),
    { label: 'Unit list price', kind: 'money' },
    { label: DISCOUNT_NAMES.seller, kind: 'percent' },
    { label: DISCOUNT_NAMES.effective, kind: 'percent' },
    ...(multiYear
      ? yearLabels.map((year) => ({ label: `${year} net`, kind: 'money' as const }))
      : []),
    { label: 'Net amount', kind: 'money' },
  ];

  const priced = new Map<string, LineResult>(pricing.lines.map((line) => [line.line_id, line]));
  const skuOf = new Map(input.lines.map((line) => [line.line_id, line.sku]));
  const rows: SheetValue[][] = input.lines.map((line, index) => {
    // A bundle's price is its components', each on its own row: never counted twice.
    const price = line.kind === 'BUNDLE' ? undefined : priced.get(line.line_id);
    const quantities = Array.from({ length: multiYear ? years : 1 }, (_, i) => ({
      kind: 'count' as const,
      count: line.quantities[i] ?? 0,
    }));
    return [
      { kind: 'count', count: index + 1 },
      text(line.sku),
      text(line.name),
      line.parent_line_id ? text(skuOf.get(line.parent_line_id) ?? '') : null,
      ...quantities,
      price ? money(quotedUnitListMinor(price)) : null,
      price ? { kind: 'percent', bp: price.seller_discount_percent_bp } : null,
      price ? { kind: 'percent', bp: price.effective_discount_percent_bp } : null,
      ...(multiYear
        ? yearLabels.map((_, i) => {
            const year = price?.years[i];
            return year ? money(year.net_minor) : null;
          })
        : []),
      price ? money(price.net_minor) : null,
    ];
  });

  // Totals under the table: the label where the product name stands, the amount under Net.
  const labelAt = columns.findIndex((column) => column.label === 'Product');
  const totalRow = (label: string, minor: number, perYear: (number | null)[] = []) => {
    const row: SheetValue[] = columns.map(() => null);
    row[labelAt] = text(label);
    row[columns.length - 1] = money(minor);
    if (multiYear) {
      const firstYearNet = columns.length - 1 - years;
      perYear.forEach((value, i) => {
        if (value !== null) row[firstYearNet + i] = money(value);
      });
    }
    return row;
  };
  const { totals } = pricing;
  const yearNets = yearLabels.map((_, i) => totals.per_year[i]?.net_minor ?? null);
  const totalRows = [
    totalRow('List price total', totals.list_minor),
    ...(totals.adjustment_minor !== 0
      ? [totalRow('Price adjustment', totals.adjustment_minor)]
      : []),
    totalRow('Discounts', -totals.discount_minor),
    totalRow(`Net total (${pricing.currency_code})`, totals.net_minor, yearNets),
  ];
  return {
    title: `Lines ${input.quote_number}`,
    currency_code: pricing.currency_code,
    columns,
    rows: [...rows, columns.map(() => null), ...totalRows],
    line_count: rows.length,
  };
}
