// Terms offers a quote's chosen terms.
export { useQuoteTerms } from './api/quote-terms.ts';
