import Form from 'react-bootstrap/Form';

/* The two filters both price pages put above their prices: a SKU search and a currency. */

/** The search of SKUs by code or name, as typed (the page debounces it). */
export function SkuSearchInput(props: {
  label: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <Form.Control
      type="search"
      aria-label={props.label}
      placeholder="SKU code or name"
      className="w-auto flex-grow-1"
      style={{ maxWidth: '24rem' }}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

/** The currency of the prices shown: one of `codes`, or all of them as `everyLabel` says. */
export function CurrencySelect(props: {
  value: string;
  codes: readonly string[];
  everyLabel?: string;
  onChange: (code: string) => void;
}) {
  return (
    <Form.Select
      aria-label="Currency"
      className="w-auto"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    >
      {props.everyLabel ? <option value="">{props.everyLabel}</option> : null}
      {props.codes.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </Form.Select>
  );
}
