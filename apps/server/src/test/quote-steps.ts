/*
 * Steps that take a test quote through its pages the way the pages do, for the tests that need
 * a quote further on than its configuration.
 */

/** A caller's POST answering the `data` of a success, as test-bed's dataOf does. */
export type DataOf = <T>(path: string, payload: object) => Promise<T>;

export interface QuoteState {
  quote: { version: number; status_id: string };
}

export interface ProposedTerms extends QuoteState {
  clauses: { clause_id: string | null; title: string; template: string; is_custom: boolean }[];
}

/** Saves the shipping page with nothing to ship and moves the quote on to its terms. */
export const saveNoShipping = (dataOf: DataOf, id: string, version: number) =>
  dataOf<QuoteState>('/api/dx/save-quote-shipping', {
    id,
    version,
    products: [],
    lines: [],
    advance: true,
  });

/**
 * Saves the terms as the terms page proposes them, then any extra custom clauses after them;
 * the answer, of the shape the caller reads (the terms page's by default).
 */
export async function saveProposedTerms<Saved = ProposedTerms>(
  dataOf: DataOf,
  id: string,
  extra: object[] = [],
): Promise<Saved> {
  const terms = await dataOf<ProposedTerms>('/api/dx/quote-terms/get', { id });
  const clauses = terms.clauses.map((term, position) =>
    term.is_custom
      ? { custom_text: term.template, custom_title: term.title, position }
      : { clause_id: term.clause_id ?? '', position },
  );
  return dataOf<Saved>('/api/dx/quote-terms/save', {
    id,
    version: terms.quote.version,
    clauses: [
      ...clauses,
      ...extra.map((clause, i) => ({ ...clause, position: clauses.length + i })),
    ],
  });
}
