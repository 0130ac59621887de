import { formatCurrency } from '@bastion/domain/format/currency';
import type { RevisionComparison as Comparison } from '@bastion/domain/revisions/compare';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { SectionLoadState } from '@/components/section-load-state.tsx';
import { useRevisionComparison, type RevisionComparisonAnswer } from '../api/revisions.ts';

type LineChange = Comparison['lines'][number];
type Figures = NonNullable<LineChange['before']>;

const CHANGE_TONES = { added: 'success', removed: 'danger', changed: 'warning', edited: 'warning' };
type Change = keyof typeof CHANGE_TONES;

/** What the two sides are: a quote's revisions (what changed) or a deal's options (how they differ). */
export type ComparedSides = 'revisions' | 'options';

/** The sides of a comparison and what differs, as the revisions and the options answer them. */
export interface ComparisonAnswer {
  from: { label: string; snapshot: { currency_code: string } };
  to: { label: string; snapshot: { currency_code: string } };
  comparison: Comparison;
}

/** Two options are alternatives, not versions: a line is in one of them, or differs. */
function changeText(change: Change, sides: ComparedSides, answer: ComparisonAnswer): string {
  if (sides === 'revisions') return change;
  if (change === 'added') return `only in ${answer.to.label}`;
  if (change === 'removed') return `only in ${answer.from.label}`;
  return 'differs';
}

function ChangeBadge({ change, text }: { change: Change; text: string }) {
  return (
    <Badge
      bg={CHANGE_TONES[change]}
      text={change === 'removed' ? undefined : 'dark'}
      className="text-wrap text-start"
    >
      {text}
    </Badge>
  );
}

function figureTexts(figures: Figures | null, currency: string) {
  if (!figures) return { quantity: '—', discount: '—', net: '—' };
  return {
    quantity: figures.quantities.join(' / '),
    discount: `${figures.discount_percent}%`,
    net:
      figures.net_per_year_minor.length > 1
        ? figures.net_per_year_minor.map((n) => formatCurrency(n, currency)).join(' / ')
        : figures.net_minor === null
          ? 'not priced'
          : formatCurrency(figures.net_minor, currency),
  };
}

