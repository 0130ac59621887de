import type { RouteObject } from 'react-router';
import { lazyPage } from './route-modules/lazy-page.ts';

/*
 * One chunk per feature area, loaded when a route of it first matches (issue 20). Areas with one
 * page load the page module itself; so do the areas whose pages together would break a page's
 * download budget (scripts/bench-web.mjs): quotes, catalog, terms, approval admin.
 */
const accountPages = () => import('../features/account/pages/user-profile-page.tsx');
const appSettingsPages = () => import('../features/app-settings/pages/app-settings-page.tsx');
const approvalAdminPages = () => import('../features/approval-admin/pages/approval-admin-page.tsx');
const partnerExceptionPages = () =>
  import('../features/approval-admin/pages/partner-exceptions-page.tsx');
const workflowTemplatePages = () =>
  import('../features/approval-admin/pages/workflow-templates-page.tsx');
const approvalPages = () => import('./route-modules/approvals.ts');
const broadcastPages = () => import('../features/broadcasts/pages/manage-broadcast-page.tsx');
const catalogGridPages = () => import('../features/catalog/pages/catalog-grid-page.tsx');
const productHierarchyPages = () => import('../features/catalog/pages/product-hierarchy-page.tsx');
const skuPricingPages = () => import('../features/catalog/pages/sku-pricing-page.tsx');
const productRulesPages = () => import('../features/catalog/pages/product-rules-page.tsx');
const configAdminPages = () => import('../features/config-admin/pages/config-admin-page.tsx');
const crmPages = () => import('../features/crm/pages/crm-admin-page.tsx');
const globalAccountPages = () =>
  import('../features/global-accounts/pages/global-accounts-page.tsx');
const marginDataPages = () => import('./route-modules/margin-data.tsx');
const quoteGridPages = () => import('./route-modules/quote-grid.tsx');
const viewQuotePages = () => import('../features/quotes/pages/view-quote-page.tsx');
const createQuotePages = () => import('../features/quotes/pages/create-quote-page.tsx');
const configureQuotePages = () => import('../features/quotes/pages/configure-quote-page.tsx');
const shippingPages = () => import('../features/quotes/pages/shipping-page.tsx');
const quoteSummaryPages = () => import('../features/quotes/pages/quote-summary-page.tsx');
const quoteHistoryPages = () => import('../features/quotes/pages/quote-history-page.tsx');
const renewalPages = () => import('./route-modules/renewals.ts');
const reportPages = () => import('../features/reports/pages/report-page.tsx');
const clauseLibraryPages = () => import('../features/terms/pages/clause-library-page.tsx');
const clauseRulePages = () => import('../features/terms/pages/clause-rules-page.tsx');
const quoteTermsPages = () => import('../features/terms/pages/quote-terms-page.tsx');
const userPages = () => import('./route-modules/users.ts');
const webhookPages = () => import('../features/webhooks/pages/webhooks-page.tsx');

/** A grid owned by another feature than quotes: its own route, so only its area downloads. */
function gridRoutes(moduleName: string, lazy: RouteObject['lazy']): RouteObject[] {
  return [
    { path: `grid/${moduleName}/:ref`, lazy },
    { path: `grid/${moduleName}/:opp_id/:ref`, lazy },
  ];
}

