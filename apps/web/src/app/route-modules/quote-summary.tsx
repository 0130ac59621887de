import { QuoteSummaryPage as QuoteSummary } from '../../features/quotes/pages/quote-summary-page.tsx';
import { InstalledBasePanel } from '../../features/renewals/index.ts';

/** A quote's summary, with the account's installed base from the renewals feature. */
export function QuoteSummaryPage() {
  return <QuoteSummary InstalledBasePanel={InstalledBasePanel} />;
}
