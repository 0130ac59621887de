import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { LoadState } from '@/components/admin/admin-layout.tsx';
import { textColumn, valueColumn } from '@/components/admin/record-columns.tsx';
import { PagedTable } from '@/components/data-table/paged-table.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import {
  useUserHistory,
  useUserSignIns,
  type UserHistoryRow,
  type UserSignInRow,
} from '../api/users.ts';
import { when } from './user-display.tsx';

const PAGE_SIZE = 20;

const OUTCOMES: Readonly<Record<string, { label: string; tone: string }>> = {
  succeeded: { label: 'Signed in', tone: 'success' },
  google: { label: 'Signed in with Google', tone: 'success' },
  invalid_credentials: { label: 'Wrong password', tone: 'danger' },
  mfa_required: { label: 'Asked for a code', tone: 'warning' },
  invalid_otp: { label: 'Wrong code', tone: 'danger' },
  rate_limited: { label: 'Too many attempts', tone: 'danger' },
  disabled: { label: 'Refused: disabled', tone: 'red' },
};

const humanize = (text: string) => {
  const words = text.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const signInColumns: ColumnDef<UserSignInRow, never>[] = [
  valueColumn('when', 'When', (row) => when(row.occurred_at)),
  valueColumn('outcome', 'Outcome', (row) => {
    const outcome = OUTCOMES[row.outcome] ?? { label: humanize(row.outcome), tone: 'grey' };
    return <StatusBadge {...outcome} />;
  }),
  valueColumn('ip', 'From (IP address)', (row) => row.ip || '—'),
];

/** A value of a change as a person reads it: lists joined, roles as "ROLE · limits". */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    return value.map(shown).join('; ');
  }
  if (typeof value === 'object') {
    const role = value as { value?: unknown; assignment?: unknown; assignment_value?: unknown };
    if (typeof role.value === 'string' && 'assignment' in role) {
      const limits = Array.isArray(role.assignment_value) ? role.assignment_value.join(', ') : '';
      return limits ? `${role.value} · ${limits}` : role.value;
    }
    return JSON.stringify(value);
  }
  return '';
}

/** What changed: "field: before → after" for each changed field, else the recorded details. */
function ChangeDetails({ details: all }: { details: Record<string, unknown> }) {
  // The page is this user's: their e-mail in every entry says nothing.
  const details = Object.fromEntries(Object.entries(all).filter(([key]) => key !== 'email'));
  const { before, after } = details as { before?: unknown; after?: unknown };
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  const lines: string[] = [];
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
      const from = shown(b[key]);
      const to = shown(a[key]);
      if (from !== to) lines.push(`${humanize(key)}: ${from} → ${to}`);
    }
  } else {
    for (const [key, value] of Object.entries(details))
      lines.push(`${humanize(key)}: ${shown(value)}`);
  }
  if (lines.length === 0) return <span className="text-body-secondary">—</span>;
  return (
    <ul className="list-unstyled mb-0 small">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

const historyColumns: ColumnDef<UserHistoryRow, never>[] = [
  valueColumn('when', 'When', (row) => when(row.occurred_at)),
  // "user.password_link_sent" reads "Password link sent" on the user's own page.
  valueColumn('action', 'What', (row) => humanize(row.action.replace(/^users?\./, ''))),
  textColumn('who', 'By', (row) => (
    <>
      {row.actor_email ?? 'The system'}
      {row.impersonator_email ? (
        <div className="small text-body-secondary">acting: {row.impersonator_email}</div>
      ) : null}
    </>
  )),
  textColumn('details', 'Change', (row) => <ChangeDetails details={row.details} />),
];

/** Every sign-in attempt with this user's e-mail, newest first. */
export function SignInHistory({ email }: { email: string }) {
  const [page, setPage] = useState(1);
  const query = useUserSignIns(email, page, PAGE_SIZE);
  return (
    <LoadState query={query} what="the sign-in history">
      {(data) => (
        <PagedTable
          data={data.rows}
          columns={signInColumns}
          caption="Sign-in history"
          getRowId={(row) => `${row.occurred_at}-${row.outcome}-${row.ip}`}
          size="sm"
          emptyState="No sign-in yet."
          pager={{ page, total: data.total, pageSize: PAGE_SIZE, onPage: setPage, size: 'sm' }}
        />
      )}
    </LoadState>
  );
}

/** Every change made to this user: who made it, when, and the values before and after. */
export function ChangeHistory({ email }: { email: string }) {
  const [page, setPage] = useState(1);
  const query = useUserHistory(email, page, PAGE_SIZE);
  return (
    <LoadState query={query} what="the change history">
      {(data) => (
        <PagedTable
          data={data.rows}
          columns={historyColumns}
          caption="Change history"
          getRowId={(row) => `${row.occurred_at}-${row.action}`}
          size="sm"
          emptyState="No change recorded yet."
          pager={{ page, total: data.total, pageSize: PAGE_SIZE, onPage: setPage, size: 'sm' }}
        />
      )}
    </LoadState>
  );
}
