import { NO_RULE_OUTCOME, type RuleOutcome } from '@bastion/domain/product-rules/schemas';
import { isApiError } from '@/lib/api-client.ts';
import type { PricingView } from './pricing-view.ts';
import type { DraftLine } from './line-state.ts';

/* What the configure page knows of its last pricing: the result, the lines it priced, and the
   server's problems, by line and for the quote. */

export interface PricingState {
  result: PricingView | null;
  /** The lines as they were priced, by key: a row whose line differs shows it is repricing. */
  pricedDrafts: ReadonlyMap<string, DraftLine>;
  /** Counts the pricings: a line's waterfall is fetched for the pricing shown. */
  revision: number;
  /** Server problems by line key, and those of the quote as a whole. */
  lineErrors: Map<string, string>;
  quoteErrors: string[];
  /** Issue 34: what the product rules say of the lines priced, by line key. */
  rules: RuleOutcome;
}

/** The lines by key, as priced. */
export const byKey = (lines: readonly DraftLine[]) =>
  new Map(lines.map((line) => [line.key, line]));

/** A refused pricing's problems: under the lines they name, the others for the quote. */
export function errorsOf(
  error: unknown,
  lines: readonly DraftLine[],
): Pick<PricingState, 'lineErrors' | 'quoteErrors' | 'rules'> {
  const lineErrors = new Map<string, string>();
  const quoteErrors: string[] = [];
  if (isApiError(error) && error.errors.length > 0) {
    for (const problem of error.errors) {
      const match = /^lines\.(\d+)\./.exec(problem.path);
      const line = match ? lines[Number(match[1])] : undefined;
      if (line && !lineErrors.has(line.key)) lineErrors.set(line.key, problem.message);
      else if (!line) quoteErrors.push(problem.message);
    }
  } else {
    quoteErrors.push(error instanceof Error ? error.message : 'The quote could not be priced.');
  }
  // Lines that cannot be priced were not checked either.
  return { lineErrors, quoteErrors, rules: NO_RULE_OUTCOME };
}
