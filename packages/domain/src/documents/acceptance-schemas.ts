import { z } from 'zod';
import { zEnvelope } from '../api/envelope.ts';
import { namedApiSchemas } from '../api/named-schemas.ts';
import { isValidEmail, MAX_EMAIL_LENGTH } from '../validation/email.ts';
import { zRequiredText } from '../validation/required-text.ts';
import {
  ACCEPTANCE_LINK_STATES,
  DEFAULT_ACCEPTANCE_LINK_DAYS,
  MAX_ACCEPTANCE_LINK_DAYS,
} from './acceptance-link-state.ts';

/*
 * Customer acceptance through an expiring link (issue 17, point 4): the server validates its
 * requests and answers with these (apps/server/src/features/documents/acceptance-routes.ts), the
 * browser its forms, with one message.
 */

const zQuoteId = z.uuid({ error: 'That is not a quote id.' });

const zEmail = (missing: string) =>
  zRequiredText(missing, MAX_EMAIL_LENGTH, 'The e-mail address is too long.')
    .refine(isValidEmail, 'Enter a valid e-mail address.')
    // Says in the JSON Schema (API description, generated test bodies) what the refine checks.
    .meta({ format: 'email' });

const zExpiresInDays = z
  .number({ error: `Enter a number of days from 1 to ${MAX_ACCEPTANCE_LINK_DAYS}.` })
  .int(`Enter a whole number of days from 1 to ${MAX_ACCEPTANCE_LINK_DAYS}.`)
  .min(1, `Enter a number of days from 1 to ${MAX_ACCEPTANCE_LINK_DAYS}.`)
  .max(MAX_ACCEPTANCE_LINK_DAYS, `A link lasts at most ${MAX_ACCEPTANCE_LINK_DAYS} days.`);

/** Who receives the link: the sender types these in the send form. */
const recipientFields = {
  recipient_name: zRequiredText(
    "Enter the recipient's name.",
    200,
    "The recipient's name is too long.",
  ),
  recipient_email: zEmail("Enter the recipient's e-mail address."),
};

/** POST /api/dx/send-acceptance-link */
export const ZSendAcceptanceLinkBody = z.object({
  quote_id: zQuoteId,
  version: z.number({ error: 'Send the version of the quote you saw.' }).int().min(1),
  ...recipientFields,
  expires_in_days: zExpiresInDays.default(DEFAULT_ACCEPTANCE_LINK_DAYS),
});

/** The send form: the days come from a number box as text. */
export const ZSendAcceptanceLinkForm = z.object({
  ...recipientFields,
  expires_in_days: z
    .string()
    .trim()
    .regex(/^\d+$/, `Enter a number of days from 1 to ${MAX_ACCEPTANCE_LINK_DAYS}.`)
    .transform(Number)
    .pipe(zExpiresInDays),
});

/** POST /api/dx/quote-acceptance */
export const ZQuoteAcceptanceBody = z.object({ quote_id: zQuoteId });

/** POST /api/dx/revoke-acceptance-link */
export const ZRevokeAcceptanceLinkBody = z.object({
  quote_id: zQuoteId,
  link_id: z.uuid({ error: 'That is not a link id.' }),
});

/** The token in /api/public/acceptance/:token: 32 random bytes, base64url (43 characters). */
export const ZAcceptanceTokenParams = z.object({
  token: z
    .string()
    .max(128, 'This link is not valid.')
    .regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid.'),
});

export const AGREEMENT_REQUIRED_MESSAGE =
  'Tick the box to confirm that you have read the quotation and accept it.';

/** What the customer types and ticks: POST /api/public/acceptance/:token/accept */
export const ZAcceptQuoteBody = z.object({
  name: zRequiredText('Enter your full name.', 200, 'Your name is too long.'),
  title: zRequiredText('Enter your job title.', 200, 'Your title is too long.'),
  email: zEmail('Enter your e-mail address.'),
  agreed: z.literal(true, { error: AGREEMENT_REQUIRED_MESSAGE }),
});

