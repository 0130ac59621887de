import { Link } from 'react-router';

/** The header's link to a quote's revisions (issue 37), for whoever reads the quote. */
export function QuoteRevisionsLink({ quote }: { quote: { id: string; quote_type: string } }) {
  return (
    <Link
      className="btn btn-outline-secondary"
      to={`/cpq/quote-revisions/${quote.id}/${quote.quote_type}`}
    >
      <i className="bi bi-layers me-1" aria-hidden="true" />
      Revisions
    </Link>
  );
}
