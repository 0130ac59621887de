import Card from 'react-bootstrap/Card';

interface NoDataProps {
  title?: string;
  message?: string;
  /** A bootstrap-icons class, e.g. "bi-inbox". */
  icon?: string;
}

/** The empty state shown wherever a list or page has nothing to show. */
export function NoData({
  title = 'No data to show yet',
  message = 'When there is something to show, it will appear here.',
  icon = 'bi-inbox',
}: NoDataProps) {
  return (
    <Card className="no-data text-center border-dashed">
      <Card.Body className="py-5">
        <i className={`bi ${icon} no-data-icon`} aria-hidden="true" />
        <h2 className="h5 mt-3">{title}</h2>
        <p className="text-body-secondary mb-0">{message}</p>
      </Card.Body>
    </Card>
  );
}
