import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

interface NoDataProps {
  title?: string;
  message?: string;
  /** A bootstrap-icons class, e.g. "bi-inbox". */
  icon?: string;
  /** What to do next (a button or link), under the message. */
  children?: ReactNode;
}

/** The empty state shown wherever a list or page has nothing to show. */
export function NoData({
  title = 'No data to show yet',
  message = 'When there is something to show, it will appear here.',
  icon = 'bi-inbox',
  children,
}: NoDataProps) {
  return (
    <Card className="no-data text-center border-dashed">
      <Card.Body className="py-5">
        <i className={`bi ${icon} no-data-icon`} aria-hidden="true" />
        <h2 className="h5 mt-3">{title}</h2>
        <p className="text-body-secondary mb-0">{message}</p>
        {children ? (
          <div className="d-flex flex-wrap justify-content-center gap-2 mt-3">{children}</div>
        ) : null}
      </Card.Body>
    </Card>
  );
}
