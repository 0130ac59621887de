import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { NoData } from '@/components/no-data.tsx';
import { SidePanel } from '@/components/side-panel.tsx';
import { useSession } from '../../auth/index.ts';
import {
  useMarkBroadcastRead,
  useMyBroadcastsInStep,
  type MyBroadcast,
} from '../api/my-broadcasts.ts';
import { BroadcastMarkdown } from './broadcast-markdown.tsx';
import { formatBroadcastTime } from './broadcast-time.ts';
import './broadcasts.css';
import { SeverityBadge } from './severity-badge.tsx';

/** "Broadcast messages, 2 unread": the bell's accessible name says the count. */
export const bellLabel = (unread: number) =>
  unread > 0 ? `Broadcast messages, ${unread} unread` : 'Broadcast messages';

/**
 * The top navigation's bell (issue 19): the number of unread broadcasts, polled, and a side
 * panel listing the active ones with their severity, time and message, each to mark as read.
 */
export function BroadcastBell() {
  const { unreadCount, list } = useMyBroadcastsInStep();
  const [isOpen, setIsOpen] = useState(false);
  const shown = unreadCount > 99 ? '99+' : String(unreadCount);
  return (
    <>
      <button
        type="button"
        className="btn btn-link text-white p-1 position-relative"
        aria-label={bellLabel(unreadCount)}
        aria-haspopup="dialog"
        onClick={() => setIsOpen(true)}
      >
        <i
          className={`bi ${unreadCount > 0 ? 'bi-bell-fill' : 'bi-bell'} fs-5`}
          aria-hidden="true"
        />
        {unreadCount > 0 ? (
          <Badge bg="danger" pill className="broadcast-bell-badge" aria-hidden="true">
            {shown}
          </Badge>
        ) : null}
      </button>
      <SidePanel
        show={isOpen}
        size="default"
        title="Broadcast messages"
        onHide={() => setIsOpen(false)}
      >
        {list.isPending ? (
          <p className="text-body-secondary">Loading your messages…</p>
        ) : list.isError && !list.data ? (
          <Alert variant="warning">
            Your messages could not be loaded. They will be tried again in a moment.
          </Alert>
        ) : (
          <BroadcastList broadcasts={list.data?.broadcasts ?? []} />
        )}
      </SidePanel>
    </>
  );
}

function BroadcastList({ broadcasts }: { broadcasts: readonly MyBroadcast[] }) {
  const session = useSession();
  const markRead = useMarkBroadcastRead();
  const isActingAs = session.user.impersonated_by !== null;
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
      {isActingAs ? (
        <Alert variant="info" className="small">
          You are acting as someone else: their messages stay unread until they read them.
        </Alert>
      ) : null}
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
