import { formatCurrency } from '@bastion/domain/format/currency';
import {
  DISCOUNT_DESCRIPTIONS,
  DISCOUNT_NAMES,
  MARGIN_NAMES,
} from '@bastion/domain/pricing/discount-names';
import { unitListText } from '@bastion/domain/pricing/unit-list';
import type { RuleMessageView } from '@bastion/domain/product-rules/schemas';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef, type Dispatch } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { LinePrice } from './pricing-view.ts';
import {
  lineProblems,
  typedUnitListMinor,
  type DraftLine,
  type LinesAction,
} from './line-state.ts';
import { quantityHeadings } from '../quote-facts.tsx';
import { SEVERITY_LOOK } from '@/components/rule-severity.ts';

interface LinesTableProps {
  lines: readonly DraftLine[];
  years: number;
  isEla: boolean;
  currency: string;
  pricedByKey: ReadonlyMap<string, LinePrice>;
  /**
   * The lines as they were when last priced, by key: a line that is no longer its priced self
   * was changed since, and shows its figures as being repriced until the answer comes.
   */
  pricedDrafts: ReadonlyMap<string, DraftLine>;
  /** Problems the server found, by line key. */
  serverErrors: ReadonlyMap<string, string>;
  /** Issue 34: the most severe product-rule message on each line, by line key. */
  ruleNotes: ReadonlyMap<string, RuleMessageView>;
  isReadOnly: boolean;
  /** Issue 19: unit list prices may be typed (app setting price_adjustment on). */
  canAdjustUnitList: boolean;
  /** The server sent cost and margin (the viewer can_see_margin): a column each. */
  showsMargin: boolean;
  dispatch: Dispatch<LinesAction>;
  onDetails: (key: string) => void;
  /** Issue 34: the bundle SKUs whose options the seller chooses. */
  configurableBundles: ReadonlySet<string>;
  onChooseOptions: (key: string, sku: string) => void;
}

const ROW_HEIGHT = 60;

/**
 * The quote's lines. Only the rows in view are drawn (a 1,000-line ELA scrolls smoothly), and a
 * row redraws only when its own line or price changes.
 */
