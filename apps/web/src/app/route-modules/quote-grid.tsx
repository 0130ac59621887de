import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page.tsx';
import { GridPage, isQuoteGridModule } from '../../features/quotes/pages/grid-page.tsx';

/** The quote lists (quotes, my-quotes, opportunities); any other module is not found. */
export function QuoteGridRoute() {
  const { module_name: moduleName = '', opp_id: opportunityId } = useParams();
  if (!isQuoteGridModule(moduleName)) return <NotFoundPage />;
  // Keyed by module, so switching lists starts with fresh filters.
  return <GridPage key={moduleName} moduleName={moduleName} opportunityId={opportunityId} />;
}
