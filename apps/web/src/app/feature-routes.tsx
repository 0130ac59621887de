import type { RouteObject } from 'react-router';
import { lazyPage, pageRoute } from './route-modules/lazy-page.ts';

/*
 * One chunk per feature area, loaded when a route of it first matches (issue 20). Areas with one
 * page load the page module itself; so do the areas whose pages together would break a page's
 * download budget (scripts/bench-web.mjs): quotes, catalog, terms, approval admin, and renewals
 * (the desk apart from the configurators).
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
const discountSchedulePages = () => import('../features/catalog/pages/discount-schedules-page.tsx');
const configAdminPages = () => import('../features/config-admin/pages/config-admin-page.tsx');
const crmPages = () => import('../features/crm/pages/crm-admin-page.tsx');
const exchangeRatePages = () => import('../features/exchange-rates/pages/exchange-rates-page.tsx');
const globalAccountPages = () =>
  import('../features/global-accounts/pages/global-accounts-page.tsx');
const marginDataPages = () => import('./route-modules/margin-data.tsx');
const priceBookPages = () => import('./route-modules/price-books.ts');
const quoteGridPages = () => import('./route-modules/quote-grid.tsx');
const viewQuotePages = () => import('../features/quotes/pages/view-quote-page.tsx');
const createQuotePages = () => import('./route-modules/create-quote.tsx');
const configureQuotePages = () => import('../features/quotes/pages/configure-quote-page.tsx');
const shippingPages = () => import('../features/quotes/pages/shipping-page.tsx');
const quoteSummaryPages = () => import('./route-modules/quote-summary.tsx');
const quoteHistoryPages = () => import('../features/quotes/pages/quote-history-page.tsx');
const quoteRevisionPages = () => import('../features/revisions/pages/quote-revisions-page.tsx');
const compareOptionPages = () => import('../features/deal-options/pages/compare-options-page.tsx');
const renewalsDeskPages = () => import('../features/renewals/pages/renewals-desk-page.tsx');
const renewalConfiguratorPages = () => import('./route-modules/renewal-configurators.ts');
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
    lazyPage(renewalsDeskPages, (pages) => pages.RenewalsDeskPage),
  ),
  ...gridRoutes(
    ':module_name',
    lazyPage(quoteGridPages, (pages) => pages.QuoteGridRoute),
  ),
  pageRoute('report/:module_name/:ref', reportPages, 'ReportPage'),
  pageRoute('view-quote/:id/:ref', viewQuotePages, 'ViewQuotePage'),
  pageRoute('create-quote/:id/:ref', createQuotePages, 'CreateQuotePage'),
  pageRoute('create-quote/:id/:opp_id/:ref', createQuotePages, 'CreateQuotePage'),
  pageRoute('configure-quote/:id/:ref', configureQuotePages, 'ConfigureQuotePage'),
  pageRoute('configure-sh-hw/:id/:ref', shippingPages, 'ShippingPage'),
  pageRoute('terms-condition/:id/:ref', quoteTermsPages, 'QuoteTermsPage'),
  pageRoute('quote-summary/:id/:ref', quoteSummaryPages, 'QuoteSummaryPage'),
  pageRoute('quote-history/:id/:ref', quoteHistoryPages, 'QuoteHistoryPage'),
  pageRoute('quote-revisions/:id/:ref', quoteRevisionPages, 'QuoteRevisionsPage'),
  pageRoute('compare-quote-options/:id/:other', compareOptionPages, 'CompareOptionsPage'),
  pageRoute('user-profile/:ref', accountPages, 'UserProfilePage'),
  pageRoute('user-profile/:ref/:tab_context', accountPages, 'UserProfilePage'),
  pageRoute('outbox/:ref', approvalPages, 'OutboxPage'),
  pageRoute('approval-link/:token', approvalPages, 'ApprovalLinkPage'),
  pageRoute('user-detail/:email/:ref', userPages, 'UserDetailPage'),
  pageRoute('config-admin', configAdminPages, 'ConfigAdminPage'),
  pageRoute('terms-condition', clauseLibraryPages, 'ClauseLibraryPage'),
  pageRoute('manage-terms-condition', clauseRulePages, 'ClauseRulesPage'),
  pageRoute('sfdc', crmPages, 'CrmAdminPage'),
  pageRoute('app-settings', appSettingsPages, 'AppSettingsPage'),
  pageRoute('webhooks', webhookPages, 'WebhooksPage'),
  pageRoute('gam-account/:ref', globalAccountPages, 'GlobalAccountsPage'),
  pageRoute('manage-broadcast/:id/:ref', broadcastPages, 'ManageBroadcastPage'),
  pageRoute('manage-partner-exception/:id/:ref', partnerExceptionPages, 'PartnerExceptionsPage'),
  pageRoute('manage-workflow-template/:id/:ref', workflowTemplatePages, 'WorkflowTemplatesPage'),
  pageRoute('ps-approval-sku/:ref', marginDataPages, 'ApprovalSkusPage'),
  pageRoute('manage-approval-admin/:id/:ref', approvalAdminPages, 'ApprovalAdminPage'),
  pageRoute('mc-cost-lookup/:ref', marginDataPages, 'CostLookupPage'),
  pageRoute('mc-support-cases/:ref', marginDataPages, 'SupportCasesPage'),
  pageRoute('mc-markup/:ref', marginDataPages, 'MarkupPage'),
  pageRoute('mc-duration-depreciation/:ref', marginDataPages, 'DurationDepreciationPage'),
  pageRoute('mc-hw-sku-costs/:id/:ref', marginDataPages, 'HwSkuCostsRoute'),
  pageRoute('exchange-rates/:ref', exchangeRatePages, 'ExchangeRatesPage'),
  pageRoute('producthierarchy/:ref', productHierarchyPages, 'ProductHierarchyPage'),
  pageRoute('skupricing/:ref', skuPricingPages, 'SkuPricingPage'),
  // Issue 35: price books, one book's prices, and every SKU in every book.
  pageRoute('price-books/:ref', priceBookPages, 'PriceBooksPage'),
  pageRoute('price-book/:id/:ref', priceBookPages, 'PriceBookPage'),
  pageRoute('price-book-matrix/:ref', priceBookPages, 'PriceBookMatrixPage'),
  pageRoute('product-rules/:ref', productRulesPages, 'ProductRulesPage'),
  pageRoute('discount-schedules/:ref', discountSchedulePages, 'DiscountSchedulesPage'),
  pageRoute('legacy-quote-summary/:id/:ref', quoteSummaryPages, 'QuoteSummaryPage'),
  pageRoute('configure-renewal-quote/:id/:ref', renewalConfiguratorPages, 'ConfigureRenewalPage'),
  pageRoute(
    'configure-renewal-coterm-quote/:id/:ref',
    renewalConfiguratorPages,
    'ConfigureCotermPage',
  ),
];
