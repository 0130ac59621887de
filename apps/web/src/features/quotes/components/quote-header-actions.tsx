import { Link } from 'react-router';
import { useSession } from '../../auth/index.ts';
import { QuoteCommentsButton } from '../../comments/index.ts';

/**
 * The actions in a quote page's header: its comments, its details page and, with `hasHistory`,
 * its history for those who may see it. `quoteRef` is the last part of the quote's paths.
 */
export function QuoteHeaderActions({
  quoteId,
  quoteRef,
  hasHistory = false,
}: {
  quoteId: string;
  quoteRef: string;
  hasHistory?: boolean;
}) {
  const session = useSession();
  return (
    <>
      <QuoteCommentsButton quoteId={quoteId} />
      <Link className="btn btn-outline-secondary" to={`/cpq/view-quote/${quoteId}/${quoteRef}`}>
        Quote details
      </Link>
      {hasHistory && session.user.permissions.can_see_history ? (
        <Link
          className="btn btn-outline-secondary"
          to={`/cpq/quote-history/${quoteId}/${quoteRef}`}
        >
          <i className="bi bi-clock-history me-1" aria-hidden="true" />
          History
        </Link>
      ) : null}
    </>
  );
}
