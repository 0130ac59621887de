import type { ReactNode } from 'react';
import type { RenewalLine } from '../api/renewal-configuration.ts';
import { RemoveRowButton } from '@/components/remove-row-button.tsx';
import { FieldMessage, moneyOrDash, showDate } from './renewal-page-parts.tsx';
import { ProrationExplanation } from './proration-explanation.tsx';
import {
  LineNumberInput,
  LinesTableFrame,
  type LinesColumn,
  type LinesTableProps,
} from './renewal-products.tsx';

const COTERM_COLUMNS: readonly LinesColumn[] = [
  { label: 'Product' },
  { label: 'Quantity', isFigure: true },
  { label: 'Period' },
  { label: 'Full-term price', isFigure: true },
  { label: 'Days used / in term', isFigure: true },
  { label: 'Factor', isFigure: true },
  { label: 'Prorated', isFigure: true },
  { label: 'Net', isFigure: true, title: 'After the partner and line discounts' },
];

type Segment = RenewalLine['proration'][number];

/** One figure of each term the line spans, one under the other; a dash when it spans none. */
function perSegment(
  segments: readonly Segment[],
  figure: (segment: Segment) => ReactNode,
  testId?: string,
) {
  if (segments.length === 0) return '—';
  return segments.map((s) => (
    <div key={s.start} data-testid={testId}>
      {figure(s)}
    </div>
  ));
}

/**
 * The lines of a co-term quote: new products from the co-term start, and the lines of merged
 * contracts stretched, all to the co-term end, each with its proration worked out (full-term
 * price × days used / days in term = result), one row of figures per term it spans.
 */
export function CotermLinesTable({
  lines,
  priced,
  contractNumbers,
  currency,
  isReadOnly,
  problemAt,
  dispatch,
}: LinesTableProps & {
  /** Contract numbers by contract id, to say where an extended line comes from. */
  contractNumbers: ReadonlyMap<string, string>;
}) {
  const money = (minor: number | null | undefined) => moneyOrDash(minor, currency);
  return (
    <LinesTableFrame label="Co-term lines" columns={COTERM_COLUMNS} hasActions>
      {lines.map((line) => {
        const pricedLine = priced.get(line.key);
        const segments = pricedLine?.proration ?? [];
        const isNew = line.entitlement_id === null;
        const rowMessage = problemAt(`${line.key}.sku`) ?? problemAt(`${line.key}.entitlement_id`);
        const explanationId = `explanation-${line.key}`;
        return (
          <tr key={line.key} data-testid={`coterm-line-${line.sku}`}>
            <td className="renewal-product">
              <div className="fw-semibold">{line.sku_name}</div>
              <div className="small text-body-secondary">
                {line.sku}{' '}
                {isNew ? (
                  <span className="badge text-bg-success">New</span>
                ) : (
                  <span className="badge text-bg-warning">
                    Extended
                    {line.contract_id && contractNumbers.get(line.contract_id)
                      ? ` from ${contractNumbers.get(line.contract_id)}`
                      : ''}
                  </span>
                )}
              </div>
              <ProrationExplanation
                id={explanationId}
                explanation={pricedLine?.explanation ?? []}
              />
              <FieldMessage id={`row-${line.key}-error`} message={rowMessage} />
            </td>
            <td className="renewal-number">
              {isNew ? (
                <LineNumberInput
                  line={line}
                  field="quantity"
                  label={`Quantity of ${line.sku_name} (${line.sku})`}
                  isReadOnly={isReadOnly}
                  problemAt={problemAt}
                  dispatch={dispatch}
                />
              ) : (
                <div className="text-end">{line.quantity}</div>
              )}
            </td>
            <td className="small renewal-period">
              {pricedLine?.period_start
                ? `${showDate(pricedLine.period_start)} to ${showDate(pricedLine.period_end)}`
                : '—'}
            </td>
            <td className="text-end">{perSegment(segments, (s) => money(s.full_term_minor))}</td>
            <td className="text-end">
              {perSegment(segments, (s) => `${s.days_used} / ${s.days_in_term}`, 'days')}
            </td>
            <td className="text-end">{perSegment(segments, (s) => s.factor)}</td>
            <td className="text-end" data-testid="prorated">
              {perSegment(segments, (s) => money(s.amount_minor))}
            </td>
            <td
              className="text-end fw-semibold"
              data-testid="line-net"
              aria-describedby={explanationId}
            >
              {money(pricedLine?.net_minor)}
            </td>
            <td className="text-end">
              {isReadOnly || !isNew ? null : (
                <RemoveRowButton
                  name={`${line.sku_name} (${line.sku})`}
                  onRemove={() => dispatch({ type: 'remove', key: line.key })}
                />
              )}
            </td>
          </tr>
        );
      })}
    </LinesTableFrame>
  );
}
