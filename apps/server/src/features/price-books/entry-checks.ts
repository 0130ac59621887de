import type { AppErrorDetail } from '../../lib/app-error.ts';
import { bundleSkuMessage, unknownSkuMessage, unsoldCurrencyMessage } from './price-book-errors.ts';

/** What an entry is checked against: the currencies sold in, the SKUs it names. */
export interface EntryContext {
  currencies: readonly string[];
  skus: ReadonlyMap<string, { kind: string }>;
}

/**
 * What is wrong with an entry beyond its own fields: a SKU the catalogue has not, a bundle (it
 * has no price of its own), a currency the catalogue does not sell in. By field.
 */
export function entryProblems(
  entry: { sku: string; currency_code: string },
  context: EntryContext,
): AppErrorDetail[] {
  const problems: AppErrorDetail[] = [];
  const sku = context.skus.get(entry.sku);
  if (!sku) problems.push({ path: 'sku', message: unknownSkuMessage(entry.sku) });
  else if (sku.kind === 'BUNDLE')
    problems.push({ path: 'sku', message: bundleSkuMessage(entry.sku) });
  if (!context.currencies.includes(entry.currency_code)) {
    problems.push({
      path: 'currency_code',
      message: unsoldCurrencyMessage(entry.currency_code, context.currencies),
    });
  }
  return problems;
}
