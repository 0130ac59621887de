import { lazy, Suspense, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import { useSession } from '../../auth/index.ts';
import { useMyBroadcastsInStep } from '../../broadcasts/index.ts';
import { useMyNotificationCount } from '../api/notifications.ts';

const NotificationPanel = lazy(() =>
  import('./notification-panel.tsx').then((module) => ({ default: module.NotificationPanel })),
);

/** "Notifications, 3 unread": the bell's accessible name says the count. */
export const bellLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

/**
 * The top navigation's bell (issues 19 and 37): what waits for the user (approvals, decisions on
 * their quotes, mentions, acceptances, quotes about to expire) and the administrators'
 * broadcasts, both polled; the badge counts the unread of both.
 */
export function NotificationBell() {
  const broadcasts = useMyBroadcastsInStep();
  const notificationCount = useMyNotificationCount();
  const session = useSession();
  const isActingAs = session.user.impersonated_by !== null;
  const [isOpen, setIsOpen] = useState(false);
  // The panel's code loads the first time the bell is opened: every page carries the bell.
  const [hasOpened, setHasOpened] = useState(false);
  const unread = broadcasts.unreadCount + (notificationCount.data?.unread_count ?? 0);
  const shown = unread > 99 ? '99+' : String(unread);
  const close = () => setIsOpen(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-link text-white p-1 position-relative"
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        <i className={`bi ${unread > 0 ? 'bi-bell-fill' : 'bi-bell'} fs-5`} aria-hidden="true" />
        {unread > 0 ? (
          <Badge bg="danger" pill className="broadcast-bell-badge" aria-hidden="true">
            {shown}
          </Badge>
        ) : null}
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <NotificationPanel
            isOpen={isOpen}
            onClose={close}
            isActingAs={isActingAs}
            broadcasts={broadcasts.list}
          />
        </Suspense>
      ) : null}
    </>
  );
}
