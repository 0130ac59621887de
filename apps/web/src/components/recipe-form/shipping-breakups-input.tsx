import type { FieldState, JsonValue, Lookups } from '@bastion/domain/forms/recipe';
import { enabledContractYears } from '@bastion/domain/validation/contract-years';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { asArray, asRecord, parseCount, textOf } from './composite-values.ts';
import { OptionSelect } from './option-select.tsx';
import { ShippingLinesHead } from './shipping-lines-head.tsx';
import { Message } from './secure-access-input.tsx';

interface ShippingBreakupsInputProps {
  field: FieldState;
  value: JsonValue | undefined;
  quoteType: string;
  contractLength: JsonValue | undefined;
  lookups: Lookups;
  /** Errors of this field, keyed as validateShippingBreakups keys them. */
  errors: Readonly<Record<string, string>>;
  id: string;
  onChange: (value: JsonValue | undefined) => void;
  onBlur: () => void;
}

/**
 * Shipping breakups (spec §3, §5): the quote's quantities split into lines by region and
 * incoterm — one quantity a line for STANDARD, a deployment schedule per year for ELA.
 */
export function ShippingBreakupsInput(props: ShippingBreakupsInputProps) {
  const { field, value, quoteType, contractLength, lookups, errors, id, onChange, onBlur } = props;
  const breakups = asRecord(value);
  const products = asArray(breakups.products).map(asRecord);
  const lines = asArray(breakups.shipping_quantities).map(asRecord);
  const isEla = quoteType === 'ELA';
  const years = enabledContractYears(
    typeof contractLength === 'number' || typeof contractLength === 'string'
      ? contractLength
      : null,
  );
  const productOptions = products.map((p) => ({
    value: textOf(p.id),
    label: textOf(p.name) || textOf(p.id),
  }));
  // A line's region and incoterm: each chosen from its lookup.
  const lookupColumns = [
    { key: 'region', options: lookups.shipping_regions ?? [] },
    { key: 'incoterm', options: lookups.incoterms ?? [] },
  ];

  const update = (changes: Record<string, JsonValue | undefined>) => {
    const next: Record<string, JsonValue> = { ...breakups };
    for (const [key, item] of Object.entries(changes)) {
      if (item === undefined) delete next[key];
      else next[key] = item;
    }
    onChange(next);
  };
  const setLine = (index: number, key: string, item: JsonValue | undefined) => {
    const next = lines.map((line, i) => {
      if (i !== index) return line;
      const copy: Record<string, JsonValue> = { ...line };
      if (item === undefined) delete copy[key];
      else copy[key] = item;
      return copy;
    });
    update({ shipping_quantities: next });
  };
  const productErrors = Object.entries(errors).filter(([key]) => key.startsWith('products.'));

  return (
    <fieldset className="recipe-field" onBlur={onBlur} disabled={field.is_disabled}>
      <legend className="fs-6 mb-2">{field.label}</legend>
      {isEla && products.length > 0 ? (
        <Table size="sm" className="mb-2" responsive>
          <caption className="caption-top">Quantities to ship, by contract year</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              {years.map((year) => (
                <th scope="col" key={year}>
                  Year {year}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={textOf(product.id)}>
                <th scope="row" className="fw-normal">
                  {textOf(product.name) || textOf(product.id)}
                </th>
                {years.map((year) => (
                  <td key={year}>
                    {textOf(product[`y${year}_manual_shipping_quantity`]) ||
                      textOf(product[`y${year}`]) ||
                      '0'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      {productErrors.map(([key, message]) => (
        <Message key={key} text={message} prefix={`${productNameOf(key, products)}: `} />
      ))}
      {isEla ? null : (
        <div className="row mb-2">
          <div className="col-12 col-md-4">
            <Form.Label htmlFor={`${id}-total`}>Total shipping quantity</Form.Label>
            <Form.Control
              id={`${id}-total`}
              type="number"
              min={0}
              step={1}
              value={textOf(breakups.shipping_quantity)}
              isInvalid={Boolean(errors.shipping_quantity)}
              onChange={(event) => update({ shipping_quantity: parseCount(event.target.value) })}
            />
            <Message text={errors.shipping_quantity} />
          </div>
        </div>
      )}
      <Table size="sm" className="align-middle mb-2 shipping-lines" responsive>
        <ShippingLinesHead
          columns={['Product', 'Region', 'Incoterm']
            .concat(isEla ? years.map((year) => `Year ${year}`) : ['Quantity'])
            .map((label) => ({ label }))}
        />
        <tbody>
          {lines.length === 0 ? (
            <tr>
              <td colSpan={isEla ? years.length + 4 : 5} className="text-body-secondary">
                No shipping lines yet.
              </td>
            </tr>
          ) : null}
          {lines.map((line, index) => {
            const at = `lines.${index}`;
            const name = `Line ${index + 1}`;
            return (
              <tr key={index}>
                <td>
                  <OptionSelect
                    label={`${name} product`}
                    options={productOptions}
                    value={textOf(line.sh_prod_id)}
                    isInvalid={false}
                    onChange={(next) => setLine(index, 'sh_prod_id', next)}
                  />
                </td>
                {lookupColumns.map(({ key, options }) => (
                  <td key={key}>
                    <OptionSelect
                      label={`${name} ${key}`}
                      options={options}
                      value={textOf(line[key])}
                      isInvalid={Boolean(errors[`${at}.${key}`])}
                      onChange={(next) => setLine(index, key, next)}
                    />
                    <Message text={errors[`${at}.${key}`]} />
                  </td>
                ))}
                {(isEla ? years.map((year) => `year${year}`) : ['quantity']).map((key) => (
                  <td key={key}>
                    <Form.Control
                      type="number"
                      min={0}
                      step={1}
                      aria-label={`${name} ${key.replace('year', 'year ')}`}
                      value={textOf(line[key])}
                      isInvalid={Boolean(errors[`${at}.${key}`])}
                      onChange={(event) => setLine(index, key, parseCount(event.target.value))}
                    />
                    <Message text={errors[`${at}.${key}`]} />
                  </td>
                ))}
                <td className="text-end">
                  <Button
                    variant="outline-danger"
                    size="sm"
                    aria-label={`Remove ${name.toLowerCase()}`}
                    onClick={() =>
                      update({ shipping_quantities: lines.filter((_, i) => i !== index) })
                    }
                  >
                    <i className="bi bi-trash" aria-hidden="true" />
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {lines.map((_, index) => (
        <Message
          key={index}
          text={errors[`lines.${index}.deployment_schedule`]}
          prefix={`Line ${index + 1}: `}
        />
      ))}
      <Button
        variant="outline-primary"
        size="sm"
        onClick={() => {
          const onlyProduct = productOptions.length === 1 ? productOptions[0]?.value : undefined;
          update({
            shipping_quantities: [...lines, onlyProduct ? { sh_prod_id: onlyProduct } : {}],
          });
        }}
      >
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        Add shipping line
      </Button>
    </fieldset>
  );
}

/** `products.<id>` or `products.<id>.year<N>` → the product's name, for a message's prefix. */
function productNameOf(key: string, products: readonly Record<string, JsonValue>[]): string {
  const id = key.replace(/^products\./, '').replace(/\.year\d+$/, '');
  const product = products.find((p) => textOf(p.id) === id);
  return (product && (textOf(product.name) || textOf(product.id))) || id;
}
