import { z } from 'zod';
import { namedApiSchemas } from '../api/named-schemas.ts';
import { zEnvelope, zQuoteHeadingFields } from '../api/envelope.ts';
import { zRequiredText } from '../validation/required-text.ts';
import { ZRevisionComparison } from './compare.ts';
import { ZRevisionSnapshot } from './snapshot.ts';

/*
 * Issue 37: the revision routes' requests and answers (docs/decisions/039). The server validates
 * with them, the web app reads its types from them.
 */

/** Why a revision was taken: saved by hand, or on submitting, documenting or sending the quote. */
export const REVISION_REASONS = ['SAVED', 'SUBMITTED', 'DOCUMENTED', 'SENT'] as const;
export type RevisionReason = (typeof REVISION_REASONS)[number];

export const REVISION_REASON_LABELS: Readonly<Record<RevisionReason, string>> = {
  SAVED: 'Saved by hand',
  SUBMITTED: 'Submitted for approval',
  DOCUMENTED: 'Document made',
  SENT: 'Sent to the customer',
};

export const REVISION_NAME_MAX = 120;

const zQuoteIdField = { quote_id: z.uuid({ error: 'That is not a quote id.' }) };
const zVersionField = {
  version: z.number({ error: 'Send the version of the quote you saw.' }).int().min(1),
};
/** A revision's id, or `working` for the quote as it stands now. */
const ZRevisionRef = z.union([
  z.literal('working'),
  z.uuid({ error: 'Name a revision or the working copy.' }),
]);

export const ZQuoteRevisionsBody = z.object(zQuoteIdField);

export const ZSaveQuoteRevisionBody = z.object({
  ...zQuoteIdField,
  ...zVersionField,
  name: zRequiredText(
    'Name the revision, e.g. “Sent to customer 2 Dec”.',
    REVISION_NAME_MAX,
    `A revision’s name is at most ${REVISION_NAME_MAX} characters.`,
  ),
});

export const ZCompareQuoteRevisionsBody = z.object({
  ...zQuoteIdField,
  from: ZRevisionRef,
  to: ZRevisionRef,
});

export const ZRestoreQuoteRevisionBody = z.object({
  ...zQuoteIdField,
  ...zVersionField,
  revision_id: z.uuid({ error: 'That is not a revision id.' }),
});

export const ZQuoteRevision = z.object({
  id: z.string(),
  revision_number: z.number().int(),
  name: z.string(),
  reason: z.enum(REVISION_REASONS),
  quote_version: z.number().int(),
  status_id: z.string(),
  status_label: z.string(),
  currency_code: z.string(),
  /** Null when the quote could not be priced. */
  net_minor: z.number().int().nullable(),
  /** Who took it: null for a former user. */
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type QuoteRevision = z.infer<typeof ZQuoteRevision>;

export const ZQuoteRevisionsResponse = zEnvelope(
  z.object({
    quote: z.object({ ...zQuoteHeadingFields, version: z.number().int() }),
    /** Newest first. */
    revisions: z.array(ZQuoteRevision),
    can_save: z.boolean(),
    /** False with `restore_blocked` saying why (an accepted quote, a lock…). */
    can_restore: z.boolean(),
    restore_blocked: z.string().nullable(),
  }),
);

export const ZSaveQuoteRevisionResponse = zEnvelope(z.object({ revision: ZQuoteRevision }));

const ZComparedSide = z.object({
  /** Null: the working copy. */
  revision: ZQuoteRevision.nullable(),
  label: z.string(),
  snapshot: ZRevisionSnapshot,
});

export const ZCompareQuoteRevisionsResponse = zEnvelope(
  z.object({ from: ZComparedSide, to: ZComparedSide, comparison: ZRevisionComparison }),
);

export const ZRestoreQuoteRevisionResponse = zEnvelope(
  z.object({
    quote_id: z.string(),
    version: z.number().int(),
    status_id: z.string(),
    restored_revision_number: z.number().int(),
  }),
);

namedApiSchemas.add(ZQuoteRevision, { id: 'QuoteRevision' });
namedApiSchemas.add(ZRevisionSnapshot, { id: 'RevisionSnapshot' });
namedApiSchemas.add(ZRevisionComparison, { id: 'RevisionComparison' });
