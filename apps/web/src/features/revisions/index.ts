// Revisions offers the link to a quote's revisions page; the page itself is a route module.
export { QuoteRevisionsLink } from './components/quote-revisions-link.tsx';
// The approval page of an e-mailed link shows what changed since the approver's revision.
export { RevisionComparison } from './components/revision-comparison.tsx';
// The options of a deal compare as revisions do, named as alternatives (decision 043).
export { ComparisonView, type ComparisonAnswer } from './components/revision-comparison.tsx';
