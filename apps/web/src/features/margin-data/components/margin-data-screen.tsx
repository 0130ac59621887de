import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
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

interface MarginDataScreenProps<T> {
  title: string;
  subtitle: ReactNode;
  query: UseQueryResult<T>;
  /** What loads, for messages (default "margin data"). */
  what?: string;
  /** Shows the tabs between the margin-data screens (not on approval SKUs). */
  isMarginData?: boolean;
  whoCanEdit?: string;
  children: (data: T) => ReactNode;
}

/**
 * A margin-data screen (and the approval SKUs): title, the tabs between the margin screens,
 * the four load states, and a plain notice when the user may read but not change the figures.
 */
export function MarginDataScreen<T extends { can_edit: boolean }>(props: MarginDataScreenProps<T>) {
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

/** Families that lack a figure, and what that does to quotes: a warning above the page's table. */
export interface MissingFamilies<T> {
  title: string;
  /** The families lacking the figure, each as the warning names it. */
  of: (data: T) => readonly string[];
  consequence: string;
}

/** A margin-data page: the screen around `Content`, which gets the loaded list. */
export function marginDataPage<T extends { can_edit: boolean }>(
  page: Omit<MarginDataScreenProps<T>, 'query' | 'children'> & {
    useList: () => UseQueryResult<T>;
    missingFamilies?: MissingFamilies<T>;
    Content: ComponentType<{ data: T }>;
  },
) {
  const { useList, missingFamilies, Content, ...screen } = page;
  return function MarginDataPage() {
    const query = useList();
    return (
      <MarginDataScreen {...screen} query={query}>
        {(data) => (
          <>
            {missingFamilies ? <FamiliesWarning data={data} {...missingFamilies} /> : null}
            <Content data={data} />
          </>
        )}
      </MarginDataScreen>
    );
  };
}

/** A warning that some families lack a figure, and what that does to quotes. */
function FamiliesWarning<T>({ data, title, of, consequence }: MissingFamilies<T> & { data: T }) {
  const families = of(data);
  if (families.length === 0) return null;
  return (
    <Alert variant="warning" className="mb-0">
      <div className="fw-semibold">{title}</div>
      {families.join(', ')}: {consequence}
    </Alert>
  );
}