function LinesCompared({
  answer,
  sides,
  currency,
}: {
  answer: ComparisonAnswer;
  sides: ComparedSides;
  currency: string;
}) {
  const { comparison } = answer;
  if (comparison.lines.length === 0) {
    return <p className="text-body-secondary">The lines are the same on both sides.</p>;
  }
  return (
    <Table responsive size="sm" className="align-middle small" aria-label="Lines compared">
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">{sides === 'revisions' ? 'Change' : 'Difference'}</th>
          <th scope="col" className="text-end">
            Quantity
          </th>
          <th scope="col" className="text-end">
            Discount
          </th>
          <th scope="col" className="text-end">
            Net
          </th>
        </tr>
      </thead>
      <tbody>
        {comparison.lines.map((line, index) => {
          const before = figureTexts(line.before, currency);
          const after = figureTexts(line.after, currency);
          // On a changed line, a figure that stayed reads once, muted.
          const stayed = (field: 'quantity' | 'discount' | 'net') =>
            line.change === 'changed' && !line.changed.includes(field);
          return (
            <tr key={`${line.sku}-${index}`}>
              <td>
                <div>{line.name}</div>
                <div className="text-body-secondary">
                  {line.sku}
                  {line.parent_sku ? ` · in ${line.parent_sku}` : ''}
                </div>
              </td>
              <td>
                <ChangeBadge change={line.change} text={changeText(line.change, sides, answer)} />
              </td>
              {(['quantity', 'discount', 'net'] as const).map((field) => (
                <td key={field} className="text-end text-nowrap">
                  {stayed(field) ? (
                    <span className="text-body-secondary">{after[field]}</span>
                  ) : (
                    <>
                      {before[field]} → <span className="fw-semibold">{after[field]}</span>
                    </>
                  )}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/** Both sides' totals, details, lines and clauses where they differ. */
export function ComparisonView({
  answer,
  sides = 'revisions',
}: {
  answer: ComparisonAnswer;
  sides?: ComparedSides;
}) {
  const { comparison, from, to } = answer;
  const currency = to.snapshot.currency_code;
  const money = (minor: number | null | undefined) =>
    minor === null || minor === undefined ? 'not priced' : formatCurrency(minor, currency);
  if (comparison.is_same) {
    return (
      <Alert variant="secondary" className="mb-0">
        No difference: {from.label} and {to.label} hold the same details, lines, clauses and totals.
      </Alert>
    );
  }
  const delta = comparison.totals.net_delta_minor;
  return (
    <div aria-label="What changed" role="region">
      <h3 className="h6">Totals</h3>
      <Table size="sm" className="small" aria-label="Totals compared" style={{ maxWidth: '36rem' }}>
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col" className="text-end">
              {from.label}
            </th>
            <th scope="col" className="text-end">
              {to.label}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Net</th>
            <td className="text-end">{money(comparison.totals.before?.net_minor)}</td>
            <td className="text-end fw-semibold">
              {money(comparison.totals.after?.net_minor)}
              {delta !== null && delta !== 0 ? (
                <div className={delta > 0 ? 'text-success' : 'text-danger'}>
                  {delta > 0 ? '+' : '−'}
                  {formatCurrency(Math.abs(delta), currency)}
                </div>
              ) : null}
            </td>
          </tr>
        </tbody>
      </Table>

      <h3 className="h6">Details</h3>
      {comparison.header.length === 0 ? (
        <p className="text-body-secondary">The details are the same on both sides.</p>
      ) : (
        <Table responsive size="sm" className="small" aria-label="Details compared">
          <thead>
            <tr>
              <th scope="col">Detail</th>
              <th scope="col">{from.label}</th>
              <th scope="col">{to.label}</th>
            </tr>
          </thead>
          <tbody>
            {comparison.header.map((fact) => (
              <tr key={fact.key}>
                <th scope="row" className="fw-normal">
                  {fact.label}
                </th>
                <td>{fact.before ?? '—'}</td>
                <td className="fw-semibold">{fact.after ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}

      <h3 className="h6">Lines</h3>
      {sides === 'options' ? (
        <p className="small text-body-secondary mb-1">
          Figures read {from.label} → {to.label}.
        </p>
      ) : null}
      <LinesCompared answer={answer} sides={sides} currency={currency} />
      {comparison.unchanged_line_count > 0 ? (
        <p className="small text-body-secondary">
          {comparison.unchanged_line_count} other{' '}
          {comparison.unchanged_line_count === 1 ? 'line is' : 'lines are'} the same.
        </p>
      ) : null}

      <h3 className="h6">Clauses</h3>
      {comparison.terms.length === 0 ? (
        <p className="text-body-secondary mb-0">The clauses are the same on both sides.</p>
      ) : (
        <ul className="list-unstyled mb-0" aria-label="Clauses compared">
          {comparison.terms.map((term, index) => (
            <li key={`${term.title}-${index}`} className="mb-3">
              <div className="mb-1">
                <ChangeBadge change={term.change} text={changeText(term.change, sides, answer)} />{' '}
                <strong>{term.title}</strong>
              </div>
              <div className="row g-2 small">
                <div className="col-md-6">
                  <div className="text-body-secondary">{from.label}</div>
                  <div className="border rounded p-2 bg-body-tertiary">{term.before ?? '—'}</div>
                </div>
                <div className="col-md-6">
                  <div className="text-body-secondary">{to.label}</div>
                  <div className="border rounded p-2">{term.after ?? '—'}</div>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What changed from one side to the other, asked once both are chosen. */
export function RevisionComparison(props: { quoteId: string; from: string; to: string }) {
  const compared = useRevisionComparison(props.quoteId, props.from, props.to);
  return (
    <SectionLoadState query={compared} what="the comparison">
      {(answer: RevisionComparisonAnswer) => <ComparisonView answer={answer} />}
    </SectionLoadState>
  );
}
