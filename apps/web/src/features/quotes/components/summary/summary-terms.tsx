import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { useQuoteTerms } from '../../../terms/index.ts';

/** The quote's terms as the customer reads them (from the terms feature). */
export function TermsSection({ quoteId, quoteType }: { quoteId: string; quoteType: string }) {
  const terms = useQuoteTerms(quoteId);
  return (
    <section className="summary-section" aria-labelledby="summary-terms">
      <h2 id="summary-terms" className="h5">
        Terms &amp; conditions
      </h2>
      {terms.isPending ? (
        <Spinner animation="border" size="sm" role="status" aria-label="Loading the terms" />
      ) : terms.isError ? (
        <p className="text-danger mb-0">{terms.error.message}</p>
      ) : (
        <>
          {terms.data.has_terms_problems ? (
            <Alert variant="warning" className="no-print">
              The terms need attention: {terms.data.problems.join(' ')}{' '}
              <Link to={`/cpq/terms-condition/${quoteId}/${quoteType}`}>Open the terms</Link>
            </Alert>
          ) : null}
          <ol className="summary-terms mb-0">
            {terms.data.clauses.map((clause) => (
              <li key={clause.key}>
                <div className="fw-semibold">
                  {clause.title}
                  {clause.is_custom ? (
                    <Badge
                      bg="warning"
                      text="dark"
                      className="ms-2 no-print"
                      title="Text of the seller's own: the quote's terms are non-standard."
                    >
                      Non-standard
                    </Badge>
                  ) : null}
                </div>
                <p className="mb-2 small">{clause.text ?? clause.problem}</p>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
