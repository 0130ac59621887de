import { type Params, type RouteObject, useParams } from 'react-router';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { ConfigAdminPage } from '../features/config-admin/pages/config-admin-page.tsx';

/**
 * Every screen of spec §2, relative to /:context. Screens not built yet show a titled
 * placeholder; a feature replaces its entry's element when it lands.
 */

type TextOf = (params: Params) => string | undefined;

const GRID_TITLES: Readonly<Record<string, string>> = {
  quotes: 'Quotes',
  'quote-approvals': 'Quote approvals',
  renewals: 'Renewals & true-ups',
  users: 'Users',
  catalog: 'Product catalog',
};

const REPORT_TITLES: Readonly<Record<string, string>> = {
  quotes: 'Quote reports',
};

/** "partner-exceptions" → "Partner exceptions", for modules without a title of their own. */
function humanize(name: string | undefined): string {
  const words = (name ?? '').replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'List';
}

const gridTitle: TextOf = ({ module_name }) =>
  GRID_TITLES[module_name ?? ''] ?? humanize(module_name);
const reportTitle: TextOf = ({ module_name }) =>
  REPORT_TITLES[module_name ?? ''] ?? `${humanize(module_name)} report`;

/** `ref` is the quote or deal type on quote screens, and the literal "ref" elsewhere. */
function typeOf(ref: string | undefined): string | undefined {
  return ref && ref !== 'ref' ? ref : undefined;
}

const quoteSubtitle: TextOf = ({ id, ref }) =>
  [id ? `Quote ${id}` : undefined, typeOf(ref)].filter(Boolean).join(' · ') || undefined;
const opportunitySubtitle: TextOf = ({ opp_id }) => (opp_id ? `Opportunity ${opp_id}` : undefined);
const createQuoteSubtitle: TextOf = ({ opp_id, ref }) =>
  [opp_id ? `Opportunity ${opp_id}` : undefined, typeOf(ref)].filter(Boolean).join(' · ') ||
  undefined;
const userSubtitle: TextOf = ({ email }) => email;

function RoutePlaceholder({ title, subtitle }: { title: string | TextOf; subtitle?: TextOf }) {
  const params = useParams();
  return (
    <PlaceholderPage
      title={typeof title === 'string' ? title : (title(params) ?? '')}
      subtitle={subtitle?.(params)}
    />
  );
}

function placeholder(path: string, title: string | TextOf, subtitle?: TextOf): RouteObject {
  return { path, element: <RoutePlaceholder title={title} subtitle={subtitle} /> };
}

export const featureRoutes: RouteObject[] = [
  placeholder('grid/:module_name/:ref', gridTitle),
  placeholder('grid/:module_name/:opp_id/:ref', gridTitle, opportunitySubtitle),
  placeholder('report/:module_name/:ref', reportTitle),
  placeholder('view-quote/:id/:ref', 'Quote', quoteSubtitle),
  placeholder('create-quote/:id/:ref', 'Create quote'),
  placeholder('create-quote/:id/:opp_id/:ref', 'Create quote', createQuoteSubtitle),
  placeholder('configure-quote/:id/:ref', 'Configure quote', quoteSubtitle),
  placeholder('configure-sh-hw/:id/:ref', 'Shipping & hardware', quoteSubtitle),
  placeholder('terms-condition/:id/:ref', 'Quote terms & conditions', quoteSubtitle),
  placeholder('quote-summary/:id/:ref', 'Quote summary', quoteSubtitle),
  placeholder('quote-history/:id/:ref', 'Quote history', quoteSubtitle),
  placeholder('user-profile/:ref', 'My profile'),
  placeholder('user-profile/:ref/:tab_context', 'My profile'),
  placeholder('user-detail/:email/:ref', 'User details', userSubtitle),
  { path: 'config-admin', element: <ConfigAdminPage /> },
  placeholder('terms-condition', 'Terms & conditions'),
  placeholder('manage-terms-condition', 'Manage terms & conditions'),
  placeholder('sfdc', 'CRM connection'),
  placeholder('app-settings', 'App settings'),
  placeholder('gam-account/:ref', 'Global accounts'),
  placeholder('manage-broadcast/:id/:ref', 'Broadcast message'),
  placeholder('manage-partner-exception/:id/:ref', 'Partner exception'),
  placeholder('manage-workflow-template/:id/:ref', 'Workflow template'),
  placeholder('ps-approval-sku/:ref', 'Approval SKUs'),
  placeholder('manage-approval-admin/:id/:ref', 'Approval admin'),
  placeholder('mc-cost-lookup/:ref', 'Cost lookup'),
  placeholder('mc-support-cases/:ref', 'Support cases'),
  placeholder('mc-markup/:ref', 'Markup'),
  placeholder('mc-duration-depreciation/:ref', 'Duration depreciation'),
  placeholder('mc-hw-sku-costs/:id/:ref', 'Hardware SKU costs'),
  placeholder('producthierarchy/:ref', 'Product hierarchy'),
  placeholder('skupricing/:ref', 'SKU pricing'),
  placeholder('legacy-quote-summary/:id/:ref', 'Legacy quote summary', quoteSubtitle),
  placeholder('configure-renewal-quote/:id/:ref', 'Configure renewal quote', quoteSubtitle),
  placeholder(
    'configure-renewal-coterm-quote/:id/:ref',
    'Configure co-term renewal quote',
    quoteSubtitle,
  ),
];
