import { DISCOUNT_DESCRIPTIONS, DISCOUNT_NAMES } from '@bastion/domain/pricing/discount-names';
import type { Dispatch } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import type { RenewalLine } from '../api/renewal-configuration.ts';
import {
  needsUpliftReason,
  type DraftAction,
  type EditDrop,
  type EditLine,
} from './renewal-draft.ts';
import { RemoveRowButton } from '@/components/remove-row-button.tsx';
import { FieldMessage, moneyOrDash } from './renewal-page-parts.tsx';
import {
  LineNumberInput,
  LinesTableFrame,
  type LinesColumn,
  type LinesTableProps,
} from './renewal-products.tsx';

export const NO_SUCCESSOR = 'No successor SKU in the catalogue';

const RENEWAL_COLUMNS: readonly LinesColumn[] = [
  { label: 'Product and SKU type' },
  { label: 'Prior qty', isFigure: true },
  { label: 'Quantity', isFigure: true },
  { label: 'Prior unit net', isFigure: true },
  { label: 'Current list', isFigure: true },
  { label: 'Uplift %', isFigure: true },
  { label: `${DISCOUNT_NAMES.seller} %`, isFigure: true, title: DISCOUNT_DESCRIPTIONS.seller },
  { label: 'Renewal unit', isFigure: true },
  { label: 'Net', isFigure: true },
];

interface RowProps {
  line: EditLine;
  priced: RenewalLine | undefined;
  currency: string;
  defaultUplift: string;
  isReadOnly: boolean;
  problemAt: (key: string) => string | undefined;
  dispatch: Dispatch<DraftAction>;
}

/** Same SKU or its successor; the successor is refused where the catalogue names none. */
function SkuTypeSelect({ line, isReadOnly, problemAt, dispatch }: RowProps) {
  const message = problemAt(`${line.key}.sku_type`);
  const hasSuccessor = line.successor_sku !== null;
  const id = `sku-type-${line.key}`;
  const select = (
    <Form.Select
      size="sm"
      id={id}
      aria-label={`SKU type of ${line.sku}`}
      aria-describedby={
        [message ? `${id}-error` : null, hasSuccessor ? null : `${id}-hint`]
          .filter(Boolean)
          .join(' ') || undefined
      }
      value={line.sku_type ?? ''}
      disabled={isReadOnly}
      isInvalid={message !== undefined}
      onChange={(event) =>
        dispatch({
          type: 'sku-type',
          key: line.key,
          value: event.target.value === '' ? null : (event.target.value as 'SAME' | 'SUCCESSOR'),
        })
      }
    >
      {/* A deal-desk user starts with no SKU type: the server asks for one (spec §5). */}
      {line.sku_type === null ? <option value="">Select SKU type…</option> : null}
      <option value="SAME">Same SKU</option>
      <option
        value="SUCCESSOR"
        disabled={!hasSuccessor}
        title={hasSuccessor ? undefined : NO_SUCCESSOR}
      >
        Successor SKU
      </option>
    </Form.Select>
  );
  return (
    <div className="renewal-sku-type">
      {hasSuccessor ? (
        select
      ) : (
        <OverlayTrigger
          placement="top"
          overlay={<Tooltip id={`${id}-tip`}>{NO_SUCCESSOR}</Tooltip>}
        >
          {select}
        </OverlayTrigger>
      )}
      {hasSuccessor ? null : (
        <span id={`${id}-hint`} className="visually-hidden">
          {NO_SUCCESSOR}
        </span>
      )}
      {line.sku_type === 'SUCCESSOR' && line.successor_sku ? (
        <div className="small fw-semibold" data-testid="successor-sku">
          <i className="bi bi-arrow-right me-1" aria-hidden="true" />
          {line.successor_sku}
        </div>
      ) : line.successor_sku ? (
        <div className="small text-body-secondary">Successor: {line.successor_sku}</div>
      ) : null}
      <FieldMessage id={`${id}-error`} message={message} />
    </div>
  );
}

