import { type RouteObject, useParams } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page.tsx';
import { UserProfilePage } from '../features/account/pages/user-profile-page.tsx';
import { AppSettingsPage } from '../features/app-settings/pages/app-settings-page.tsx';
import { ManageBroadcastPage } from '../features/broadcasts/pages/manage-broadcast-page.tsx';
import { GlobalAccountsPage } from '../features/global-accounts/pages/global-accounts-page.tsx';
import { ReportPage } from '../features/reports/pages/report-page.tsx';
import { ApprovalAdminPage } from '../features/approval-admin/pages/approval-admin-page.tsx';
import { PartnerExceptionsPage } from '../features/approval-admin/pages/partner-exceptions-page.tsx';
import { WorkflowTemplatesPage } from '../features/approval-admin/pages/workflow-templates-page.tsx';
import { ApprovalQueuePage } from '../features/approvals/pages/approval-queue-page.tsx';
import { OutboxPage } from '../features/approvals/pages/outbox-page.tsx';
import { CatalogGridPage } from '../features/catalog/pages/catalog-grid-page.tsx';
import { ProductHierarchyPage } from '../features/catalog/pages/product-hierarchy-page.tsx';
import { SkuPricingPage } from '../features/catalog/pages/sku-pricing-page.tsx';
import { ConfigAdminPage } from '../features/config-admin/pages/config-admin-page.tsx';
import { CrmAdminPage } from '../features/crm/pages/crm-admin-page.tsx';
import { ApprovalSkusPage } from '../features/margin-data/pages/approval-skus-page.tsx';
import { CostLookupPage } from '../features/margin-data/pages/cost-lookup-page.tsx';
import { DurationDepreciationPage } from '../features/margin-data/pages/duration-depreciation-page.tsx';
import { HwSkuCostsPage } from '../features/margin-data/pages/hw-sku-costs-page.tsx';
import { MarkupPage } from '../features/margin-data/pages/markup-page.tsx';
import { SupportCasesPage } from '../features/margin-data/pages/support-cases-page.tsx';
import { ConfigureQuotePage } from '../features/quotes/pages/configure-quote-page.tsx';
import { CreateQuotePage } from '../features/quotes/pages/create-quote-page.tsx';
import { QuoteSummaryPage } from '../features/quotes/pages/quote-summary-page.tsx';
import { ShippingPage } from '../features/quotes/pages/shipping-page.tsx';
import { GridPage, QUOTE_GRID_MODULES } from '../features/quotes/pages/grid-page.tsx';
import { QuoteHistoryPage } from '../features/quotes/pages/quote-history-page.tsx';
import { ViewQuotePage } from '../features/quotes/pages/view-quote-page.tsx';
import { ConfigureCotermPage } from '../features/renewals/pages/configure-coterm-page.tsx';
import { ConfigureRenewalPage } from '../features/renewals/pages/configure-renewal-page.tsx';
import { RenewalsDeskPage } from '../features/renewals/pages/renewals-desk-page.tsx';
import { ClauseLibraryPage } from '../features/terms/pages/clause-library-page.tsx';
import { ClauseRulesPage } from '../features/terms/pages/clause-rules-page.tsx';
import { QuoteTermsPage } from '../features/terms/pages/quote-terms-page.tsx';
import { UserDetailPage } from '../features/users/pages/user-detail-page.tsx';
import { UsersGridPage } from '../features/users/pages/users-grid-page.tsx';

/** The grid of a module; a module without one is not found. */
function GridRoute() {
  const { module_name: moduleName = '', opp_id: opportunityId } = useParams();
  if (moduleName === 'catalog') return <CatalogGridPage />;
  if (moduleName === 'quote-approvals') return <ApprovalQueuePage />;
  if (moduleName === 'users') return <UsersGridPage />;
  if (moduleName === 'renewals') return <RenewalsDeskPage />;
  if (!QUOTE_GRID_MODULES.has(moduleName)) {
    return <NotFoundPage />;
  }
  // Keyed by module, so switching lists starts with fresh filters.
  return <GridPage key={moduleName} moduleName={moduleName} opportunityId={opportunityId} />;
}

function HwSkuCostsRoute() {
  const { id = 'all' } = useParams();
  return <HwSkuCostsPage key={id} />;
}

/** Every screen of spec §2, relative to /:context. */
export const featureRoutes: RouteObject[] = [
  { path: 'grid/:module_name/:ref', element: <GridRoute /> },
  { path: 'grid/:module_name/:opp_id/:ref', element: <GridRoute /> },
  { path: 'report/:module_name/:ref', element: <ReportPage /> },
  { path: 'view-quote/:id/:ref', element: <ViewQuotePage /> },
  { path: 'create-quote/:id/:ref', element: <CreateQuotePage /> },
  { path: 'create-quote/:id/:opp_id/:ref', element: <CreateQuotePage /> },
  { path: 'configure-quote/:id/:ref', element: <ConfigureQuotePage /> },
  { path: 'configure-sh-hw/:id/:ref', element: <ShippingPage /> },
  { path: 'terms-condition/:id/:ref', element: <QuoteTermsPage /> },
  { path: 'quote-summary/:id/:ref', element: <QuoteSummaryPage /> },
  { path: 'quote-history/:id/:ref', element: <QuoteHistoryPage /> },
  { path: 'user-profile/:ref', element: <UserProfilePage /> },
  { path: 'user-profile/:ref/:tab_context', element: <UserProfilePage /> },
  { path: 'outbox/:ref', element: <OutboxPage /> },
  { path: 'user-detail/:email/:ref', element: <UserDetailPage /> },
  { path: 'config-admin', element: <ConfigAdminPage /> },
  { path: 'terms-condition', element: <ClauseLibraryPage /> },
  { path: 'manage-terms-condition', element: <ClauseRulesPage /> },
  { path: 'sfdc', element: <CrmAdminPage /> },
  { path: 'app-settings', element: <AppSettingsPage /> },
  { path: 'gam-account/:ref', element: <GlobalAccountsPage /> },
  { path: 'manage-broadcast/:id/:ref', element: <ManageBroadcastPage /> },
  { path: 'manage-partner-exception/:id/:ref', element: <PartnerExceptionsPage /> },
  { path: 'manage-workflow-template/:id/:ref', element: <WorkflowTemplatesPage /> },
  { path: 'ps-approval-sku/:ref', element: <ApprovalSkusPage /> },
  { path: 'manage-approval-admin/:id/:ref', element: <ApprovalAdminPage /> },
  { path: 'mc-cost-lookup/:ref', element: <CostLookupPage /> },
  { path: 'mc-support-cases/:ref', element: <SupportCasesPage /> },
  { path: 'mc-markup/:ref', element: <MarkupPage /> },
  { path: 'mc-duration-depreciation/:ref', element: <DurationDepreciationPage /> },
  // Keyed by SKU, so focusing another SKU starts with fresh filters and drafts.
  { path: 'mc-hw-sku-costs/:id/:ref', element: <HwSkuCostsRoute /> },
  { path: 'producthierarchy/:ref', element: <ProductHierarchyPage /> },
  { path: 'skupricing/:ref', element: <SkuPricingPage /> },
  { path: 'legacy-quote-summary/:id/:ref', element: <QuoteSummaryPage /> },
  { path: 'configure-renewal-quote/:id/:ref', element: <ConfigureRenewalPage /> },
  { path: 'configure-renewal-coterm-quote/:id/:ref', element: <ConfigureCotermPage /> },
];
