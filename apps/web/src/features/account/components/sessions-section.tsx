import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { LoadState } from '@/components/admin/admin-layout.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import {
  type OwnSession,
  useOwnSessions,
  useSignOutOtherSessions,
} from '../api/account-security.ts';
import { whenOf } from './when.ts';
import { AccountCard, AccountNotice } from './account-card.tsx';

/** "Chrome on Linux" from a user agent, enough to recognise one's own devices. */
function deviceOf(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'A browser';
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

/** Where the user is signed in, and signing out everywhere else. */
export function SessionsSection() {
  const sessions = useOwnSessions();
  const signOutOthers = useSignOutOtherSessions();
  const [notice, setNotice] = useState<string | null>(null);
  const columns = useMemo<ColumnDef<OwnSession>[]>(
    () => [
      {
        id: 'device',
        header: 'Device',
        cell: ({ row }) => (
          <>
            {deviceOf(row.original.user_agent)}
            {row.original.is_current ? (
              <span className="badge text-bg-success ms-2">This browser</span>
            ) : null}
          </>
        ),
      },
      { id: 'ip', header: 'Address', cell: ({ row }) => row.original.ip || '—' },
      { id: 'created', header: 'Signed in', cell: ({ row }) => whenOf(row.original.created_at) },
      {
        id: 'seen',
        header: 'Last active',
        cell: ({ row }) => whenOf(row.original.last_seen_at),
      },
    ],
    [],
  );
  return (
    <AccountCard title="Where you are signed in">
      <AccountNotice notice={notice} onClose={() => setNotice(null)} />
      {signOutOthers.error ? <Alert variant="danger">{signOutOthers.error.message}</Alert> : null}
      <LoadState query={sessions} what="your sessions">
        {(data) => (
          <>
            <DataTable
              data={data.sessions}
              columns={columns}
              getRowId={(row) => row.id}
              caption="Your sessions"
              emptyState="No sessions."
            />
            <Button
              variant="outline-danger"
              disabled={signOutOthers.isPending || data.sessions.length < 2}
              onClick={() =>
                signOutOthers.mutate(
                  {},
                  {
                    onSuccess: ({ signed_out }) =>
                      setNotice(
                        `Signed out of ${signed_out} other session${signed_out === 1 ? '' : 's'}.`,
                      ),
                  },
                )
              }
            >
              Sign out everywhere else
            </Button>
          </>
        )}
      </LoadState>
    </AccountCard>
  );
}
