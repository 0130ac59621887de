import Form from 'react-bootstrap/Form';

/**
 * A choice from a short list inside a table row or a composite field, named by aria-label; its
 * empty choice means "none yet". (Forms bound to react-hook-form use the kit's SelectField.)
 */
export function OptionSelect({
  id,
  options,
  value,
  isInvalid,
  isDisabled,
  label,
  size,
  onChange,
}: {
  id?: string;
  options: readonly { value: string; label: string }[];
  value: string;
  isInvalid: boolean;
  isDisabled?: boolean;
  label?: string;
  size?: 'sm';
  onChange: (value: string | undefined) => void;
}) {
  return (
    <Form.Select
      id={id}
      size={size}
      aria-label={label}
      value={value}
      disabled={isDisabled}
      isInvalid={isInvalid}
      onChange={(event) => onChange(event.target.value || undefined)}
    >
      <option value="">Select…</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Form.Select>
  );
}
