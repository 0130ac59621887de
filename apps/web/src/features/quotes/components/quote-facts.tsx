/* How the quote pages show what they know: fact lists, per-year headings, the history link. */

import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A label and its value; a fact without a value (null) is left out. */
export type Fact = readonly [label: string, value: string | null | undefined];

const LAYOUTS = {
  /** The summary's grid of quote details. */
  summary: { list: 'summary-grid', item: undefined, dt: undefined, dd: undefined },
  /** A read-only quote: three across on wide screens. */
  columns: {
    list: 'row mb-0',
    item: 'col-12 col-md-6 col-xl-4 mb-2',
    dt: 'small text-body-secondary fw-normal',
    dd: 'mb-0',
  },
  /** A side panel: label left, value right, one a line. */
  panel: {
    list: 'row mb-0 small',
    item: 'col-12 d-flex justify-content-between border-bottom py-1',
    dt: 'fw-normal text-body-secondary',
    dd: 'mb-0 text-end',
  },
} as const;

/** Facts about a quote or an opportunity as a description list, in one of the pages' layouts. */
export function FactList({
  facts,
  layout,
}: {
  facts: readonly Fact[];
  layout: keyof typeof LAYOUTS;
}) {
  const classes = LAYOUTS[layout];
  return (
    <dl className={classes.list}>
      {facts
        .filter((fact): fact is readonly [string, string] => Boolean(fact[1]))
        .map(([label, value]) => (
          <div className={classes.item} key={label}>
            <dt className={classes.dt}>{label}</dt>
            <dd className={classes.dd}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** A header button to another page of a quote ("History", "Edit"). */
export function QuotePageLink(props: {
  quote: { id: string; quote_type: string };
  /** The page's path ("quote-history"). */
  page: string;
  /** Its Bootstrap icon ("bi-clock-history"). */
  icon: string;
  /** The whole path, when the page is not named by the quote type (the renewal pages). */
  to?: string;
  children: ReactNode;
}) {
  return (
    <Link
      className="btn btn-outline-secondary"
      to={props.to ?? `/cpq/${props.page}/${props.quote.id}/${props.quote.quote_type}`}
    >
      <i className={`bi ${props.icon} me-1`} aria-hidden="true" />
      {props.children}
    </Link>
  );
}

/** The header's link to a quote's history. */
export function QuoteHistoryLink({ quote }: { quote: { id: string; quote_type: string } }) {
  return (
    <QuotePageLink quote={quote} page="quote-history" icon="bi-clock-history">
      History
    </QuotePageLink>
  );
}

/** Column headings of per-year quantities: one a year on an ELA, else one for the quantity. */
export const quantityHeadings = (isEla: boolean, years: number, single: string): string[] =>
  isEla ? Array.from({ length: years }, (_, i) => `Year ${i + 1}`) : [single];
