import { Children, type ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';

/**
 * Fields side by side, each `widths[i]` twelfths of the row wide: from the `sm` breakpoint on, or
 * at every width with `breakpoint="xs"` (below it they stack).
 */
export function FieldRow(props: {
  widths: readonly number[];
  breakpoint?: 'xs' | 'sm';
  children: ReactNode;
}) {
  const breakpoint = props.breakpoint ?? 'sm';
  return (
    <Row>
      {Children.toArray(props.children).map((field, index) => (
        <Col key={index} {...{ [breakpoint]: props.widths[index] }}>
          {field}
        </Col>
      ))}
    </Row>
  );
}