export function LinesTable(props: LinesTableProps) {
  const { lines, years, isEla } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => lines[index]?.key ?? index,
  });
  const quantityColumns = isEla ? years : 1;
  // A typed unit list price needs room for an input and the catalogue price under it.
  const unitListWidth = props.canAdjustUnitList ? 8.5 : 6.5;
  // Seller and effective discount; with margin, one column of margin, margin % and cost, so
  // that the deal desk's lines fit beside the menu at 1440 px without scrolling to their net.
  const figureColumns = props.showsMargin ? [5.5, 5.5, 8] : [5.5, 5.5];
  const productWidth = props.showsMargin ? 12 : 14;
  const columns = `minmax(${productWidth}rem, 3fr) ${unitListWidth}rem repeat(${quantityColumns}, 4.75rem) ${figureColumns.map((w) => `${w}rem`).join(' ')} 7.5rem 4rem`;
  const figuresWidth = figureColumns.reduce((sum, w) => sum + w, 0);
  // Below this width the lines scroll sideways together with their header.
  const minWidth = `${productWidth + unitListWidth + quantityColumns * 4.75 + figuresWidth + 7.5 + 4 + (quantityColumns + figureColumns.length + 3) * 0.5 + 1.5}rem`;

  return (
    <div
      className="config-lines"
      role="table"
      aria-label="Quote lines"
      aria-rowcount={lines.length + 1}
    >
      <div
        className="config-line config-line-head"
        role="row"
        style={{ gridTemplateColumns: columns, minWidth }}
      >
        <span role="columnheader">Product</span>
        <span role="columnheader" className="text-end">
          Unit list
        </span>
        {quantityHeadings(isEla, years, 'Quantity').map((heading) => (
          <span role="columnheader" className="text-end" key={heading}>
            {heading}
          </span>
        ))}
        <span role="columnheader" className="text-end" title={DISCOUNT_DESCRIPTIONS.seller}>
          {DISCOUNT_NAMES.seller} %
        </span>
        <span role="columnheader" className="text-end" title={DISCOUNT_DESCRIPTIONS.effective}>
          {DISCOUNT_NAMES.effective} %
        </span>
        {props.showsMargin ? (
          <span role="columnheader" className="text-end">
            {MARGIN_NAMES.margin}
            <span className="d-block fw-normal">and {MARGIN_NAMES.cost.toLowerCase()}</span>
          </span>
        ) : null}
        <span role="columnheader" className="text-end">
          Net
        </span>
        <span role="columnheader">
          <span className="visually-hidden">Actions</span>
        </span>
      </div>
      <div ref={scrollRef} className="config-lines-scroll" style={{ minWidth }}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const line = lines[item.index];
            if (!line) return null;
            return (
              <LineRow
                key={item.key}
                index={item.index}
                top={item.start}
                columns={columns}
                line={line}
                priced={props.pricedByKey.get(line.key)}
                isRepricing={props.pricedDrafts.get(line.key) !== line}
                serverError={props.serverErrors.get(line.key)}
                ruleNote={props.ruleNotes.get(line.key)}
                currency={props.currency}
                isReadOnly={props.isReadOnly}
                canAdjustUnitList={props.canAdjustUnitList}
                showsMargin={props.showsMargin}
                dispatch={props.dispatch}
                onDetails={props.onDetails}
                hasOptions={line.parentKey === undefined && props.configurableBundles.has(line.sku)}
                onChooseOptions={props.onChooseOptions}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

interface LineRowProps {
  index: number;
  top: number;
  columns: string;
  line: DraftLine;
  priced: LinePrice | undefined;
  /** Changed since it was last priced: its figures are about to change. */
  isRepricing: boolean;
  serverError: string | undefined;
  ruleNote: RuleMessageView | undefined;
  currency: string;
  isReadOnly: boolean;
  canAdjustUnitList: boolean;
  showsMargin: boolean;
  dispatch: Dispatch<LinesAction>;
  onDetails: (key: string) => void;
  /** A configurable bundle: its options can be chosen again. */
  hasOptions: boolean;
  onChooseOptions: (key: string, sku: string) => void;
}

/** A new price list for the quote redraws only the rows whose own figures moved. */
function sameRow(a: LineRowProps, b: LineRowProps): boolean {
  return (
    a.line === b.line &&
    a.top === b.top &&
    a.index === b.index &&
    a.columns === b.columns &&
    a.serverError === b.serverError &&
    a.ruleNote?.message === b.ruleNote?.message &&
    a.currency === b.currency &&
    a.isReadOnly === b.isReadOnly &&
    a.canAdjustUnitList === b.canAdjustUnitList &&
    a.showsMargin === b.showsMargin &&
    a.hasOptions === b.hasOptions &&
    a.onChooseOptions === b.onChooseOptions &&
    a.priced?.discountPercent === b.priced?.discountPercent &&
    a.priced?.costMinor === b.priced?.costMinor &&
    a.priced?.marginMinor === b.priced?.marginMinor &&
    a.priced?.marginPercent === b.priced?.marginPercent &&
    a.isRepricing === b.isRepricing &&
    a.priced?.netMinor === b.priced?.netMinor &&
    a.priced?.unitListMinor === b.priced?.unitListMinor &&
    a.priced?.adjustedUnitListMinor === b.priced?.adjustedUnitListMinor &&
    a.priced?.isBundle === b.priced?.isBundle &&
    (a.priced === undefined) === (b.priced === undefined)
  );
}

const LineRow = memo(function LineRow(props: LineRowProps) {
  const { line, priced, currency, isReadOnly, dispatch } = props;
  const problems = lineProblems(line);
  const isComponent = line.parentKey !== undefined;
  const isBundle = priced?.isBundle ?? false;
  const label = `${line.name} (${line.sku})`;
  // A bundle's net is its components' (the answer gives it so).
  const net = priced?.netMinor;
  return (
    <div
      className={`config-line${isComponent ? ' is-component' : ''}${props.serverError ? ' has-error' : ''}`}
      role="row"
      aria-rowindex={props.index + 2}
      style={{ gridTemplateColumns: props.columns, transform: `translateY(${props.top}px)` }}
    >
      <div role="cell" className="config-line-product">
        <div className="fw-semibold text-truncate" title={line.name}>
          {isComponent ? (
            <i className="bi bi-arrow-return-right me-1 text-body-tertiary" aria-hidden="true" />
          ) : null}
          {line.name}
        </div>
        <div className="small text-body-secondary text-truncate">
          {line.sku}
          {line.haCapable ? (
            <Form.Check
              inline
              type="switch"
              className="ms-2 me-0 mb-0 min-h-0"
              id={`ha-${line.key}`}
              label="HA pair"
              aria-label={`High-availability pair of ${label}`}
              title="Sold as a high-availability pair: the quantity must be even."
              checked={line.highAvailability === true}
              disabled={isReadOnly}
              onChange={(event) =>
                dispatch({ type: 'highAvailability', key: line.key, value: event.target.checked })
              }
            />
          ) : null}
          {props.serverError ? (
            <span className="text-danger ms-2">{props.serverError}</span>
          ) : props.ruleNote ? (
            <RuleNote note={props.ruleNote} />
          ) : null}
        </div>
      </div>
      <div role="cell" className="text-end small">
        <UnitListCell
          line={line}
          priced={priced}
          isBundle={isBundle}
          currency={currency}
          canType={props.canAdjustUnitList && !isReadOnly}
          canReset={!isReadOnly}
          problem={problems.unitList}
          dispatch={dispatch}
        />
      </div>
      {line.quantities.map((quantity, year) => (
        <div role="cell" key={year}>
          <Form.Control
            size="sm"
            className="text-end"
            inputMode="numeric"
            aria-label={
              line.quantities.length > 1
                ? `Year ${year + 1} quantity of ${label}`
                : `Quantity of ${label}`
            }
            value={quantity}
            disabled={isReadOnly || line.isSized === true}
            isInvalid={problems.quantities[year] !== null}
            aria-invalid={problems.quantities[year] !== null || undefined}
            title={
              problems.quantities[year] ??
              (line.isSized ? 'Set by the secure-access sizing' : undefined)
            }
            onChange={(event) =>
              dispatch({ type: 'quantity', key: line.key, year, value: event.target.value })
            }
          />
        </div>
      ))}
      <div role="cell">
        {isBundle ? null : (
          <Form.Control
            size="sm"
            className="text-end"
            inputMode="decimal"
            placeholder="0"
            aria-label={`${DISCOUNT_NAMES.seller} % of ${label}`}
            value={line.discount}
            disabled={isReadOnly}
            isInvalid={problems.discount !== null}
            aria-invalid={problems.discount !== null || undefined}
            title={problems.discount ?? undefined}
            onChange={(event) =>
              dispatch({ type: 'discount', key: line.key, value: event.target.value })
            }
          />
        )}
      </div>
      <div
        role="cell"
        className={`text-end small${props.isRepricing ? ' text-body-tertiary' : ''}`}
        data-testid="line-effective-discount"
      >
        {priced === undefined || isBundle ? '—' : `${priced.discountPercent} %`}
      </div>
      {props.showsMargin ? (
        <MarginCells priced={isBundle ? undefined : priced} currency={currency} />
      ) : null}
      <div
        role="cell"
        className={`text-end fw-semibold${props.isRepricing ? ' text-body-tertiary' : ''}`}
        data-testid="line-net"
        data-repricing={props.isRepricing ? 'true' : undefined}
        aria-busy={props.isRepricing}
        title={props.isRepricing ? 'Repricing…' : undefined}
      >
        {net === undefined ? '—' : formatCurrency(net, currency)}
      </div>
      <div role="cell" className="text-end text-nowrap">
        <Button
          size="sm"
          variant="link"
          className="p-1"
          aria-label={`Price details of ${label}`}
          title="Price details"
          disabled={!priced}
          onClick={() => props.onDetails(line.key)}
        >
          <i className="bi bi-list-columns-reverse" aria-hidden="true" />
        </Button>
        {isReadOnly || !props.hasOptions ? null : (
          <Button
            size="sm"
            variant="link"
            className="p-1"
            aria-label={`Choose the options of ${label}`}
            title="Choose options"
            onClick={() => props.onChooseOptions(line.key, line.sku)}
          >
            <i className="bi bi-sliders" aria-hidden="true" />
          </Button>
        )}
        {isReadOnly || isComponent ? null : (
          <Button
            size="sm"
            variant="link"
            className="p-1 text-danger"
            aria-label={`Remove ${label}`}
            title="Remove"
            onClick={() => dispatch({ type: 'remove', key: line.key })}
          >
            <i className="bi bi-trash" aria-hidden="true" />
          </Button>
        )}
      </div>
    </div>
  );
}, sameRow);

/**
 * A line's margin, margin % and cost in one cell, for a viewer the server sent them to: the
 * margin and its percentage first, the cost under them.
 */
function MarginCells({ priced, currency }: { priced: LinePrice | undefined; currency: string }) {
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
function UnitListCell(props: {
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
function RuleNote({ note }: { note: RuleMessageView }) {
  const look = SEVERITY_LOOK[note.severity];
  return (
    <span className={`ms-2 ${look.tone}`} title={note.message} data-testid="rule-note">
      <i className={`bi ${look.icon} me-1`} aria-hidden="true" />
      <span className="visually-hidden">{look.word}: </span>
      {note.message}
    </span>
  );
}
