import { CreateQuotePage as CreateQuote } from '../../features/quotes/pages/create-quote-page.tsx';
import { InstalledBasePanel } from '../../features/renewals/index.ts';

/** A new quote, with the account's installed base from the renewals feature. */
export function CreateQuotePage() {
  return <CreateQuote InstalledBasePanel={InstalledBasePanel} />;
}
