import { FieldRow } from '@/components/form/field-row.tsx';
import { TextField } from '@/components/form/fields.tsx';

/** Days and name of a payment term: the account's, the opportunity's, or the partner's. */
export function PaymentTermFields(props: {
  prefix?: 'partner_';
  daysLabel?: string;
  nameLabel?: string;
  placeholder?: string;
}) {
  const prefix = props.prefix ?? '';
  return (
    <FieldRow widths={[5, 7]} breakpoint="xs">
      <TextField
        name={`${prefix}payment_term_days`}
        label={props.daysLabel ?? 'Payment term (days)'}
        inputMode="numeric"
      />
      <TextField
        name={`${prefix}payment_term_name`}
        label={props.nameLabel ?? 'Payment term name'}
        maxLength={60}
        placeholder={props.placeholder ?? 'Net 30'}
      />
    </FieldRow>
  );
}
