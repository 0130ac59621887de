import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Nav from 'react-bootstrap/Nav';
import Spinner from 'react-bootstrap/Spinner';
import { NavLink, useParams } from 'react-router';
import { formatDate, formatDateTime } from '@bastion/domain/format/date-time';
import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';

/** Who edits the library and its rules (the server's rule; the page only hides what it refuses). */
export const isTermsAdmin = (f: PermissionFlags) =>
  f.is_root_admin || f.is_deal_desk_admin || f.is_legal;

export const TERMS_EDITORS = 'deal desk admins and legal';

/** Title, the tabs between the library and its rules, then the page. */
export function TermsAdminLayout({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { context = 'cpq' } = useParams();
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      <Nav variant="tabs" className="mb-3" as="nav" aria-label="Terms and conditions">
        <Nav.Item>
          <Nav.Link as={NavLink} to={`/${context}/terms-condition`} end>
            Clause library
          </Nav.Link>
        </Nav.Item>
        <Nav.Item>
          <Nav.Link as={NavLink} to={`/${context}/manage-terms-condition`} end>
            Clause rules
          </Nav.Link>
        </Nav.Item>
      </Nav>
      {children}
    </>
  );
}

/** Loading, refused, failed, or the data. */
export function LoadState<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return <Spinner animation="border" role="status" aria-label={`Loading ${what}`} />;
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.code === 'FORBIDDEN') {
      return (
        <NoData
          icon="bi-lock"
          title="You do not have access to this page"
          message={`Only ${TERMS_EDITORS} see ${what}.`}
        />
      );
    }
    return <ErrorScreen error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An ISO instant as the app shows times (spec §9), in the user's zone. */
export function formatWhen(iso: string): string {
  const millis = Date.parse(iso);
  return Number.isNaN(millis) ? '' : formatDateTime(millis / 1000, userTimeZone);
}

/** An ISO instant's day, DD-MMM-YYYY, in the user's zone. */
export function formatDay(iso: string): string {
  const millis = Date.parse(iso);
  return Number.isNaN(millis) ? '' : formatDate(millis / 1000, userTimeZone);
}