/** Every screen of spec §2, relative to /:context. */
export const featureRoutes: RouteObject[] = [
  // Static module names rank above grid/:module_name, which serves the quote lists.
  ...gridRoutes(
    'catalog',
    lazyPage(catalogGridPages, (pages) => pages.CatalogGridPage),
  ),
  ...gridRoutes(
    'quote-approvals',
    lazyPage(approvalPages, (pages) => pages.ApprovalQueuePage),
  ),
  ...gridRoutes(
    'users',
    lazyPage(userPages, (pages) => pages.UsersGridPage),
  ),
  ...gridRoutes(
    'renewals',
    lazyPage(renewalPages, (pages) => pages.RenewalsDeskPage),
  ),
  ...gridRoutes(
    ':module_name',
    lazyPage(quoteGridPages, (pages) => pages.QuoteGridRoute),
  ),
  { path: 'report/:module_name/:ref', lazy: lazyPage(reportPages, (pages) => pages.ReportPage) },
  { path: 'view-quote/:id/:ref', lazy: lazyPage(viewQuotePages, (pages) => pages.ViewQuotePage) },
  {
    path: 'create-quote/:id/:ref',
    lazy: lazyPage(createQuotePages, (pages) => pages.CreateQuotePage),
  },
  {
    path: 'create-quote/:id/:opp_id/:ref',
    lazy: lazyPage(createQuotePages, (pages) => pages.CreateQuotePage),
  },
  {
    path: 'configure-quote/:id/:ref',
    lazy: lazyPage(configureQuotePages, (pages) => pages.ConfigureQuotePage),
  },
  {
    path: 'configure-sh-hw/:id/:ref',
    lazy: lazyPage(shippingPages, (pages) => pages.ShippingPage),
  },
  {
    path: 'terms-condition/:id/:ref',
    lazy: lazyPage(quoteTermsPages, (pages) => pages.QuoteTermsPage),
  },
  {
    path: 'quote-summary/:id/:ref',
    lazy: lazyPage(quoteSummaryPages, (pages) => pages.QuoteSummaryPage),
  },
  {
    path: 'quote-history/:id/:ref',
    lazy: lazyPage(quoteHistoryPages, (pages) => pages.QuoteHistoryPage),
  },
  { path: 'user-profile/:ref', lazy: lazyPage(accountPages, (pages) => pages.UserProfilePage) },
  {
    path: 'user-profile/:ref/:tab_context',
    lazy: lazyPage(accountPages, (pages) => pages.UserProfilePage),
  },
  { path: 'outbox/:ref', lazy: lazyPage(approvalPages, (pages) => pages.OutboxPage) },
  {
    path: 'user-detail/:email/:ref',
    lazy: lazyPage(userPages, (pages) => pages.UserDetailPage),
  },
  { path: 'config-admin', lazy: lazyPage(configAdminPages, (pages) => pages.ConfigAdminPage) },
  {
    path: 'terms-condition',
    lazy: lazyPage(clauseLibraryPages, (pages) => pages.ClauseLibraryPage),
  },
  {
    path: 'manage-terms-condition',
    lazy: lazyPage(clauseRulePages, (pages) => pages.ClauseRulesPage),
  },
  { path: 'sfdc', lazy: lazyPage(crmPages, (pages) => pages.CrmAdminPage) },
  { path: 'app-settings', lazy: lazyPage(appSettingsPages, (pages) => pages.AppSettingsPage) },
  { path: 'webhooks', lazy: lazyPage(webhookPages, (pages) => pages.WebhooksPage) },
  {
    path: 'gam-account/:ref',
    lazy: lazyPage(globalAccountPages, (pages) => pages.GlobalAccountsPage),
  },
  {
    path: 'manage-broadcast/:id/:ref',
    lazy: lazyPage(broadcastPages, (pages) => pages.ManageBroadcastPage),
  },
  {
    path: 'manage-partner-exception/:id/:ref',
    lazy: lazyPage(partnerExceptionPages, (pages) => pages.PartnerExceptionsPage),
  },
  {
    path: 'manage-workflow-template/:id/:ref',
    lazy: lazyPage(workflowTemplatePages, (pages) => pages.WorkflowTemplatesPage),
  },
  {
    path: 'ps-approval-sku/:ref',
    lazy: lazyPage(marginDataPages, (pages) => pages.ApprovalSkusPage),
  },
  {
    path: 'manage-approval-admin/:id/:ref',
    lazy: lazyPage(approvalAdminPages, (pages) => pages.ApprovalAdminPage),
  },
  { path: 'mc-cost-lookup/:ref', lazy: lazyPage(marginDataPages, (pages) => pages.CostLookupPage) },
  {
    path: 'mc-support-cases/:ref',
    lazy: lazyPage(marginDataPages, (pages) => pages.SupportCasesPage),
  },
  { path: 'mc-markup/:ref', lazy: lazyPage(marginDataPages, (pages) => pages.MarkupPage) },
  {
    path: 'mc-duration-depreciation/:ref',
    lazy: lazyPage(marginDataPages, (pages) => pages.DurationDepreciationPage),
  },
  {
    path: 'mc-hw-sku-costs/:id/:ref',
    lazy: lazyPage(marginDataPages, (pages) => pages.HwSkuCostsRoute),
  },
  {
    path: 'producthierarchy/:ref',
    lazy: lazyPage(productHierarchyPages, (pages) => pages.ProductHierarchyPage),
  },
  { path: 'skupricing/:ref', lazy: lazyPage(skuPricingPages, (pages) => pages.SkuPricingPage) },
  {
    path: 'product-rules/:ref',
    lazy: lazyPage(productRulesPages, (pages) => pages.ProductRulesPage),
  },
  {
    path: 'legacy-quote-summary/:id/:ref',
    lazy: lazyPage(quoteSummaryPages, (pages) => pages.QuoteSummaryPage),
  },
  {
    path: 'configure-renewal-quote/:id/:ref',
    lazy: lazyPage(renewalPages, (pages) => pages.ConfigureRenewalPage),
  },
  {
    path: 'configure-renewal-coterm-quote/:id/:ref',
    lazy: lazyPage(renewalPages, (pages) => pages.ConfigureCotermPage),
  },
];
