import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
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
    <Row>
      <Col xs={5}>
        <TextField
          name={`${prefix}payment_term_days`}
          label={props.daysLabel ?? 'Payment term (days)'}
          inputMode="numeric"
        />
      </Col>
      <Col xs={7}>
        <TextField
          name={`${prefix}payment_term_name`}
          label={props.nameLabel ?? 'Payment term name'}
          maxLength={60}
          placeholder={props.placeholder ?? 'Net 30'}
        />
      </Col>
    </Row>
  );
}
