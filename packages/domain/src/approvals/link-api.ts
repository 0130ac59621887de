import { z } from 'zod';
import { zEnvelope, zQuoteHeadingFields } from '../api/envelope.ts';

/*
 * Issue 37 (decision 041): deciding an approval from the e-mail. The mail's Approve and Reject
 * links open a small page (approval-link/{token}); reading it and deciding are POSTs, since mail
 * scanners follow links. The request and answer of both routes.
 */

/** How long an e-mailed decision link works. */
export const APPROVAL_LINK_HOURS = 72;

const ZToken = z
  .string({ error: 'The link has no token.' })
  .trim()
  .min(20, 'This approval link is not valid: it may have been cut short in the e-mail.')
  .max(200, 'This approval link is not valid: it may have been cut short in the e-mail.');

export const ZApprovalLinkBody = z.object({ token: ZToken });
export type ApprovalLinkBody = z.infer<typeof ZApprovalLinkBody>;

export const LINK_DECISIONS = ['approve', 'reject'] as const;
export type LinkDecision = (typeof LINK_DECISIONS)[number];

export const ZApprovalLinkDecideBody = z.object({
  token: ZToken,
  decision: z.enum(LINK_DECISIONS, { error: 'Choose whether you approve or reject.' }),
  comment: z.string().trim().max(2000, 'A comment is at most 2,000 characters.').default(''),
});
export type ApprovalLinkDecideBody = z.infer<typeof ZApprovalLinkDecideBody>;

const ZPercent = z.number().nullable();

export const ZApprovalLinkView = z.object({
  quote: z.object({
    ...zQuoteHeadingFields,
    account_name: z.string(),
    region: z.string(),
    currency_code: z.string(),
    net_minor: z.number().int(),
  }),
  step: z.object({
    id: z.string(),
    group_name: z.string(),
    stage_name: z.string(),
    /** The conditions that asked for this group, as sentences with the quote's values. */
    why: z.array(z.string()),
  }),
  submitted_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  submitted_at: z.string(),
  discounts: z.object({
    max_line_discount_percent: ZPercent,
    max_seller_discount_percent: ZPercent,
    total_discount_percent: ZPercent,
  }),
  /** Null when the quote has no margin data or the approver may not see margins. */
  margin_percent: ZPercent,
  asked_again: z
    .object({ since_revision: z.number().int().nullable(), reasons: z.array(z.string()) })
    .nullable(),
  /** The revisions to compare: the one the group approved (or the one before) and the submitted one. */
  changes: z
    .object({
      from_revision_id: z.string(),
      from_number: z.number().int(),
      to_revision_id: z.string(),
      to_number: z.number().int(),
    })
    .nullable(),
  expires_at: z.string(),
});
export type ApprovalLinkView = z.infer<typeof ZApprovalLinkView>;
export const ZApprovalLinkViewResponse = zEnvelope(ZApprovalLinkView);

export const ZApprovalLinkDecided = z.object({
  decision: z.enum(['APPROVED', 'REJECTED']),
  message: z.string(),
  quote: z.object({ ...zQuoteHeadingFields, target_path: z.string() }),
});
export type ApprovalLinkDecided = z.infer<typeof ZApprovalLinkDecided>;
export const ZApprovalLinkDecidedResponse = zEnvelope(ZApprovalLinkDecided);

export const REJECTION_NEEDS_COMMENT = 'Say why you reject it: a rejection needs a comment.';

/** The approval page's form: a rejection says why, as the server insists. */
export const ZApprovalLinkDecisionForm = ZApprovalLinkDecideBody.superRefine((body, context) => {
  if (body.decision === 'reject' && body.comment === '') {
    context.addIssue({ code: 'custom', path: ['comment'], message: REJECTION_NEEDS_COMMENT });
  }
});
