import type { FieldState, JsonValue } from '@bastion/domain/forms/recipe';
import { enabledContractYears } from '@bastion/domain/validation/contract-years';
import { LAP_SIZES, PRICING_MODELS } from '@bastion/domain/validation/secure-access';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { asRecord, parseCount, textOf } from './composite-values.ts';
import { OptionSelect } from './option-select.tsx';

interface SecureAccessInputProps {
  field: FieldState;
  value: JsonValue | undefined;
  /** Read for quote_type and contract_length, which decide the year columns. */
  quoteType: string;
  contractLength: JsonValue | undefined;
  /** Errors of this field, keyed as validateSecureAccess keys them. */
  errors: Readonly<Record<string, string>>;
  id: string;
  onChange: (value: JsonValue | undefined) => void;
  onBlur: () => void;
}

const SIZE_LABELS: Record<(typeof LAP_SIZES)[number], string> = {
  xs: 'Extra small sites',
  s: 'Small sites',
  m: 'Medium sites',
  l: 'Large sites',
};

/** Secure-access sizing (spec §3): a pricing model, then counts per contract year. */
export function SecureAccessInput(props: SecureAccessInputProps) {
  const { field, value, quoteType, contractLength, errors, id, onChange, onBlur } = props;
  const config = asRecord(value);
  const isEla = quoteType === 'ELA';
  const suffixes = isEla
    ? enabledContractYears(
        typeof contractLength === 'number' || typeof contractLength === 'string'
          ? contractLength
          : null,
      ).map((year) => ({ suffix: `y_${year}`, label: `Year ${year}` }))
    : [{ suffix: '1', label: 'Quantity' }];
  const model = textOf(config.pricing_model);
  const set = (key: string, next: JsonValue | undefined) => {
    const copy: Record<string, JsonValue> = { ...config };
    if (next === undefined) delete copy[key];
    else copy[key] = next;
    onChange(Object.keys(copy).length > 0 ? copy : undefined);
  };
  const rows =
    model === 'Local Access Point Based'
      ? [
          { key: 'number_of_access_points', label: 'Access points' },
          { key: 'number_of_devices_per_lap', label: 'Devices per access point' },
        ]
      : model === 'Device Based'
        ? LAP_SIZES.map((size) => ({
            key: `number_of_local_access_points_${size}`,
            label: SIZE_LABELS[size],
          }))
        : [];

  return (
    <fieldset className="recipe-field" onBlur={onBlur} disabled={field.is_disabled}>
      <legend className="fs-6 mb-2">{field.label}</legend>
      <div className="row g-2 mb-2">
        <div className="col-12 col-md-6">
          <Form.Label htmlFor={`${id}-model`}>Pricing model</Form.Label>
          <Form.Select
            id={`${id}-model`}
            value={model}
            isInvalid={Boolean(errors.pricing_model)}
            onChange={(event) => set('pricing_model', event.target.value || undefined)}
          >
            <option value="">Select…</option>
            {PRICING_MODELS.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </Form.Select>
          <Message text={errors.pricing_model} />
        </div>
        <div className="col-12 col-md-6">
          <Form.Label htmlFor={`${id}-sku`}>SKU type</Form.Label>
          <OptionSelect
            id={`${id}-sku`}
            options={field.options ?? []}
            value={textOf(config.sku_type)}
            isInvalid={Boolean(errors.sku_type)}
            onChange={(next) => set('sku_type', next)}
          />
          <Message text={errors.sku_type} />
        </div>
      </div>
      {rows.length > 0 ? (
        <Table size="sm" className="align-middle mb-1" responsive>
          <thead>
            <tr>
              <th scope="col">{model === 'Device Based' ? 'Devices' : 'Sizing'}</th>
              {suffixes.map((column) => (
                <th scope="col" key={column.suffix}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="fw-normal">
                  {row.label}
                </th>
                {suffixes.map((column) => {
                  const key = `${row.key}_${column.suffix}`;
                  return (
                    <td key={key}>
                      <Form.Control
                        type="number"
                        min={0}
                        step={1}
                        aria-label={`${row.label}, ${column.label}`}
                        value={textOf(config[key])}
                        isInvalid={Boolean(errors[key])}
                        onChange={(event) => set(key, parseCount(event.target.value))}
                      />
                      <Message text={errors[key]} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      {suffixes.map((column) => (
        <Message
          key={column.suffix}
          text={errors[`number_of_local_access_points_${column.suffix}`]}
          prefix={isEla ? `${column.label}: ` : ''}
        />
      ))}
      <Message text={errors.years} />
    </fieldset>
  );
}

export function Message({ text, prefix = '' }: { text: string | undefined; prefix?: string }) {
  return text ? (
    <div className="invalid-feedback d-block" role="alert">
      {prefix}
      {text}
    </div>
  ) : null;
}
