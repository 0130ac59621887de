import { useState, type Dispatch, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { NoData } from '@/components/no-data.tsx';
import { ProductFinder } from '../../quotes/index.ts';
import type { ContractDetail, RenewalLine } from '../api/renewal-configuration.ts';
import type { DraftAction, EditLine } from './renewal-draft.ts';
import { FieldMessage, showDate } from './renewal-page-parts.tsx';
import type { RenewalEditor } from './use-renewal-editor.ts';

/* The pieces the renewal, co-term and true-up configurators share: a fact and the contract's, the
   products card with its finder, the frame of a lines table and a line's number input. */

/** What every lines table of the configurators is given. */
export interface LinesTableProps {
  lines: readonly EditLine[];
  priced: ReadonlyMap<string, RenewalLine>;
  currency: string;
  isReadOnly: boolean;
  problemAt: (key: string) => string | undefined;
  dispatch: Dispatch<DraftAction>;
}

/** The lines tables' common props, from the editor. */
export function linesTableProps(editor: RenewalEditor): LinesTableProps {
  return {
    lines: editor.state.lines,
    priced: editor.priced,
    currency: editor.quote.currency_code,
    isReadOnly: editor.isReadOnly,
    problemAt: editor.problemAt,
    dispatch: editor.dispatch,
  };
}

/**
 * A fact of a configurator's card: its label over its values (`<dd>`s). A fact the user sets
 * names its field with `htmlFor`, and the label is that field's.
 */
export function Fact({
  label,
  htmlFor,
  children,
}: {
  label: string;
  htmlFor?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="small text-body-secondary fw-normal">
        {htmlFor ? <label htmlFor={htmlFor}>{label}</label> : label}
      </dt>
      {children}
    </div>
  );
}

/** The contract a quote is about, with its term, as the first fact of the configurator's card. */
export function ContractFact({ label, contract }: { label: string; contract: ContractDetail }) {
  return (
    <Fact label={label}>
      <dd className="mb-0 fw-semibold" data-testid="contract-number">
        {contract.contract_number}
      </dd>
      <dd className="mb-0 small">
        {showDate(contract.start_date)} to {showDate(contract.end_date)}
      </dd>
    </Fact>
  );
}

/**
 * The products card: the line count, Add product (which opens the product finder, priced on
 * `priceDate`), and the lines table, or what an empty list means.
 */
export function ProductsCard({
  editor,
  priceDate,
  empty,
  className,
  children,
}: {
  editor: RenewalEditor;
  priceDate: string;
  empty: { title: string; message: string };
  className?: string;
  children: ReactNode;
}) {
  const { state, dispatch, isReadOnly, quote } = editor;
  const [showFinder, setShowFinder] = useState(false);
  const lineCount = state.lines.length;
  return (
    <>
      <div className={className ? `card ${className}` : 'card'}>
        <div className="card-header d-flex align-items-center justify-content-between gap-2 flex-wrap">
          <h2 className="h6 mb-0">
            Products{' '}
            <span className="text-body-secondary fw-normal">
              ({lineCount} {lineCount === 1 ? 'line' : 'lines'})
            </span>
          </h2>
          {isReadOnly ? null : (
            <Button size="sm" onClick={() => setShowFinder(true)}>
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              Add product
            </Button>
          )}
        </div>
        {lineCount === 0 ? (
          <NoData icon="bi-box-seam" title={empty.title} message={empty.message} />
        ) : (
          children
        )}
      </div>
      {isReadOnly ? null : (
        <ProductFinder
          show={showFinder}
          onHide={() => setShowFinder(false)}
          quoteId={quote.id}
          currency={quote.currency_code}
          priceDate={priceDate}
          onAdd={(sku) => dispatch({ type: 'add', sku })}
        />
      )}
    </>
  );
}

/** A column of a lines table: its heading, whether it holds figures (aligned right), its hint. */
export interface LinesColumn {
  label: string;
  isFigure?: boolean;
  title?: string;
}

/** A lines table: its headings, then the rows; `hasActions` adds the column of row buttons. */
export function LinesTableFrame({
  label,
  columns,
  hasActions = false,
  children,
}: {
  label: string;
  columns: readonly LinesColumn[];
  hasActions?: boolean;
  children: ReactNode;
}) {
  return (
    <Table responsive size="sm" className="renewal-lines align-middle mb-0" aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th
              scope="col"
              key={column.label}
              className={column.isFigure ? 'text-end' : undefined}
              title={column.title}
            >
              {column.label}
            </th>
          ))}
          {hasActions ? (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </Table>
  );
}

/** A number typed into a line of the draft, with the server's or the browser's message under it. */
export function LineNumberInput({
  line,
  field,
  label,
  isReadOnly,
  problemAt,
  dispatch,
  placeholder,
  inputMode = 'numeric',
  id = `${field}-${line.key}`,
  wholeNumber = false,
}: {
  line: EditLine;
  field: 'quantity' | 'uplift_percent' | 'manual_discount_percent' | 'measured_quantity';
  label: string;
  isReadOnly: boolean;
  problemAt: (key: string) => string | undefined;
  dispatch: Dispatch<DraftAction>;
  placeholder?: string;
  inputMode?: 'numeric' | 'decimal';
  id?: string;
  /** A count typed with the browser's number field (0 and up, in steps of 1). */
  wholeNumber?: boolean;
}) {
  const message = problemAt(`${line.key}.${field}`);
  return (
    <>
      <Form.Control
        size="sm"
        id={id}
        {...(wholeNumber ? { type: 'number', min: 0, step: 1 } : {})}
        className="text-end"
        inputMode={inputMode}
        aria-label={label}
        aria-describedby={message ? `${id}-error` : undefined}
        placeholder={placeholder}
        value={line[field]}
        disabled={isReadOnly}
        isInvalid={message !== undefined}
        onChange={(event) =>
          dispatch({ type: 'line', key: line.key, field, value: event.target.value })
        }
      />
      <FieldMessage id={`${id}-error`} message={message} />
    </>
  );
}
