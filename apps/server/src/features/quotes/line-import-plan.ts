import { startingChoice } from '@bastion/domain/catalog/bundle-options';
import type { LineImportMapping } from '@bastion/domain/quotes/line-import/mapping';
import {
  planLineImport,
  type ImportSku,
  type LineImportMode,
} from '@bastion/domain/quotes/line-import/plan';
import {
  readImportRows,
  type LineImportProblem,
  type LineImportTable,
} from '@bastion/domain/quotes/line-import/read-rows';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import {
  loadRuleSet,
  storedLinesHiddenSkus,
} from '../../core/pricing/product-rule-inputs.repository.ts';
import { lineView, priceDrafts, yearsOf, type LineDraft } from './configure-lines.ts';
import { findImportSkus } from './line-import.repository.ts';
import { listQuoteLines } from './quote-lines.repository.ts';
import type { QuoteRow } from './quotes.repository.ts';

/*
 * Issue 38 (part 1): what importing a table would do to a quote's lines, shared by the preview
 * (which only says it) and the import (which writes it): the rows read (domain
 * quotes/line-import), each SKU looked up in the catalogue and the quote's product rules, the
 * lines merged or replaced, and the result priced, every problem named by its file row.
 */

export interface LineImportOutcome {
  problems: LineImportProblem[];
  notes: string[];
  rowsRead: number;
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
  /** The quote's lines after the import, as the configure step saves them. */
  drafts: LineDraft[];
  stored: Awaited<ReturnType<typeof listQuoteLines>>;
  /** Null while a problem keeps the lines from being priced. */
  netAfterMinor: number | null;
}

const byRowThenColumn = (a: LineImportProblem, b: LineImportProblem) =>
  a.row - b.row || (a.column ?? '').localeCompare(b.column ?? '');

/** The catalogue's facts of the SKUs a table names, as the plan reads them. */
async function importCatalog(db: Database, codes: readonly string[]) {
  const [found, ruleSet] = await Promise.all([findImportSkus(db, codes), loadRuleSet(db)]);
  const catalog = new Map<string, ImportSku & { isActive: boolean }>();
  for (const sku of found.skus) {
    const configurable = ruleSet.bundles?.[sku.sku];
    const starting = configurable ? new Set(startingChoice(configurable)) : null;
    const options = configurable
      ? configurable.options.map((option) => ({
          sku: option.sku,
          quantity: option.quantity,
          starting: starting?.has(option.sku) ?? false,
        }))
      : found.components
          .filter((component) => component.bundleSku === sku.sku)
          .sort((a, b) => a.position - b.position || a.sku.localeCompare(b.sku))
          .map((component) => ({
            sku: component.sku,
            quantity: component.quantity,
            starting: true,
          }));
    catalog.set(sku.sku, {
      billing: sku.billing,
      isActive: sku.isActive,
      isConfigurable: configurable !== undefined,
      options,
    });
  }
  return catalog;
}

export async function evaluateLineImport(
  db: Database,
  quote: QuoteRow,
  input: { table: LineImportTable; mapping: LineImportMapping; mode: LineImportMode },
  now: Date,
): Promise<LineImportOutcome> {
  const years = yearsOf(quote);
  const read = readImportRows(input.table, input.mapping, { years });
  const problems = [...read.problems];
  const [catalog, stored, hidden] = await Promise.all([
    importCatalog(db, [...new Set(read.rows.map((row) => row.sku))]),
    listQuoteLines(db, quote.id),
    storedLinesHiddenSkus(db, quote, now),
  ]);

  const known = read.rows.filter((row) => {
    if (catalog.has(row.sku)) return true;
    problems.push({
      row: row.row,
      column: null,
      message: `Row ${row.row}: ${row.sku} is not in the catalogue.`,
    });
    return false;
  });
  const existing = stored.map((row): LineDraft => {
    const view = lineView(row, years);
    return {
      key: view.id,
      id: view.id,
      sku: view.sku,
      quantities: view.quantities,
      manual_discount_percent: view.manual_discount_percent,
      ...(view.parent_line_id === null ? {} : { parent_key: view.parent_line_id }),
      ...(view.adjusted_unit_list_minor === null
        ? {}
        : { adjusted_unit_list_minor: view.adjusted_unit_list_minor }),
      attributes: view.attributes,
    };
  });
  const plan = planLineImport({
    existing,
    rows: known,
    catalog: (sku) =>
      catalog.get(sku) ?? { billing: 'ONE_TIME', options: [], isConfigurable: false },
    mode: input.mode,
    years,
  });
  problems.push(...plan.problems);

  // A new line may not bring a SKU no longer sold, or one the quote's product rules hide.
  const hiddenSkus = new Set(hidden);
  for (const line of plan.lines) {
    if (line.id !== undefined || line.parent_key !== undefined) continue;
    const row = plan.rowOfKey.get(line.key);
    if (row === undefined) continue;
    const message = !catalog.get(line.sku)?.isActive
      ? `Row ${row}: ${line.sku} is end of sale: it can no longer be added to a quote.`
      : hiddenSkus.has(line.sku)
        ? `Row ${row}: ${line.sku} is not offered on this quote: a product rule hides it.`
        : null;
    if (message) problems.push({ row, column: null, message });
  }

  let netAfterMinor: number | null = null;
  if (problems.length === 0 && plan.lines.length > 0) {
    try {
      netAfterMinor = (await priceDrafts(db, quote, plan.lines)).totals.net_minor;
    } catch (error) {
      problems.push(...pricingProblems(error, plan.lines, plan.rowOfKey));
    }
  } else if (problems.length === 0) {
    netAfterMinor = 0;
  }
  return {
    problems: problems.sort(byRowThenColumn),
    notes: read.notes,
    rowsRead: read.rowsRead,
    added: plan.added,
    updated: plan.updated,
    unchanged: plan.unchanged,
    removed: plan.removed,
    drafts: plan.lines,
    stored,
    netAfterMinor,
  };
}

/** The engine's refusal of the merged lines, each by the file row its line came from. */
function pricingProblems(
  error: unknown,
  lines: readonly LineDraft[],
  rowOfKey: ReadonlyMap<string, number>,
): LineImportProblem[] {
  if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') throw error;
  return (error.details ?? []).map((detail) => {
    const index = /^lines\.(\d+)\./.exec(detail.path ?? '')?.[1];
    const line = index === undefined ? undefined : lines[Number(index)];
    const row = line === undefined ? undefined : rowOfKey.get(line.key);
    return row === undefined
      ? { row: 0, column: null, message: `A line already on the quote: ${detail.message}` }
      : { row, column: null, message: `Row ${row}: ${detail.message}` };
  });
}
