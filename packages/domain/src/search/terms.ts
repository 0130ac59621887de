/*
 * How a search query becomes the terms the database matches (issue 19). Pure, so the rules are
 * tested here and the server only binds the results as parameters.
 */

/** At most this many words are matched as prefixes; more add nothing but cost. */
export const MAX_PREFIX_WORDS = 8;

/** The query's words: runs of letters and digits, lower-case, in order, without repeats. */
export function searchWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_PREFIX_WORDS);
}

/**
 * A full-text query (to_tsquery, 'simple' configuration) finding rows that hold every word of
 * the query as the start of a word: "nor tra" finds "Northwind Traders". Null when the query has
 * no letters or digits. Only letters and digits reach it, so it cannot be malformed.
 */
export function prefixTsQuery(query: string): string | null {
  const words = searchWords(query);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}

/** What an exact quote number looks like when typed: Q-2026-000123, in any case. */
export function asQuoteNumber(query: string): string {
  return query.trim().toUpperCase();
}

/**
 * The start of a quote number, as typed (Q-2026-0001, q-2026-): in capitals, to find the numbers
 * that begin with it. Null when the query is not one.
 */
export function quoteNumberPrefix(query: string): string | null {
  const upper = asQuoteNumber(query);
  return /^Q-\d{4}(-\d*)?$/.test(upper) ? upper : null;
}

/**
 * The first text after every quote number that starts with `prefix` (Q-2026-0199 → Q-2026-02):
 * the last digit below 9 raised by one, what follows it dropped. Digits and dashes sort alike in
 * every collation, so `prefix <= number < bound` reads one stretch of the quote-number index.
 * Null when every digit is a 9.
 */
export function quoteNumberUpperBound(prefix: string): string | null {
  for (let i = prefix.length - 1; i >= 0; i--) {
    const c = prefix[i] ?? '';
    if (c >= '0' && c <= '8') return prefix.slice(0, i) + String(Number(c) + 1);
  }
  return null;
}

/** Digits and dashes only: part of a number, which words and prefixes cannot match. */
export const isNumberLike = (query: string) => /^[\d-]+$/.test(query.trim());

/** What the server binds: see search.repository.ts. */
export interface SearchTerms {
  /** The query as typed (normalised): trigram matching and ranking. */
  text: string;
  /** The query in capitals: a quote number or part number typed in any case. */
  upperText: string;
  /** Every word as a prefix (to_tsquery); null for numbers and queries without words. */
  prefixQuery: string | null;
  /** The start of a quote number; null when the query is not one. */
  quoteNumberPrefix: string | null;
  limit: number;
}

export function searchTermsOf(query: string, limit: number): SearchTerms {
  const numberPrefix = quoteNumberPrefix(query);
  return {
    text: query,
    upperText: asQuoteNumber(query),
    prefixQuery: numberPrefix !== null || isNumberLike(query) ? null : prefixTsQuery(query),
    quoteNumberPrefix: numberPrefix,
    limit,
  };
}
