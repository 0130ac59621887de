// Catalog offers its labels (product kinds, SKU status, days, plurals) and the CSV import and export cards.
export { formatDay, KIND_LABELS, plural, skuStatusOf } from './components/catalog-labels.ts';
export {
  CsvExportButton,
  CsvImportForm,
  downloadCsv,
  ExportStatus,
  TransferCard,
} from './components/csv-transfer.tsx';
