import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Nav from 'react-bootstrap/Nav';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation } from 'react-router';
import { isApiError } from '@/lib/api-client.ts';
import { ErrorScreen } from '../error-screen.tsx';
import { NoData } from '../no-data.tsx';
import { PageHeader } from '../page-header.tsx';

/** One tab of an admin area: where it leads, and the paths that belong to it. */
export interface AdminTab {
  to: string;
  label: string;
  /** Paths starting with this belong to the tab (its {id} varies); default: exactly `to`. */
  activePrefix?: string;
}

/** Title, a one-line explanation, the tabs between an area's screens, then the screen. */
export function AdminLayout(props: {
  title: string;
  subtitle: ReactNode;
  actions?: ReactNode;
  /** The area's screens ("Approval admin", "Margin data"), none for a lone screen. */
  tabs?: { label: string; items: readonly AdminTab[] };
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title={props.title} subtitle={props.subtitle} actions={props.actions} />
      {props.tabs ? (
        <Nav variant="tabs" className="mb-3" as="nav" aria-label={props.tabs.label}>
          {props.tabs.items.map((tab) => {
            const isActive = tab.activePrefix
              ? pathname.startsWith(tab.activePrefix)
              : pathname === tab.to;
            return (
              <Nav.Item key={tab.to}>
                <Nav.Link
                  as={Link}
                  to={tab.to}
                  active={isActive}
                  aria-current={isActive ? 'page' : undefined}
                >
                  {tab.label}
                </Nav.Link>
              </Nav.Item>
            );
          })}
        </Nav>
      ) : null}
      {props.children}
    </>
  );
}

/**
 * Loading, refused, failed, or the data: the same four states on every admin screen.
 * `whoSees` names who may open it ("root admins and deal desk admins").
 */
export function LoadState<T>(props: {
  query: UseQueryResult<T>;
  /** "the markups": what is loading, for screen readers and messages. */
  what: string;
  whoSees?: string;
  children: (data: T) => ReactNode;
}) {
  const { query, what } = props;
  if (query.isPending) {
    return <Spinner animation="border" role="status" aria-label={`Loading ${what}`} />;
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.code === 'FORBIDDEN') {
      return (
        <NoData
          icon="bi-lock"
          title="You do not have access to this page"
          message={
            props.whoSees
              ? `Only ${props.whoSees} see ${what}.`
              : `Your roles do not give access to ${what}. Ask an administrator if you need it.`
          }
        />
      );
    }
    return <ErrorScreen error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{props.children(query.data)}</>;
}

/** Says plainly that the page can be read but not changed, and who can change it. */
export function ReadOnlyNotice({ whoCanEdit, what }: { whoCanEdit: string; what?: string }) {
  return (
    <Alert variant="secondary" className="d-flex gap-2 align-items-start">
      <i className="bi bi-eye mt-1" aria-hidden="true" />
      <div>
        <span className="fw-semibold">Read only.</span> You can see {what ?? 'these figures'};{' '}
        {whoCanEdit} can change them.
      </div>
    </Alert>
  );
}
