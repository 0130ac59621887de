import { formatDateTime } from '@bastion/domain/format/date-time';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { NoData } from '@/components/no-data.tsx';
import { useMarkNotificationsRead, type NotificationView } from '../api/notifications.ts';

const KIND_ICONS: Readonly<Record<NotificationView['kind'], string>> = {
  approval_waiting: 'bi-hand-index',
  quote_approved: 'bi-check-circle',
  quote_rejected: 'bi-x-circle',
  quote_recalled: 'bi-arrow-counterclockwise',
  mentioned: 'bi-at',
  quote_accepted: 'bi-pen',
  quote_expiring: 'bi-hourglass-bottom',
};

/**
 * The events the user acts on, newest first: each opens its page (and is read by that), or is
 * marked read where it stands. An administrator acting as the user leaves them unread.
 */
export function NotificationList({
  notifications,
  isActingAs,
  onOpen,
}: {
  notifications: readonly NotificationView[];
  isActingAs: boolean;
  onOpen: () => void;
}) {
  const markRead = useMarkNotificationsRead();
  if (notifications.length === 0) {
    return (
      <NoData
        icon="bi-bell"
        title="Nothing for you"
        message="Approvals waiting for you, decisions on your quotes, mentions and acceptances show here."
      />
    );
  }
  const unread = notifications.filter((n) => !n.is_read);
  return (
    <>
      {markRead.isError ? (
        <Alert variant="danger" className="small">
          {markRead.error.message}
        </Alert>
      ) : null}
      {unread.length > 0 && !isActingAs ? (
        <div className="text-end mb-2">
          <Button
            size="sm"
            variant="link"
            disabled={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            Mark all as read
          </Button>
        </div>
      ) : null}
      <ul className="list-unstyled mb-0" aria-label="For you">
        {notifications.map((notification) => (
          <li
            key={notification.id}
            className={`border rounded p-2 mb-2 ${notification.is_read ? '' : 'border-primary bg-primary-subtle'}`}
            aria-label={`${notification.title}${notification.is_read ? '' : ', unread'}`}
          >
            <div className="d-flex align-items-start gap-2">
              <i className={`bi ${KIND_ICONS[notification.kind]} mt-1`} aria-hidden="true" />
              <div className="min-w-0 flex-grow-1">
                <Link
                  to={notification.link_path}
                  className="fw-semibold d-block"
                  onClick={() => {
                    if (!notification.is_read && !isActingAs) {
                      markRead.mutate({ ids: [notification.id] });
                    }
                    onOpen();
                  }}
                >
                  {notification.title}
                </Link>
                {notification.body ? <div className="small">{notification.body}</div> : null}
                <div className="small text-body-secondary">
                  {formatDateTime(new Date(notification.created_at).getTime() / 1000)}
                  {notification.is_read ? null : (
                    <Badge bg="primary" className="ms-2">
                      New
                    </Badge>
                  )}
                </div>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
