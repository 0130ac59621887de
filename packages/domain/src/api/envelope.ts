import { z } from 'zod';

/*
 * The zod pieces every API contract shares: the `{code, data}` envelope of an answer, paged list
 * requests and answers, and common field groups. The server validates with them and the web app
 * infers its types from them (z.infer), so both read one contract.
 */

/** The `{code, data}` envelope of every successful answer (spec §7). */
export function zEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(200), data });
}

/** The answer listing records under `key`: `{ [key]: T[] }`. */
export function zListEnvelope<K extends string, T extends z.ZodType>(key: K, row: T) {
  return zEnvelope(z.object({ [key]: z.array(row) } as { [P in K]: z.ZodArray<T> }));
}

/** The answer to a delete: what named the record, and `is_deleted: true`. */
export function zDeletedEnvelope<F extends z.ZodRawShape>(fields: F) {
  return zEnvelope(z.object({ ...fields, is_deleted: z.literal(true) }));
}

/**
 * Body for named dx calls that take no input: the client may send `{}` or nothing (Fastify
 * validates a missing body as null).
 */
export const zEmptyBody = z.object({}).strict().nullish();

/*
 * Fragments the feature schemas share. Spread the `…Fields` objects where the fields stand, so the
 * order of an answer's keys stays as it was.
 */

/** A search box's text: trimmed, at most `max` characters. */
export function zSearchText(max: number) {
  return z.string().trim().max(max, 'The search is too long.');
}

/** Page and page size of a paged list request: pages from 1, 25 rows by default, 100 at most. */
export const zPageRequestFields = {
  page: z.number().int().min(1, 'Pages start at 1.').max(100_000).default(1),
  page_size: z.number().int().min(1).max(100, 'At most 100 rows a page.').default(25),
};

/**
 * A paged list request: the search box's text (at most `searchMax` characters, '' when left out),
 * the list's filters, then page and page size.
 */
export function zPagedSearchBody<F extends z.ZodRawShape>(searchMax: number, filters: F) {
  return z.object({
    search: zSearchText(searchMax).default(''),
    ...filters,
    ...zPageRequestFields,
  });
}

/** Total, page and page size of a paged list answer. */
export const zPageFields = {
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
};

/** The same, with a total that cannot be negative. */
export const zCountedPageFields = {
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  page_size: z.number().int(),
};

/**
 * A page of a list answer: its rows, the total, page and page size (zPageFields or
 * zCountedPageFields), then whatever else the answer says.
 */
export function zRowsPageEnvelope<
  T extends z.ZodType,
  P extends typeof zPageFields | typeof zCountedPageFields,
  E extends z.ZodRawShape = Record<never, never>,
>(row: T, pageFields: P, extra?: E) {
  return zEnvelope(z.object({ rows: z.array(row), ...pageFields, ...(extra ?? ({} as E)) }));
}

/** An entry of a choice list that may be retired (families, approval groups). */
export const zActiveOption = z.object({ id: z.string(), name: z.string(), is_active: z.boolean() });

/** When a row was last changed, and by whom (null: by no one known). */
export const zEditedFields = { updated_at: z.string(), updated_by: z.string().nullable() };

/** The version a save names (optimistic locking), and when and by whom the record last changed. */
export const zVersionedFields = { version: z.number().int(), ...zEditedFields };

/** A quote's status as shown: its id, label and badge tone. */
export const zQuoteStatusFields = {
  status_id: z.string(),
  status_label: z.string(),
  status_tone: z.string(),
};

/** The same, with the status an archived quote goes back to (null unless archived). */
export const zArchivableQuoteStatusFields = {
  ...zQuoteStatusFields,
  pre_archive_status_id: z.string().nullable(),
};

/** How an answer about one quote names it and its status (the heading of its pages). */
export const zQuoteHeadingFields = {
  id: z.string(),
  quote_number: z.string(),
  quote_name: z.string(),
  quote_type: z.string(),
  ...zQuoteStatusFields,
};

/** One condition of an approval rule against a quote: what it asked, what the quote had. */
export const zPredicateExplanation = z.object({
  fact: z.string(),
  condition: z.string(),
  actual: z.string(),
  /** The condition and the quote's value as one sentence (approvals/predicates.ts reasonSentence). */
  sentence: z.string(),
  matched: z.boolean(),
});

/**
 * What an answer carries in `data`, as the client reads it once the envelope is unwrapped:
 * `type QuoteView = AnswerData<typeof ZQuoteResponse>`.
 */
export type AnswerData<T extends z.ZodType> = z.output<T> extends { data: infer D } ? D : never;
