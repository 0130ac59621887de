import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useParams } from 'react-router';
import {
  AdminLayout,
  LoadState,
  ReadOnlyNotice,
  type AdminTab,
} from '@/components/admin/admin-layout.tsx';

export const MARGIN_EDITORS = 'the deal desk, margin contributors and catalog admins';

/** The screens that together make up a quote line's cost, in the order cost is built. */
const MARGIN_PAGES = [
  // Any SKU's page ({id}) belongs to the hardware tab.
  { path: 'mc-hw-sku-costs/all/ref', label: 'Hardware SKU costs', prefix: 'mc-hw-sku-costs/' },
  { path: 'mc-cost-lookup/ref', label: 'Cost lookup' },
  { path: 'mc-support-cases/ref', label: 'Support cases' },
  { path: 'mc-markup/ref', label: 'Markup' },
  { path: 'mc-duration-depreciation/ref', label: 'Duration depreciation' },
] as const;

const marginTabs = (context: string): readonly AdminTab[] =>
  MARGIN_PAGES.map((page) => ({
    to: `/${context}/${page.path}`,
    label: page.label,
    ...('prefix' in page ? { activePrefix: `/${context}/${page.prefix}` } : {}),
  }));

/**
 * A margin-data screen (and the approval SKUs): title, the tabs between the margin screens,
 * the four load states, and a plain notice when the user may read but not change the figures.
 */
export function MarginDataScreen<T extends { can_edit: boolean }>(props: {
  title: string;
  subtitle: ReactNode;
  query: UseQueryResult<T>;
  /** What loads, for messages (default "margin data"). */
  what?: string;
  /** Shows the tabs between the margin-data screens (not on approval SKUs). */
  isMarginData?: boolean;
  whoCanEdit?: string;
  children: (data: T) => ReactNode;
}) {
  const { context = 'cpq' } = useParams();
  return (
    <AdminLayout
      title={props.title}
      subtitle={props.subtitle}
      tabs={props.isMarginData ? { label: 'Margin data', items: marginTabs(context) } : undefined}
    >
      <LoadState query={props.query} what={props.what ?? 'margin data'}>
        {(data) => (
          <div className="d-flex flex-column gap-3">
            {data.can_edit ? null : (
              <ReadOnlyNotice whoCanEdit={props.whoCanEdit ?? MARGIN_EDITORS} />
            )}
            {props.children(data)}
          </div>
        )}
      </LoadState>
    </AdminLayout>
  );
}

/** A warning that some families lack a figure, and what that does to quotes. */
export function FamiliesWarning(props: {
  title: string;
  families: readonly string[];
  consequence: string;
}) {
  if (props.families.length === 0) return null;
  return (
    <Alert variant="warning" className="mb-0">
      <div className="fw-semibold">{props.title}</div>
      {props.families.join(', ')}: {props.consequence}
    </Alert>
  );
}
