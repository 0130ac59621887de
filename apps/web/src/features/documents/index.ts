// Documents offers a quote's document buttons, its lines as a spreadsheet, documents section and
// acceptance panel.
export { AcceptancePanel } from './components/acceptance-panel.tsx';
export { DocumentButtons } from './components/document-buttons.tsx';
export { LineFileMenu } from './components/line-file-menu.tsx';
export { QuoteDocumentsSection } from './components/quote-documents-section.tsx';
