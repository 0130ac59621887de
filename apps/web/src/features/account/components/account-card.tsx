import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';

/** One section of the account pages: a card under its heading. */
export function AccountCard(props: { title: string; children: ReactNode }) {
  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h6 mb-0">
        {props.title}
      </Card.Header>
      <Card.Body>{props.children}</Card.Body>
    </Card>
  );
}

/** At the top of a section: what its last change did, until it is closed. */
export function AccountNotice(props: { notice: string | null; onClose: () => void }) {
  if (!props.notice) return null;
  return (
    <Alert variant="success" dismissible onClose={props.onClose}>
      {props.notice}
    </Alert>
  );
}
