import { z } from 'zod';
import { zEnvelope } from '../api/envelope.ts';

/*
 * The global search of the top navigation (issue 19): one query, the records it finds grouped by
 * kind, each with the page it opens. The server validates with these; the browser reads the types.
 */

/** The kinds of record the search finds, in the order the results list them. */
export const SEARCH_KINDS = ['quote', 'opportunity', 'account', 'sku', 'user'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The heading of each group of results. */
export const SEARCH_KIND_LABELS = {
  quote: 'Quotes',
  opportunity: 'Opportunities',
  account: 'Accounts',
  sku: 'SKUs',
  user: 'Users',
} as const satisfies Record<SearchKind, string>;

export const SEARCH_QUERY_MIN_LENGTH = 2;
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_DEFAULT_LIMIT_PER_KIND = 5;
export const SEARCH_MAX_LIMIT_PER_KIND = 20;

export const SEARCH_MESSAGES = {
  missing: 'Type something to search for.',
  tooShort: `Type at least ${SEARCH_QUERY_MIN_LENGTH} characters to search.`,
  tooLong: `Keep the search under ${SEARCH_QUERY_MAX_LENGTH} characters.`,
  limit: `Ask for 1 to ${SEARCH_MAX_LIMIT_PER_KIND} results of each kind.`,
} as const;

/** Runs of spaces, tabs and line breaks read as one space. */
export const normalizeSearchQuery = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The query: trimmed and with its spaces collapsed, then 2 to 100 characters. Fewer than 2 find
 * too much to be useful (and cannot use the trigram indexes).
 */
export const ZSearchQuery = z
  .string({ error: SEARCH_MESSAGES.missing })
  .transform(normalizeSearchQuery)
  .pipe(
    z
      .string()
      .min(SEARCH_QUERY_MIN_LENGTH, SEARCH_MESSAGES.tooShort)
      .max(SEARCH_QUERY_MAX_LENGTH, SEARCH_MESSAGES.tooLong),
  );

export const ZSearchBody = z.object({
  query: ZSearchQuery,
  /** At most this many results of each kind. */
  limit_per_kind: z
    .number({ error: SEARCH_MESSAGES.limit })
    .int(SEARCH_MESSAGES.limit)
    .min(1, SEARCH_MESSAGES.limit)
    .max(SEARCH_MAX_LIMIT_PER_KIND, SEARCH_MESSAGES.limit)
    .default(SEARCH_DEFAULT_LIMIT_PER_KIND),
});
export type SearchBody = z.input<typeof ZSearchBody>;

export const ZSearchKind = z.enum(SEARCH_KINDS);

/** One record found: what the list shows of it and the page it opens. */
export const ZSearchResult = z.object({
  kind: ZSearchKind,
  /** The record's id (quote uuid, CRM id, SKU code, user e-mail): unique within its kind. */
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** The app path the result opens, e.g. /cpq/quote-summary/{id}/STANDARD. */
  path: z.string(),
});
export type SearchResult = z.infer<typeof ZSearchResult>;

export const ZSearchGroup = z.object({
  kind: ZSearchKind,
  label: z.string(),
  results: z.array(ZSearchResult),
});
export type SearchGroup = z.infer<typeof ZSearchGroup>;

/** The groups that found something, in SEARCH_KINDS order; none when nothing matched. */
export const ZSearchResults = z.object({
  query: z.string(),
  groups: z.array(ZSearchGroup),
});
export type SearchResults = z.infer<typeof ZSearchResults>;

/* The answers' envelopes (`{code: 200, data}`), as the routes validate them. */
export const ZSearchResultsResponse = zEnvelope(ZSearchResults);
