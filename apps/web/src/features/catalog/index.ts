// Catalog offers its labels (product kinds, SKU status, days, plurals), the CSV import and export
// cards, and how every CSV import reports its outcome.
export { formatDay, KIND_LABELS, plural, skuStatusOf } from './components/catalog-labels.ts';
export {
  CsvImportForm,
  downloadCsv,
  ExportStatus,
  TransferCard,
} from './components/csv-transfer.tsx';
export { fileTooBigMessage, ImportOutcome } from './components/import-outcome.tsx';
