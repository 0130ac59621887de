import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useQuoteComments } from '../api/comments.ts';
import { QuoteCommentsPanel } from './quote-comments-panel.tsx';

/**
 * "Comments" with how many there are, in the header of every quote page; opens the side panel.
 * The count refreshes every minute, and the list every poll while the panel is open.
 */
export function QuoteCommentsButton({ quoteId }: { quoteId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const query = useQuoteComments(quoteId, isOpen);
  const count = query.data?.comments.length;
  return (
    <>
      <Button variant="outline-secondary" className="no-print" onClick={() => setIsOpen(true)}>
        <i className="bi bi-chat-left-text me-1" aria-hidden="true" />
        Comments
        {count === undefined ? null : (
          <Badge pill bg={count > 0 ? 'primary' : 'secondary'} className="ms-1">
            {count}
          </Badge>
        )}
      </Button>
      <QuoteCommentsPanel
        quoteId={quoteId}
        show={isOpen}
        onHide={() => setIsOpen(false)}
        query={query}
      />
    </>
  );
}
