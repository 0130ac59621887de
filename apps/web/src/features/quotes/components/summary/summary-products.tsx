import { formatCurrency } from '@bastion/domain/format/currency';
import { formatBp } from '@bastion/domain/pricing/decimal';
import {
  DISCOUNT_DESCRIPTIONS,
  DISCOUNT_NAMES,
  MARGIN_NAMES,
} from '@bastion/domain/pricing/discount-names';
import { isUnitListAdjusted, quotedUnitListMinor } from '@bastion/domain/pricing/unit-list';
import {
  explainDrop,
  lineExplanations,
  renewalHeadline,
} from '@bastion/domain/renewals/explanations';
import { Fragment } from 'react';
import Table from 'react-bootstrap/Table';
import type { QuoteSummary } from '../../api/summary.ts';
import { quantityHeadings } from '../quote-facts.tsx';

type PricingResult = Extract<NonNullable<QuoteSummary['pricing']>, { ok: true }>['result'];

/** The priced lines of the quote, as the customer reads them, and their totals. */
export function SummaryProducts({ summary }: { summary: QuoteSummary }) {
  const { quote } = summary;
  const money = (minor: number) => formatCurrency(minor, quote.currency_code);
  const result = summary.pricing?.ok ? summary.pricing.result : null;
  const priced = new Map((result?.lines ?? []).map((line) => [line.line_id, line]));
  // The server sends cost and margin only to who can see margin (shows_margin); else nulls.
  const showsMargin = result?.shows_margin ?? false;
  const nullableMoney = (minor: number | null | undefined) =>
    minor === null || minor === undefined ? '—' : money(minor);
  const percent = (bp: number | null | undefined) =>
    bp === null || bp === undefined ? '—' : `${formatBp(bp)} %`;
  return (
    <section className="summary-section" aria-labelledby="summary-lines">
      <h2 id="summary-lines" className="h5">
        Products
      </h2>
      {summary.renewal ? (
        <div className="mb-2" data-testid="summary-renewal">
          <p className="fw-semibold mb-1">{renewalHeadline(summary.renewal)}</p>
          {summary.renewal.drops.length > 0 ? (
            <ul className="list-unstyled small text-body-secondary mb-0">
              {summary.renewal.drops.map((drop, index) => (
                <li key={index}>{explainDrop(drop)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {summary.lines.length === 0 ? (
        <p className="text-body-secondary">
          {summary.is_legacy
            ? 'A legacy quote keeps its figures in the system it came from.'
            : 'No products yet.'}
        </p>
      ) : (
        <Table size="sm" responsive className="summary-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              {quantityHeadings(quote.quote_type === 'ELA', summary.years, 'Qty').map((heading) => (
                <th scope="col" className="text-end" key={heading}>
                  {heading}
                </th>
              ))}
              <th scope="col" className="text-end">
                Unit list
              </th>
              <th scope="col" className="text-end" title={DISCOUNT_DESCRIPTIONS.seller}>
                {DISCOUNT_NAMES.seller}
              </th>
              <th scope="col" className="text-end" title={DISCOUNT_DESCRIPTIONS.effective}>
                {DISCOUNT_NAMES.effective}
              </th>
              {showsMargin ? (
                <>
                  <th scope="col" className="text-end">
                    {MARGIN_NAMES.cost}
                  </th>
                  <th scope="col" className="text-end">
                    {MARGIN_NAMES.margin}
                  </th>
                  <th scope="col" className="text-end">
                    {MARGIN_NAMES.marginPercent}
                  </th>
                </>
              ) : null}
              <th scope="col" className="text-end">
                Net
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.lines.map((line) => {
              const price = priced.get(line.id);
              const isBundle = price?.is_bundle ?? false;
              const explanations = price && !isBundle ? lineExplanations(price, money) : [];
              return (
                <Fragment key={line.id}>
                  <tr
                    className={
                      [
                        line.parent_line_id ? 'is-component' : '',
                        explanations.length > 0 ? 'has-explanation' : '',
                      ]
                        .filter(Boolean)
                        .join(' ') || undefined
                    }
                  >
                    <td>
                      <div className={line.parent_line_id ? 'ps-3' : 'fw-semibold'}>
                        {line.name}
                      </div>
                      <div className="small text-body-secondary">{line.sku}</div>
                    </td>
                    {line.quantities.map((q, i) => (
                      <td className="text-end" key={i}>
                        {q}
                      </td>
                    ))}
                    <td className="text-end">
                      {price && !isBundle ? money(quotedUnitListMinor(price)) : ''}
                      {price && !isBundle && isUnitListAdjusted(price) ? (
                        // Issue 19: typed on the configure page; the catalogue's for comparison.
                        <div className="small text-body-secondary">
                          <s title="Catalogue unit list price">
                            <span className="visually-hidden">Catalogue price </span>
                            {money(price.unit_list_price_minor)}
                          </s>
                        </div>
                      ) : null}
                    </td>
                    <td className="text-end" data-testid="summary-seller-discount">
                      {price && !isBundle ? percent(price.seller_discount_percent_bp) : ''}
                    </td>
                    <td className="text-end" data-testid="summary-effective-discount">
                      {price && !isBundle ? percent(price.effective_discount_percent_bp) : ''}
                    </td>
                    {showsMargin ? (
                      <>
                        <td className="text-end" data-testid="summary-cost">
                          {price && !isBundle ? nullableMoney(price.cost_minor) : ''}
                        </td>
                        <td className="text-end" data-testid="summary-margin">
                          {price && !isBundle ? nullableMoney(price.margin_minor) : ''}
                        </td>
                        <td className="text-end" data-testid="summary-margin-percent">
                          {price && !isBundle ? percent(price.margin_percent_bp) : ''}
                        </td>
                      </>
                    ) : null}
                    <td className="text-end fw-semibold">
                      {price
                        ? money(isBundle ? (price.rollup?.net_minor ?? 0) : price.net_minor)
                        : ''}
                    </td>
                  </tr>
                  {explanations.length > 0 ? (
                    // How a contract-priced or prorated line was worked out, so it can be recomputed.
                    <tr>
                      <td colSpan={line.quantities.length + (showsMargin ? 8 : 5)} className="pt-0">
                        <ul
                          className="list-unstyled small text-body-secondary mb-0 ps-3"
                          aria-label={`How ${line.name} is priced`}
                        >
                          {explanations.map((sentence) => (
                            <li key={sentence}>{sentence}</li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </Table>
      )}
      {result ? (
        <SummaryTotals result={result} currencyCode={quote.currency_code} money={money} />
      ) : summary.is_legacy ? (
        <p className="fw-semibold">Total: {money(quote.total_amount_minor)}</p>
      ) : null}
    </section>
  );
}

function SummaryTotals({
  result,
  currencyCode,
  money,
}: {
  result: PricingResult;
  currencyCode: string;
  money: (minor: number) => string;
}) {
  const { totals } = result;
  return (
    <div className="summary-totals">
      <dl>
        <div>
          <dt>Price book</dt>
          <dd data-testid="summary-price-book">{result.price_book?.name ?? 'Standard list'}</dd>
        </div>
        <div>
          <dt>List price</dt>
          <dd>{money(totals.list_minor)}</dd>
        </div>
        {totals.adjustment_minor !== 0 ? (
          <div>
            <dt>Price adjustment</dt>
            <dd>{money(totals.adjustment_minor)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Discounts</dt>
          <dd>{money(-totals.discount_minor)}</dd>
        </div>
        {totals.per_year.length > 1
          ? totals.per_year.map((year) => (
              <div key={year.year}>
                <dt>Year {year.year}</dt>
                <dd>{money(year.net_minor)}</dd>
              </div>
            ))
          : null}
        <div className="summary-total">
          <dt>Total ({currencyCode})</dt>
          <dd data-testid="summary-total">{money(totals.net_minor)}</dd>
        </div>
        {result.shows_margin ? (
          <>
            <div>
              <dt>{MARGIN_NAMES.cost}</dt>
              <dd data-testid="summary-total-cost">
                {totals.cost_minor === null ? 'Unknown' : money(totals.cost_minor)}
              </dd>
            </div>
            <div>
              <dt>{MARGIN_NAMES.margin}</dt>
              <dd data-testid="summary-total-margin">
                {totals.margin_minor === null ? 'Unknown' : money(totals.margin_minor)}
              </dd>
            </div>
            <div>
              <dt>{MARGIN_NAMES.marginPercent}</dt>
              <dd data-testid="summary-total-margin-percent">
                {totals.margin_percent_bp === null
                  ? '—'
                  : `${formatBp(totals.margin_percent_bp)} %`}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
    </div>
  );
}
