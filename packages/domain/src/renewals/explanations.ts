import { formatCount } from '../documents/document-values.ts';
import { formatContractStartDate } from '../quotes/contract-dates.ts';
import type { ContractPriceResult, LineResult } from '../pricing/model.ts';
import { priceExplanations, type ExplainedLine } from '../pricing/price-explanations.ts';
import type { DroppedEntitlement, RenewalKind } from './model.ts';
import { explainSegment } from './proration.ts';

/**
 * The sentences printed under a contract-priced or prorated line (issue 18) on the configure
 * pages, the summary and the quote document, so a buyer can recompute the line by hand. One
 * function words them for all, so each place says the same thing.
 */

/** Basis points as a percentage with two decimals, without its sign: 500 → '5.00 %'. */
function percentOfBp(bp: number): string {
  const magnitude = Math.abs(bp);
  return `${Math.trunc(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')} %`;
}

/**
 * The unit price of a contract-priced line:
 * 'Contract price: prior $1,000.00 + 5.00 % uplift = $1,050.00 a unit (current list $1,100.00)'.
 * "Contract price", not "Renewal", because true-ups and co-termed contract lines are priced the
 * same way.
 */
export function explainContractPrice(
  price: ContractPriceResult,
  money: (minor: number) => string,
): string {
  const uplift =
    price.uplift_bp === 0
      ? ', no uplift'
      : price.uplift_bp > 0
        ? ` + ${percentOfBp(price.uplift_bp)} uplift`
        : ` − ${percentOfBp(price.uplift_bp)} reduction`;
  return `Contract price: prior ${money(price.prior_unit_net_minor)}${uplift} = ${money(price.renewal_unit_minor)} a unit (current list ${money(price.current_unit_list_minor)})`;
}

/**
 * What explains a priced line: its contract price, then one sentence per prorated segment
 * ('$1,200.00 × 92 / 365 days (0.252055), 01-Oct-2027 to 31-Dec-2027 = $302.47') and, when
 * there are several, their sum; empty for a line priced from the catalogue for the quote's months.
 */
export function lineExplanations(
  line: Pick<LineResult, 'contract_price' | 'proration'> & ExplainedLine,
  money: (minor: number) => string,
): string[] {
  const segments = line.proration?.segments ?? [];
  const sum =
    segments.length > 1 && line.proration
      ? [
          `List amount: ${segments.map((s) => money(s.amount_minor)).join(' + ')} = ${money(line.proration.amount_minor)}`,
        ]
      : [];
  return [
    ...(line.contract_price ? [explainContractPrice(line.contract_price, money)] : []),
    // Issue 35: the method, the term factor and the term discount.
    ...priceExplanations(line, money),
    ...segments.map((segment) => explainSegment(segment, money)),
    ...sum,
  ];
}

/** What the summary and the document say about a renewal, co-term or true-up quote. */
export interface RenewalOverview {
  kind: RenewalKind;
  /** In the quote's order: a co-term's first contract is the one the others end with. */
  contract_numbers: string[];
  /** ISO dates, both days included. */
  term_start: string;
  term_end: string;
  drops: Pick<DroppedEntitlement, 'sku' | 'quantity' | 'reason'>[];
}

const shownDate = (iso: string) => formatContractStartDate(iso) ?? iso;

/**
 * The sentence above the products of such a quote: 'Renewal of C-000123 from 01-Jan-2028 to
 * 31-Dec-2028', 'Co-term with C-000123 (merging C-000124) from … to …', 'True-up of C-000123
 * from … to …'.
 */
export function renewalHeadline(renewal: RenewalOverview): string {
  const [first = '', ...merged] = renewal.contract_numbers;
  const period = `from ${shownDate(renewal.term_start)} to ${shownDate(renewal.term_end)}`;
  switch (renewal.kind) {
    case 'RENEWAL':
      return `Renewal of ${first} ${period}`;
    case 'TRUE_UP':
      return `True-up of ${first} ${period}`;
    case 'COTERM':
      return merged.length === 0
        ? `Co-term with ${first} ${period}`
        : `Co-term with ${first} (merging ${merged.join(', ')}) ${period}`;
  }
}

/** A contract line the renewal drops: 'Not renewed: FW-100 × 3 (moved to the cloud service)'. */
export const explainDrop = (drop: RenewalOverview['drops'][number]) =>
  `Not renewed: ${drop.sku} × ${formatCount(drop.quantity)} (${drop.reason.trim()})`;
