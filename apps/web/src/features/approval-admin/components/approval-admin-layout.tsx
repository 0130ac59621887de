import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Nav from 'react-bootstrap/Nav';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation, useParams } from 'react-router';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import './approval-admin.css';

/** The three screens of the approval admin, as tabs (the menu links the first). */
const APPROVAL_ADMIN_PAGES = [
  { path: 'manage-approval-admin', label: 'Groups & rules' },
  { path: 'manage-workflow-template', label: 'Workflow templates' },
  { path: 'manage-partner-exception', label: 'Partner exceptions' },
] as const;

export const APPROVAL_ADMINS = 'root admins and deal desk admins';

/** Title, the tabs between the approval admin's screens, then the page. */
export function ApprovalAdminLayout({
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
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      <Nav variant="tabs" className="mb-3" as="nav" aria-label="Approval admin">
        {APPROVAL_ADMIN_PAGES.map((page) => (
          <Nav.Item key={page.path}>
            <Nav.Link
              as={Link}
              to={`/${context}/${page.path}/${page.path === 'manage-workflow-template' ? 'default' : 'new'}/ref`}
              // Any {id} of the screen belongs to its tab.
              active={pathname.startsWith(`/${context}/${page.path}/`)}
              aria-current={pathname.startsWith(`/${context}/${page.path}/`) ? 'page' : undefined}
            >
              {page.label}
            </Nav.Link>
          </Nav.Item>
        ))}
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
          message={`Only ${APPROVAL_ADMINS} see ${what}.`}
        />
      );
    }
    return <ErrorScreen error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
