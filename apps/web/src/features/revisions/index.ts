// Revisions offers the link to a quote's revisions page; the page itself is a route module.
export { QuoteRevisionsLink } from './components/quote-revisions-link.tsx';
