import { formatCurrency } from '@bastion/domain/format/currency';
import { MARGIN_NAMES } from '@bastion/domain/pricing/discount-names';
import { unitListText } from '@bastion/domain/pricing/unit-list';
import type { RuleMessageView } from '@bastion/domain/product-rules/schemas';
import type { Dispatch } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { SEVERITY_LOOK } from '@/components/rule-severity.ts';
import type { LinePrice } from './pricing-view.ts';
import { typedUnitListMinor, type DraftLine, type LinesAction } from './line-state.ts';

/* The cells of a configure line that are more than an input: unit list, margin, a rule's note. */

/**
 * A line's margin, margin % and cost in one cell, for a viewer the server sent them to: the
 * margin and its percentage first, the cost under them.
 */
export function MarginCells({
  priced,
  currency,
}: {
  priced: LinePrice | undefined;
  currency: string;
}) {
  const money = (minor: number | null | undefined) =>
    minor === null || minor === undefined ? '—' : formatCurrency(minor, currency);
  const percent =
    priced?.marginPercent === null || priced?.marginPercent === undefined
      ? '—'
      : `${priced.marginPercent} %`;
  return (
    <div role="cell" className="text-end small lh-sm">
      {/* A large margin wraps its percentage onto a line of its own rather than overflow. */}
      <span>
        <span className="text-nowrap" data-testid="line-margin">
          {money(priced?.marginMinor)}
        </span>
        {' · '}
        <span className="text-nowrap" data-testid="line-margin-percent">
          {percent}
        </span>
      </span>
      <span className="d-block text-body-secondary text-nowrap">
        {MARGIN_NAMES.cost.toLowerCase()}{' '}
        <span data-testid="line-cost">{money(priced?.costMinor)}</span>
      </span>
    </div>
  );
}

/**
 * The unit list price of a line (issue 19). With price_adjustment on, a quoter may type another
 * one: the catalogue's then shows struck through under it, with a Reset back to it. A price typed
 * before the setting went off still shows, and may still be reset, but not changed.
 */
export function UnitListCell(props: {
  line: DraftLine;
  priced: LinePrice | undefined;
  isBundle: boolean;
  currency: string;
  canType: boolean;
  canReset: boolean;
  problem: string | null;
  dispatch: Dispatch<LinesAction>;
}) {
  const { line, priced, currency, dispatch } = props;
  // A bundle has no price of its own: its components carry it.
  if (props.isBundle || line.kind === 'BUNDLE') return <>—</>;
  const catalogue = priced?.unitListMinor;
  const typed = line.unitList === null ? null : typedUnitListMinor(line);
  const isChanged = line.unitList !== null && typed !== catalogue;
  const reset =
    line.unitList !== null && props.canReset ? (
      <Button
        size="sm"
        variant="link"
        className="p-0 align-baseline small lh-1"
        style={{ fontSize: '0.75rem' }}
        aria-label={`Reset unit list price for ${line.sku} to the catalogue price`}
        title="Back to the catalogue price"
        onClick={() => dispatch({ type: 'unitList', key: line.key, value: null })}
      >
        Reset
      </Button>
    ) : null;
  const hint =
    line.unitList === null ? null : (
      <div className="d-flex justify-content-end gap-1 lh-1 mt-1" style={{ fontSize: '0.75rem' }}>
        {isChanged && catalogue !== undefined ? (
          <s className="text-body-secondary" title="Catalogue unit list price">
            <span className="visually-hidden">Catalogue price </span>
            {formatCurrency(catalogue, currency)}
          </s>
        ) : null}
        {reset}
      </div>
    );

  if (!props.canType) {
    const shown = typed ?? catalogue;
    return (
      <>
        {shown === undefined ? '—' : formatCurrency(shown, currency)}
        {hint}
      </>
    );
  }
  return (
    <>
      <Form.Control
        size="sm"
        className="text-end"
        inputMode="decimal"
        aria-label={`Unit list price for ${line.sku}`}
        placeholder={catalogue === undefined ? '' : unitListText(catalogue)}
        value={line.unitList ?? (catalogue === undefined ? '' : unitListText(catalogue))}
        isInvalid={props.problem !== null}
        aria-invalid={props.problem !== null || undefined}
        title={
          props.problem ?? `Unit list price in ${currency}; the catalogue's until you change it`
        }
        onChange={(event) =>
          dispatch({ type: 'unitList', key: line.key, value: event.target.value })
        }
      />
      {hint}
    </>
  );
}

/** A product rule's word on the line, beside its SKU; the checks above give it whole. */
export function RuleNote({ note }: { note: RuleMessageView }) {
  const look = SEVERITY_LOOK[note.severity];
  return (
    <span className={`ms-2 ${look.tone}`} title={note.message} data-testid="rule-note">
      <i className={`bi ${look.icon} me-1`} aria-hidden="true" />
      <span className="visually-hidden">{look.word}: </span>
      {note.message}
    </span>
  );
}
