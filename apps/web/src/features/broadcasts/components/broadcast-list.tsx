import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { NoData } from '@/components/no-data.tsx';
import { useMarkBroadcastRead, type MyBroadcast } from '../api/my-broadcasts.ts';
import { BroadcastMarkdown } from './broadcast-markdown.tsx';
import { formatBroadcastTime } from './broadcast-time.ts';
import './broadcasts.css';
import { SeverityBadge } from './severity-badge.tsx';

/** The active broadcasts for the user, each to mark as read (the bell's Announcements). */
export function BroadcastList({
  broadcasts,
  isActingAs,
}: {
  broadcasts: readonly MyBroadcast[];
  isActingAs: boolean;
}) {
  const markRead = useMarkBroadcastRead();
  if (broadcasts.length === 0) {
    return (
      <NoData
        icon="bi-bell"
        title="No messages"
        message="Announcements from your administrators show here while they are current."
      />
    );
  }
  return (
    <>
      {markRead.isError ? (
        <Alert variant="danger" className="small">
          {markRead.error.message}
        </Alert>
      ) : null}
      <ul className="list-unstyled mb-0" aria-label="Your messages">
        {broadcasts.map((broadcast) => (
          <li
            key={broadcast.id}
            className={`border rounded p-3 mb-3 ${broadcast.is_read ? '' : 'border-primary bg-primary-subtle'}`}
            aria-label={`${broadcast.title}${broadcast.is_read ? '' : ', unread'}`}
          >
            <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
              <SeverityBadge severity={broadcast.severity} />
              {broadcast.is_read ? null : <Badge bg="primary">New</Badge>}
              <span className="small text-body-secondary ms-auto">
                {formatBroadcastTime(broadcast.starts_at)}
              </span>
            </div>
            <h3 className="h6 mb-2">{broadcast.title}</h3>
            {broadcast.body ? <BroadcastMarkdown text={broadcast.body} className="small" /> : null}
            {broadcast.is_read ? null : (
              <div className="mt-2 text-end">
                <Button
                  size="sm"
                  variant="outline-primary"
                  aria-label={`Mark “${broadcast.title}” as read`}
                  disabled={isActingAs || markRead.isPending}
                  onClick={() => markRead.mutate(broadcast)}
                >
                  <i className="bi bi-check2 me-1" aria-hidden="true" />
                  Mark as read
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
