import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Nav from 'react-bootstrap/Nav';
import Spinner from 'react-bootstrap/Spinner';
import { NavLink, useParams } from 'react-router';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';

/** The screens that together make up a quote line's cost, in the order cost is built. */
const MARGIN_PAGES = [
  { path: 'mc-hw-sku-costs/all/ref', label: 'Hardware SKU costs' },
  { path: 'mc-cost-lookup/ref', label: 'Cost lookup' },
  { path: 'mc-support-cases/ref', label: 'Support cases' },
  { path: 'mc-markup/ref', label: 'Markup' },
  { path: 'mc-duration-depreciation/ref', label: 'Duration depreciation' },
] as const;

interface MarginDataLayoutProps {
  title: string;
  subtitle: ReactNode;
  /** Shows the links between the margin-data screens (not on approval SKUs). */
  isMarginData?: boolean;
  children: ReactNode;
}

/** Title, a one-line explanation, the links between the margin screens, then the page. */
export function MarginDataLayout({
  title,
  subtitle,
  isMarginData,
  children,
}: MarginDataLayoutProps) {
  const { context = 'cpq' } = useParams();
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      {isMarginData ? (
        <Nav variant="tabs" className="mb-3" as="nav" aria-label="Margin data">
          {MARGIN_PAGES.map((page) => (
            <Nav.Item key={page.path}>
              <Nav.Link
                as={NavLink}
                to={`/${context}/${page.path}`}
                // The hardware page's {id} varies: any SKU focus still belongs to that tab.
                end={false}
              >
                {page.label}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
      ) : null}
      {children}
    </>
  );
}

/** Loading, refused, failed, or the data: the same four states on every margin screen. */
export function LoadState<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  /** "the markups": what is loading, for screen readers and messages. */
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
          message={`Your roles do not give access to ${what}. Ask an administrator if you need it.`}
        />
      );
    }
    return <ErrorScreen error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}

/** Says plainly that the page can be read but not changed, and who can change it. */
export function ReadOnlyNotice({ whoCanEdit }: { whoCanEdit: string }) {
  return (
    <Alert variant="secondary" className="d-flex gap-2 align-items-start">
      <i className="bi bi-eye mt-1" aria-hidden="true" />
      <div>
        <span className="fw-semibold">Read only.</span> You can see these figures; {whoCanEdit} can
        change them.
      </div>
    </Alert>
  );
}

export const MARGIN_EDITORS = 'the deal desk, margin contributors and catalog admins';
