import type { UseQueryResult } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import type { MyBroadcasts } from '@bastion/domain/broadcasts/schemas';
import { SidePanel } from '@/components/side-panel.tsx';
import { BroadcastList } from '../../broadcasts/index.ts';
import { useMyNotifications } from '../api/notifications.ts';
import { NotificationList } from './notification-list.tsx';

/** The bell's panel: what waits for the user, then the administrators' announcements. */
export function NotificationPanel({
  isOpen,
  onClose,
  isActingAs,
  broadcasts,
}: {
  isOpen: boolean;
  onClose: () => void;
  isActingAs: boolean;
  broadcasts: UseQueryResult<MyBroadcasts>;
}) {
  const close = onClose;
  const notifications = useMyNotifications();
  return (
    <SidePanel show={isOpen} size="default" title="Notifications" onHide={close}>
      {isActingAs ? (
        <Alert variant="info" className="small">
          You are acting as someone else: their notifications and messages stay unread until they
          read them.
        </Alert>
      ) : null}
      <h2 className="h6">For you</h2>
      {notifications.isPending ? (
        <p className="text-body-secondary">Loading your notifications…</p>
      ) : notifications.isError && !notifications.data ? (
        <Alert variant="warning">
          Your notifications could not be loaded. They will be tried again in a moment.
        </Alert>
      ) : (
        <NotificationList
          notifications={notifications.data?.notifications ?? []}
          isActingAs={isActingAs}
          onOpen={close}
        />
      )}
      <h2 className="h6 mt-4">Announcements</h2>
      {broadcasts.isPending ? (
        <p className="text-body-secondary">Loading your messages…</p>
      ) : broadcasts.isError && !broadcasts.data ? (
        <Alert variant="warning">
          Your messages could not be loaded. They will be tried again in a moment.
        </Alert>
      ) : (
        <BroadcastList broadcasts={broadcasts.data?.broadcasts ?? []} isActingAs={isActingAs} />
      )}
    </SidePanel>
  );
}