/** The customer's form: the box starts unticked. */
export const ZAcceptQuoteForm = ZAcceptQuoteBody.extend({
  agreed: z.boolean().refine((value) => value, AGREEMENT_REQUIRED_MESSAGE),
});

export const ZAcceptanceLinkState = z.enum(ACCEPTANCE_LINK_STATES);

/** A link as listed on the summary: never its token. */
export const ZAcceptanceLink = z.object({
  id: z.string(),
  recipient_name: z.string(),
  recipient_email: z.string(),
  sent_by: z.string().nullable(),
  sent_at: z.string(),
  expires_at: z.string(),
  quote_version: z.number().int(),
  state: ZAcceptanceLinkState,
  document: z.object({ file_name: z.string(), sha256: z.string() }),
});

/** The acceptance record: who accepted which exact document of which version, when, from where. */
export const ZAcceptanceRecord = z.object({
  accepted_name: z.string(),
  accepted_title: z.string(),
  accepted_email: z.string(),
  accepted_at: z.string(),
  client_address: z.string(),
  document_sha256: z.string(),
  document_file_name: z.string(),
  quote_version: z.number().int(),
  document_id: z.string(),
  link_id: z.string(),
});

export const ZQuoteAcceptance = z.object({
  /** The app setting quote_document_link is on. */
  enabled: z.boolean(),
  /** The caller may send a link now (owner or deal desk, quote APPROVED, setting on). */
  can_send: z.boolean(),
  /** The caller may revoke open links (owner or deal desk). */
  can_revoke: z.boolean(),
  quote: z.object({
    id: z.string(),
    quote_number: z.string(),
    quote_name: z.string(),
    customer: z.string(),
    status_id: z.string(),
    version: z.number().int(),
  }),
  links: z.array(ZAcceptanceLink),
  acceptance: ZAcceptanceRecord.nullable(),
});

/** The answer to sending: the link as listed, and, this once, its URL. */
export const ZSentAcceptanceLink = z.object({
  link: ZAcceptanceLink,
  url: z.string(),
});

/** What the customer's page shows for a link. */
export const ZPublicAcceptanceView = z.object({
  state: ZAcceptanceLinkState,
  /** Why the link no longer takes an acceptance; null while it does. */
  refusal: z.string().nullable(),
  vendor: z.string(),
  quote: z.object({
    quote_number: z.string(),
    quote_name: z.string(),
    customer: z.string(),
    contracting_entity: z.string().nullable(),
    currency_code: z.string(),
    total: z.string(),
    version: z.number().int(),
  }),
  document: z.object({ file_name: z.string(), sha256: z.string() }),
  recipient_name: z.string(),
  expires_at: z.string(),
  /** Shown once the quote was accepted through this link. */
  acceptance: ZAcceptanceRecord.nullable(),
});

export type AcceptanceLink = z.infer<typeof ZAcceptanceLink>;
export type AcceptanceRecord = z.infer<typeof ZAcceptanceRecord>;
export type QuoteAcceptance = z.infer<typeof ZQuoteAcceptance>;
export type SentAcceptanceLink = z.infer<typeof ZSentAcceptanceLink>;
export type PublicAcceptanceView = z.infer<typeof ZPublicAcceptanceView>;

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZAcceptanceLink, { id: 'AcceptanceLink' });
namedApiSchemas.add(ZAcceptanceRecord, { id: 'AcceptanceRecord' });

/* The answers' envelopes (`{code: 200, data}`), as the routes validate them. */
export const ZAcceptanceLinkResponse = zEnvelope(ZAcceptanceLink);
export const ZAcceptanceRecordResponse = zEnvelope(ZAcceptanceRecord);
export const ZPublicAcceptanceViewResponse = zEnvelope(ZPublicAcceptanceView);
export const ZQuoteAcceptanceResponse = zEnvelope(ZQuoteAcceptance);
export const ZSentAcceptanceLinkResponse = zEnvelope(ZSentAcceptanceLink);
