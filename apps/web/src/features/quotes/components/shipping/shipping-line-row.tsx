import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { OptionSelect } from '@/components/recipe-form/option-select.tsx';
import type { ShippingOption } from '../../api/shipping.ts';
import type { DraftLine } from './shipping-draft.ts';

/** One shipping line of a product: region, incoterm, its count (a year each on an ELA). */
export function ShippingLineRow({
  line,
  index,
  label,
  isEla,
  isReadOnly,
  regions,
  incoterms,
  errors,
  onChange,
  onRemove,
}: {
  line: DraftLine;
  /** The line's place among all the quote's lines, as the server's messages name it. */
  index: number;
  /** "Firewall (BX-100F-HW), shipping line 2". */
  label: string;
  isEla: boolean;
  isReadOnly: boolean;
  regions: readonly ShippingOption[];
  incoterms: readonly ShippingOption[];
  errors: Readonly<Record<string, string>>;
  onChange: (next: Partial<DraftLine>) => void;
  onRemove: () => void;
}) {
  const choice = (key: 'region' | 'incoterm', name: string, options: readonly ShippingOption[]) => {
    const error = errors[`lines.${index}.${key}`];
    return (
      <td>
        <OptionSelect
          size="sm"
          label={`${name} of ${label}`}
          options={options}
          value={line[key]}
          isDisabled={isReadOnly}
          isInvalid={Boolean(error)}
          onChange={(value) => onChange({ [key]: value ?? '' })}
        />
        {error ? <div className="invalid-feedback d-block">{error}</div> : null}
      </td>
    );
  };
  return (
    <tr>
      {choice('region', 'Region', regions)}
      {choice('incoterm', 'Incoterm', incoterms)}
      {line.counts.map((count, i) => {
        const error =
          errors[`lines.${index}.${isEla ? `year${i + 1}` : 'quantity'}`] ??
          (i === 0 ? errors[`lines.${index}.deployment_schedule`] : undefined);
        return (
          <td key={i} className="shipping-count">
            <Form.Control
              size="sm"
              className="text-end"
              inputMode="numeric"
              aria-label={isEla ? `Year ${i + 1} of ${label}` : `Quantity of ${label}`}
              value={count}
              disabled={isReadOnly}
              isInvalid={Boolean(error)}
              onChange={(event) =>
                onChange({ counts: line.counts.map((c, j) => (j === i ? event.target.value : c)) })
              }
            />
            {error ? <div className="invalid-feedback d-block">{error}</div> : null}
          </td>
        );
      })}
      <td className="text-end">
        {isReadOnly ? null : (
          <Button
            size="sm"
            variant="link"
            className="text-danger p-1"
            aria-label={`Remove ${label}`}
            onClick={onRemove}
          >
            <i className="bi bi-trash" aria-hidden="true" />
          </Button>
        )}
      </td>
    </tr>
  );
}
