// Documents offers a quote's document buttons, documents section and acceptance panel.
export { AcceptancePanel } from './components/acceptance-panel.tsx';
export { DocumentButtons } from './components/document-buttons.tsx';
export { QuoteDocumentsSection } from './components/quote-documents-section.tsx';
