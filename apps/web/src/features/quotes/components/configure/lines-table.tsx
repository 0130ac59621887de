import { formatCurrency } from '@bastion/domain/format/currency';
import {
  DISCOUNT_DESCRIPTIONS,
  DISCOUNT_NAMES,
  MARGIN_NAMES,
} from '@bastion/domain/pricing/discount-names';
import type { RuleMessageView } from '@bastion/domain/product-rules/schemas';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef, type Dispatch } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { LinePrice } from './pricing-view.ts';
import { lineProblems, type DraftLine, type LinesAction } from './line-state.ts';
import { MarginCells, RuleNote, UnitListCell } from './line-cells.tsx';
import { quantityHeadings } from '../quote-facts.tsx';

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
  /** Issue 38: the lines selected for a change to several at once (absent: no selection). */
  selection?: LineSelection | undefined;
}

/** Issue 38: which lines are selected, and how a click changes it (shift: a range). */
export interface LineSelection {
  selected: ReadonlySet<string>;
  onToggle: (key: string, index: number, isRange: boolean) => void;
  onToggleAll: (selectAll: boolean) => void;
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
  const selection = props.selection;
  const selectWidth = selection ? 1.75 : 0;
  // The selection boxes take their room from the product's: the line still fits at 1440 px.
  const productWidth = (props.showsMargin ? 12 : 14) - (selection ? selectWidth + 0.5 : 0);
  const columns = `${selection ? `${selectWidth}rem ` : ''}minmax(${productWidth}rem, 3fr) ${unitListWidth}rem repeat(${quantityColumns}, 4.75rem) ${figureColumns.map((w) => `${w}rem`).join(' ')} 7.5rem 4rem`;
  const figuresWidth = figureColumns.reduce((sum, w) => sum + w, 0);
  // Below this width the lines scroll sideways together with their header.
  const minWidth = `${selectWidth + (selection ? 0.5 : 0) + productWidth + unitListWidth + quantityColumns * 4.75 + figuresWidth + 7.5 + 4 + (quantityColumns + figureColumns.length + 3) * 0.5 + 1.5}rem`;

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
        {selection ? (
          <span role="columnheader">
            <SelectAll lines={lines} selection={selection} />
          </span>
        ) : null}
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
                isSelected={selection?.selected.has(line.key)}
                onToggle={selection?.onToggle}
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
  /** Undefined when lines cannot be selected. */
  isSelected: boolean | undefined;
  onToggle: LineSelection['onToggle'] | undefined;
}

/** The header's box: every line, or none; mixed while some are selected. */
function SelectAll({
  lines,
  selection,
}: {
  lines: readonly DraftLine[];
  selection: LineSelection;
}) {
  const selectable = lines.filter((line) => line.parentKey === undefined);
  const count = selectable.filter((line) => selection.selected.has(line.key)).length;
  const all = count > 0 && count === selectable.length;
  return (
    <Form.Check
      aria-label={all ? 'Clear the selection' : 'Select every line'}
      className="mb-0 min-h-0"
      checked={all}
      disabled={selectable.length === 0}
      ref={(input: HTMLInputElement | null) => {
        if (input) input.indeterminate = count > 0 && !all;
      }}
      onChange={() => selection.onToggleAll(!all)}
    />
  );
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
    a.isSelected === b.isSelected &&
    a.onToggle === b.onToggle &&
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
      {props.isSelected === undefined ? null : (
        <div role="cell">
          {isComponent ? null : (
            <Form.Check
              aria-label={`Select ${label}`}
              className="mb-0 min-h-0"
              checked={props.isSelected}
              readOnly
              onClick={(event) =>
                props.onToggle?.(
                  line.key,
                  props.index,
                  (event as { shiftKey?: boolean }).shiftKey === true,
                )
              }
            />
          )}
        </div>
      )}
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
