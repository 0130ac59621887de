import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { DISCOUNT_NAMES } from '@bastion/domain/pricing/discount-names';
import type { ManyLinesChange } from './line-state.ts';

const WHOLE = /^\d{1,7}$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/**
 * Issue 38: what can be done to the selected lines at once — a quantity (one year or every
 * year), the seller's discount, the high-availability pair, fill down, remove — and Undo of the
 * last such change until the next save. The page prices the result as for any edit.
 */
export function MassEditBar(props: {
  selectedCount: number;
  years: number;
  canPair: boolean;
  canUndo: boolean;
  onChange: (change: ManyLinesChange) => void;
  onFillDown: (field: 'quantities' | 'discount') => void;
  onRemove: () => void;
  onClear: () => void;
  onUndo: () => void;
}) {
  const [quantity, setQuantity] = useState('');
  const [year, setYear] = useState<'all' | number>('all');
  const [discount, setDiscount] = useState('');
  const quantityProblem =
    quantity.trim() !== '' && !WHOLE.test(quantity.trim()) ? 'A whole number of 0 or more.' : null;
  const discountProblem =
    discount.trim() !== '' && (!PERCENT.test(discount.trim()) || Number(discount) > 100)
      ? 'Between 0 and 100, at most 2 decimals.'
      : null;
  const count = props.selectedCount;
  if (count === 0) {
    return props.canUndo ? (
      <div className="config-mass-edit d-flex align-items-center gap-2 px-3 py-2 border-bottom">
        <Button size="sm" variant="outline-secondary" onClick={props.onUndo}>
          <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
          Undo the last change to several lines
        </Button>
      </div>
    ) : null;
  }
  return (
    <div
      className="config-mass-edit d-flex flex-wrap align-items-end gap-3 px-3 py-2 border-bottom bg-body-tertiary"
      role="group"
      aria-label="Change the selected lines"
    >
      <strong className="align-self-center" aria-live="polite">
        {count} {count === 1 ? 'line' : 'lines'} selected
      </strong>
      <Form
        className="d-flex align-items-end gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          if (quantity.trim() === '' || quantityProblem) return;
          props.onChange({ quantity: { year, value: quantity.trim() } });
        }}
      >
        <Form.Group controlId="mass-quantity">
          <Form.Label className="small mb-0">Quantity</Form.Label>
          <InputGroup size="sm">
            {props.years > 1 ? (
              <Form.Select
                aria-label="Which year's quantity"
                value={String(year)}
                onChange={(event) =>
                  setYear(event.target.value === 'all' ? 'all' : Number(event.target.value))
                }
                style={{ maxWidth: '7.5rem' }}
              >
                <option value="all">Every year</option>
                {Array.from({ length: props.years }, (_, i) => (
                  <option key={i} value={i}>
                    Year {i + 1}
                  </option>
                ))}
              </Form.Select>
            ) : null}
            <Form.Control
              inputMode="numeric"
              value={quantity}
              isInvalid={quantityProblem !== null}
              onChange={(event) => setQuantity(event.target.value)}
              style={{ maxWidth: '6rem' }}
            />
            <Button type="submit" variant="outline-primary" disabled={quantity.trim() === ''}>
              Set
            </Button>
            <Form.Control.Feedback type="invalid">{quantityProblem}</Form.Control.Feedback>
          </InputGroup>
        </Form.Group>
      </Form>
      <Form
        className="d-flex align-items-end gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          if (discountProblem) return;
          props.onChange({ discount: discount.trim() });
        }}
      >
        <Form.Group controlId="mass-discount">
          <Form.Label className="small mb-0">{DISCOUNT_NAMES.seller} %</Form.Label>
          <InputGroup size="sm">
            <Form.Control
              inputMode="decimal"
              placeholder="0"
              value={discount}
              isInvalid={discountProblem !== null}
              onChange={(event) => setDiscount(event.target.value)}
              style={{ maxWidth: '6rem' }}
            />
            <Button type="submit" variant="outline-primary">
              Set
            </Button>
            <Form.Control.Feedback type="invalid">{discountProblem}</Form.Control.Feedback>
          </InputGroup>
        </Form.Group>
      </Form>
      {props.canPair ? (
        <div className="d-flex gap-1">
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => props.onChange({ highAvailability: true })}
          >
            HA pair on
          </Button>
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => props.onChange({ highAvailability: false })}
          >
            HA pair off
          </Button>
        </div>
      ) : null}
      <Dropdown>
        <Dropdown.Toggle size="sm" variant="outline-primary" id="mass-fill-down">
          Fill down
        </Dropdown.Toggle>
        <Dropdown.Menu>
          <Dropdown.Item as="button" onClick={() => props.onFillDown('quantities')}>
            The top line's quantities
          </Dropdown.Item>
          <Dropdown.Item as="button" onClick={() => props.onFillDown('discount')}>
            The top line's {DISCOUNT_NAMES.seller.toLowerCase()}
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
      <Button size="sm" variant="outline-danger" onClick={props.onRemove}>
        <i className="bi bi-trash me-1" aria-hidden="true" />
        Remove
      </Button>
      <Button size="sm" variant="link" onClick={props.onClear}>
        Clear selection
      </Button>
      {props.canUndo ? (
        <Button size="sm" variant="outline-secondary" className="ms-auto" onClick={props.onUndo}>
          <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
          Undo
        </Button>
      ) : null}
    </div>
  );
}
