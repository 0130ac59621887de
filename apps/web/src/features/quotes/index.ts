// Quotes offers the pieces a quote's other configurators reuse: load state, header actions, steps, save problem,
// product finder, totals card, the quote's query key and the calls of its editing pages.
export { useQuoteChange, useQuoteDraftQuery } from './api/quote-calls.ts';
export { quoteQueryKey } from './api/quotes.ts';
export { ProductFinder } from './components/configure/product-finder.tsx';
export {
  QuoteConfiguratorLoadState,
  QuoteLoadState,
  type ConfiguratorProps,
} from './components/quote-load-state.tsx';
export { QuoteHeaderActions } from './components/quote-header-actions.tsx';
export { QuoteSaveProblem } from './components/quote-save-problem.tsx';
export { QuoteSteps } from './components/quote-steps.tsx';
export { NetTotalLine, TotalsCard, TotalsLine } from './components/configure/totals-panel.tsx';
