/**
 * Issue 35: what a buyer needs to redo a line's price by hand, a sentence each, for the summary,
 * the document and the renewal configurators: how the unit list was worked out (percent of
 * total, block, cost plus), the term factor of a yearly price over another length of contract,
 * and the term discount.
 */
import { formatBp } from './decimal.ts';
import type { LineResult } from './model.ts';

export type ExplainedLine = Pick<
  LineResult,
  'pricing_method' | 'unit_list_price_minor' | 'years' | 'proration'
>;

const percent = (bp: number) => `${formatBp(bp)} %`;

function methodSentence(line: ExplainedLine, money: (minor: number) => string): string | null {
  const method = line.pricing_method;
  if (method === null) return null;
  const unit = money(line.unit_list_price_minor);
  switch (method.method) {
    case 'PERCENT_OF_TOTAL': {
      if (method.bound === 'NO_COVERED_LINE' || method.base_unit_minor === null) {
        return `Unit list ${unit}: from the price list, as no product it covers is on the quote`;
      }
      const bound =
        method.bound === 'FLOOR'
          ? ', raised to its floor'
          : method.bound === 'CEILING'
            ? ', held at its ceiling'
            : '';
      const units = method.covered_units ?? 0;
      return `Unit list ${unit}: ${percent(method.percent_bp ?? 0)} of ${money(method.base_unit_minor)}, the net price per unit of the ${units.toLocaleString('en-US')} unit${units === 1 ? '' : 's'} it covers${bound}`;
    }
    case 'BLOCK': {
      const { block } = method;
      if (!block) return null;
      const band =
        block.max_quantity === null
          ? `${block.min_quantity.toLocaleString('en-US')} units or more`
          : `${block.min_quantity.toLocaleString('en-US')}–${block.max_quantity.toLocaleString('en-US')} units`;
      return `Block price for ${band}: ${money(block.price_minor)}`;
    }
    case 'COST_PLUS':
      return `Unit list ${unit}: cost ${money(method.base_unit_minor ?? 0)} plus ${percent(method.percent_bp ?? 0)}`;
  }
}

export function priceExplanations(line: ExplainedLine, money: (minor: number) => string): string[] {
  const sentences: string[] = [];
  const method = methodSentence(line, money);
  if (method !== null) sentences.push(method);
  // A prorated line explains its days itself (renewals/explanations.ts).
  if (line.proration === null) {
    for (const year of line.years) {
      if (year.waterfall.length === 0 || year.months === 12) continue;
      const isBlock = line.pricing_method?.method === 'BLOCK';
      const whole = isBlock ? year.unit_minor : year.quantity * year.unit_minor;
      // ONE_TIME units are bought whole: their list is quantity × unit, whatever the months.
      if (year.list_minor === whole) continue;
      const prefix = line.years.length > 1 ? `Year ${year.year}: ` : '';
      const units = isBlock ? '' : `${year.quantity.toLocaleString('en-US')} × `;
      sentences.push(
        `${prefix}${units}${money(year.unit_minor)} a year × ${year.months}/12 months = ${money(year.list_minor)}`,
      );
    }
  }
  const term = line.years[0]?.waterfall.find((step) => step.step === 'TERM');
  if (term && term.percent_bp !== null && term.percent_bp !== 0) {
    // The contract's months: the whole of a STANDARD quote's one year, an ELA's years together.
    const months = line.years.reduce((sum, year) => sum + year.months, 0);
    sentences.push(`Term discount ${percent(term.percent_bp)} for a ${months}-month contract`);
  }
  return sentences;
}
