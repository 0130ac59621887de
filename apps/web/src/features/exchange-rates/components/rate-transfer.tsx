import { CsvExportButton, CsvImportForm, TransferCard } from '../../catalog/index.ts';
import {
  useExportExchangeRates,
  useImportExchangeRates,
  type ExchangeRatesImported,
} from '../api/exchange-rates.ts';
import { formatDay, plural } from './rate-labels.ts';

/** What a good import did, in a sentence or two. */
function importedMessage(result: ExchangeRatesImported): string {
  const parts = [
    result.added > 0 ? `${plural(result.added, 'rate', 'rates')} added` : '',
    result.replaced > 0 ? `${plural(result.replaced, 'day’s rate', 'days’ rates')} replaced` : '',
    result.unchanged > 0 ? `${plural(result.unchanged, 'row', 'rows')} already recorded` : '',
  ].filter(Boolean);
  const moved =
    result.changed_in_effect.length > 0
      ? ` Rates in effect today changed for ${result.changed_in_effect.join(', ')}.`
      : ' No rate in effect today changed.';
  const fresh =
    result.new_currencies.length > 0 ? ` New currencies: ${result.new_currencies.join(', ')}.` : '';
  return `Imported ${plural(result.imported, 'row', 'rows')}: ${parts.join(', ')}.${moved}${fresh}`;
}

/** Downloads every rate of every currency. */
export function RateExportCard() {
  const exporter = useExportExchangeRates();
  return (
    <TransferCard title="Export rates (CSV)">
      <p className="small text-body-secondary">
        Every rate of every currency, oldest first, with who entered it and when.
      </p>
      <CsvExportButton exporter={exporter} input={undefined} what={['rate', 'rates']} />
    </TransferCard>
  );
}

/**
 * Imports rates. Every row is checked first: one bad row and nothing is imported, and the table
 * shows each problem where it is in the file.
 */
export function RateImportCard({ today }: { today: string }) {
  const importer = useImportExchangeRates();
  return (
    <TransferCard title="Import rates (CSV)">
      <p className="small text-body-secondary">
        Columns <code>currency_code, units_per_usd, effective_from, note</code>, a header first (an
        exported file works as it is). Rates like <code>0.92</code> with up to 6 decimals, dates
        like <code>{today}</code>, {`today (${formatDay(today)}) or earlier`}. A row for a day that
        has a rate replaces it.
      </p>
      <CsvImportForm
        name="Import rates"
        fileLabel="Rate file"
        controlId="rate-import-file"
        importer={importer}
        successMessage={importedMessage}
      />
    </TransferCard>
  );
}