function RenewalRow(props: RowProps) {
  const { line, priced, currency, isReadOnly, problemAt, dispatch } = props;
  const isContractLine = line.entitlement_id !== null;
  const reasonMessage = problemAt(`${line.key}.uplift_reason`);
  const rowMessage = problemAt(`${line.key}.sku`) ?? problemAt(`${line.key}.entitlement_id`);
  const label = `${line.sku_name} (${line.sku})`;
  return (
    <tr data-testid={`renewal-line-${line.sku}`}>
      <td className="renewal-product">
        <div className="fw-semibold">{line.sku_name}</div>
        <div className="small text-body-secondary">
          {line.sku}
          {isContractLine ? null : <span className="badge text-bg-success ms-2">New</span>}
        </div>
        {isContractLine ? <SkuTypeSelect {...props} /> : null}
        <FieldMessage id={`row-${line.key}-error`} message={rowMessage} />
      </td>
      <td className="text-end">{line.prior_quantity ?? '—'}</td>
      <td className="renewal-number">
        <LineNumberInput
          line={line}
          field="quantity"
          label={`Quantity of ${label}`}
          isReadOnly={isReadOnly}
          problemAt={problemAt}
          dispatch={dispatch}
        />
      </td>
      <td className="text-end">{moneyOrDash(priced?.prior_unit_net_minor, currency)}</td>
      <td className="text-end">{moneyOrDash(priced?.current_unit_list_minor, currency)}</td>
      <td className="renewal-uplift">
        {isContractLine ? (
          <>
            <LineNumberInput
              line={line}
              field="uplift_percent"
              label={`Uplift % of ${label}`}
              isReadOnly={isReadOnly}
              problemAt={problemAt}
              dispatch={dispatch}
              placeholder={props.defaultUplift}
              inputMode="decimal"
            />
            {needsUpliftReason(line, props.defaultUplift) ? (
              <>
                <Form.Control
                  size="sm"
                  className="mt-1"
                  id={`uplift-reason-${line.key}`}
                  aria-label={`Uplift reason of ${label}`}
                  aria-describedby={reasonMessage ? `uplift-reason-${line.key}-error` : undefined}
                  placeholder="Reason (required)"
                  required
                  value={line.uplift_reason}
                  disabled={isReadOnly}
                  isInvalid={reasonMessage !== undefined}
                  onChange={(event) =>
                    dispatch({
                      type: 'line',
                      key: line.key,
                      field: 'uplift_reason',
                      value: event.target.value,
                    })
                  }
                />
                <FieldMessage id={`uplift-reason-${line.key}-error`} message={reasonMessage} />
              </>
            ) : null}
          </>
        ) : (
          <span className="text-body-secondary small">—</span>
        )}
      </td>
      <td className="renewal-number">
        <LineNumberInput
          line={line}
          field="manual_discount_percent"
          label={`${DISCOUNT_NAMES.seller} % of ${label}`}
          isReadOnly={isReadOnly}
          problemAt={problemAt}
          dispatch={dispatch}
          placeholder="0"
          inputMode="decimal"
        />
      </td>
      <td className="text-end">{moneyOrDash(priced?.renewal_unit_minor, currency)}</td>
      <td className="text-end fw-semibold" data-testid="line-net">
        {moneyOrDash(priced?.net_minor, currency)}
      </td>
      <td className="text-end text-nowrap">
        {isReadOnly ? null : isContractLine ? (
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={`Drop ${label}`}
            onClick={() => dispatch({ type: 'drop', key: line.key })}
          >
            Drop
          </Button>
        ) : (
          <RemoveRowButton
            name={label}
            onRemove={() => dispatch({ type: 'remove', key: line.key })}
          />
        )}
      </td>
    </tr>
  );
}

/** The renewed contract lines and new products of a renewal quote. */
export function RenewalLinesTable({
  lines,
  priced,
  ...rest
}: LinesTableProps & { defaultUplift: string }) {
  return (
    <LinesTableFrame label="Renewal lines" columns={RENEWAL_COLUMNS} hasActions>
      {lines.map((line) => (
        <RenewalRow key={line.key} line={line} priced={priced.get(line.key)} {...rest} />
      ))}
    </LinesTableFrame>
  );
}

/** Contract lines the customer does not renew, each with the churn reason it needs. */
export function DroppedLines({
  drops,
  isReadOnly,
  problemAt,
  dispatch,
}: {
  drops: readonly EditDrop[];
  isReadOnly: boolean;
  problemAt: (key: string) => string | undefined;
  dispatch: Dispatch<DraftAction>;
}) {
  if (drops.length === 0) return null;
  return (
    <section
      className="card mt-3"
      aria-labelledby="dropped-lines-title"
      data-testid="dropped-lines"
    >
      <div className="card-header">
        <h2 className="h6 mb-0" id="dropped-lines-title">
          Dropped lines <span className="text-body-secondary fw-normal">({drops.length})</span>
        </h2>
      </div>
      <ul className="list-group list-group-flush">
        {drops.map((drop) => {
          const id = `drop-reason-${drop.entitlement_id}`;
          const message = problemAt(`drop:${drop.entitlement_id}.reason`);
          return (
            <li
              key={drop.entitlement_id}
              className="list-group-item d-flex gap-3 align-items-start flex-wrap"
            >
              <div className="renewal-drop-sku">
                <div className="fw-semibold">{drop.sku_name}</div>
                <div className="small text-body-secondary">
                  {drop.sku} × {drop.quantity}
                </div>
              </div>
              <div className="flex-grow-1">
                <Form.Label htmlFor={id} className="small mb-1">
                  Churn reason <span aria-hidden="true">*</span>
                </Form.Label>
                <Form.Control
                  id={id}
                  size="sm"
                  required
                  maxLength={500}
                  value={drop.reason}
                  disabled={isReadOnly}
                  isInvalid={message !== undefined}
                  aria-describedby={message ? `${id}-error` : undefined}
                  onChange={(event) =>
                    dispatch({
                      type: 'drop-reason',
                      entitlement_id: drop.entitlement_id,
                      value: event.target.value,
                    })
                  }
                />
                <FieldMessage id={`${id}-error`} message={message} />
              </div>
              {isReadOnly ? null : (
                <Button
                  size="sm"
                  variant="outline-secondary"
                  className="align-self-center"
                  aria-label={`Restore ${drop.sku}`}
                  onClick={() => dispatch({ type: 'restore', entitlement_id: drop.entitlement_id })}
                >
                  <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
                  Restore
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
