import { z } from 'zod';
import { zEnvelope } from '../api/envelope.ts';

/*
 * Guided selling's contract (issue 34). Apart from the product rules' schemas: the web needs
 * only its types, so these schemas stay out of the browser's bundle.
 */

/** Guided selling (issue 34): a questionnaire's answers, for the lines the rules propose. */
export const ZProposeGuidedLinesBody = z.object({
  id: z.uuid({ error: 'That is not a quote id.' }),
  questionnaire: z
    .string({ error: 'Name the questionnaire.' })
    .trim()
    .min(1, 'Name the questionnaire.')
    .max(80, 'That is not a questionnaire.'),
  /** The form's values, as the questionnaire's recipe names its fields: numbers, text, yes/no. */
  answers: z.record(
    z.string(),
    z.union([z.string().max(200), z.number(), z.boolean(), z.null()], {
      error: 'An answer is a number, a text or yes/no.',
    }),
    { error: 'Send the answers as an object.' },
  ),
});

export const ZGuidedProposal = z.object({
  lines: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      kind: z.string(),
      billing: z.string(),
      quantities: z.array(z.number().int()),
      reason: z.string(),
      rule_id: z.string(),
      /** selection: what the answers call for; fix: what those lines need; recommendation: a suggestion. */
      source: z.enum(['selection', 'fix', 'recommendation']),
      high_availability: z.boolean(),
      /** The SKU can be sold as a high-availability pair. */
      ha_capable: z.boolean(),
    }),
  ),
});
export type GuidedProposal = z.infer<typeof ZGuidedProposal>;

/* The answers' envelopes (`{code: 200, data}`), as the routes validate them. */
export const ZGuidedProposalResponse = zEnvelope(ZGuidedProposal);
