import type { DraftTerm } from './terms-draft.ts';

const PRE_WRAP = { whiteSpace: 'pre-wrap' } as const;

/** The terms as the quote document will read them, placeholders filled. */
export function TermsPreview({
  terms,
  quoteNumber,
}: {
  terms: readonly DraftTerm[];
  quoteNumber: string;
}) {
  return (
    <article aria-label="Preview of the terms" className="terms-preview">
      <h3 className="h6 text-uppercase text-body-secondary mb-3">
        Terms and conditions of quote {quoteNumber}
      </h3>
      {terms.map((term, index) => (
        <section key={term.key} className="mb-3">
          <h4 className="h6 mb-1">
            {index + 1}. {term.title}
          </h4>
          {term.text !== null ? (
            <p className="small mb-0" style={PRE_WRAP}>
              {term.text}
            </p>
          ) : (
            <p className="small mb-0 text-danger fst-italic">
              Not shown until it can be completed: {term.problem}
            </p>
          )}
        </section>
      ))}
    </article>
  );
}
