import { z } from 'zod';
import { zEnvelope, zQuoteHeadingFields } from '../api/envelope.ts';
import { ZRevisionComparison } from '../revisions/compare.ts';
import { ZRevisionSnapshot } from '../revisions/snapshot.ts';

/*
 * Issue 37 (decision 043): the quotes of one opportunity as the options of its deal ("Good",
 * "Better", "Best") and its primary quote, the one whose amount the CRM gets.
 */

export const OPTION_LABEL_MAX = 40;
/** Offered in the picker; any short name will do. */
export const OPTION_LABEL_SUGGESTIONS = ['Good', 'Better', 'Best'] as const;

const ZQuoteId = z.uuid({ error: 'That is not a quote id.' });

export const ZQuoteOptionsBody = z.object({ quote_id: ZQuoteId });

export const ZSetQuoteOptionBody = z.object({
  quote_id: ZQuoteId,
  /** Null: not an option of the deal. */
  option_label: z
    .string({ error: 'Name the option, or send null.' })
    .trim()
    .min(1, 'Name the option, e.g. “Better”, or take it out of the options.')
    .max(OPTION_LABEL_MAX, `An option’s name is at most ${OPTION_LABEL_MAX} characters.`)
    .nullable(),
});
export type SetQuoteOptionBody = z.infer<typeof ZSetQuoteOptionBody>;

export const ZMakeQuotePrimaryBody = z.object({ quote_id: ZQuoteId });

export const ZDealOption = z.object({
  ...zQuoteHeadingFields,
  option_label: z.string().nullable(),
  is_primary: z.boolean(),
  currency_code: z.string(),
  total_amount_minor: z.number().int(),
  owner_name: z.string(),
});
export type DealOption = z.infer<typeof ZDealOption>;

export const ZDealOptions = z.object({
  opportunity_id: z.string().nullable(),
  /** The caller may name options and choose the primary. */
  can_change: z.boolean(),
  /** Why not, when they may not (a legacy quote, a deal already won…). */
  change_blocked: z.string().nullable(),
  /** The opportunity's quotes the caller sees, oldest first; this quote among them. */
  quotes: z.array(ZDealOption),
});
export type DealOptions = z.infer<typeof ZDealOptions>;
export const ZDealOptionsResponse = zEnvelope(ZDealOptions);

/** Two options of one deal side by side: their working copies as snapshots, and what differs. */
export const ZCompareQuoteOptionsBody = z.object({
  quote_id: ZQuoteId,
  other_quote_id: ZQuoteId,
});

const ZComparedOption = z.object({
  ...zQuoteHeadingFields,
  option_label: z.string().nullable(),
  is_primary: z.boolean(),
  /** How the comparison names this side: the option's name and the quote number. */
  label: z.string(),
  snapshot: ZRevisionSnapshot,
});

export const ZCompareQuoteOptionsResponse = zEnvelope(
  z.object({ from: ZComparedOption, to: ZComparedOption, comparison: ZRevisionComparison }),
);
