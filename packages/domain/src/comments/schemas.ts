import { z } from 'zod';
import { zEnvelope } from '../api/envelope.ts';
import { COMMENT_MESSAGES, MAX_COMMENT_LENGTH, QUOTE_COMMENT_KINDS } from './comment-rules.ts';

/*
 * The comments panel's calls (issue 17): the server validates its requests and answers with these
 * (apps/server/src/features/comments/routes.ts), the browser its composer, with one message.
 */

const zQuoteId = z.uuid({ error: 'That is not a quote id.' });
const zCommentId = z.uuid({ error: 'That is not a comment id.' });

export const ZCommentKind = z.enum(QUOTE_COMMENT_KINDS, { error: COMMENT_MESSAGES.kind });

/** What is written: trimmed, 1 to 4000 characters (mention markup included). */
export const ZCommentBody = z
  .string({ error: COMMENT_MESSAGES.empty })
  .trim()
  .min(1, COMMENT_MESSAGES.empty)
  .max(MAX_COMMENT_LENGTH, COMMENT_MESSAGES.tooLong);

export const ZQuoteCommentsBody = z.object({ quote_id: zQuoteId });

export const ZAddQuoteCommentBody = z.object({
  quote_id: zQuoteId,
  kind: ZCommentKind,
  body: ZCommentBody,
});

export const ZEditQuoteCommentBody = z.object({
  quote_id: zQuoteId,
  comment_id: zCommentId,
  version: z.number({ error: 'Send the version of the comment you changed.' }).int().min(1),
  body: ZCommentBody,
});

export const ZDeleteQuoteCommentBody = z.object({ quote_id: zQuoteId, comment_id: zCommentId });

export const ZMentionCandidatesBody = z.object({
  quote_id: zQuoteId,
  search: z.string().trim().max(100, 'The search is too long.').default(''),
});

/** The composer's form: the kind chosen and the text. */
export const ZCommentForm = z.object({ kind: ZCommentKind, body: ZCommentBody });

const zPerson = { id: z.string(), name: z.string(), initial: z.string(), email: z.string() };

export const ZQuoteComment = z.object({
  id: z.string(),
  kind: ZCommentKind,
  body: z.string(),
  /** Null when the author's account was removed. */
  author: z.object(zPerson).nullable(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  version: z.number().int(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  /** The people the body mentions, by their current names. */
  mentions: z.array(z.object({ user_id: z.string(), name: z.string() })),
});

export const ZQuoteComments = z.object({
  comments: z.array(ZQuoteComment),
  /** How often an open panel asks again. */
  poll_seconds: z.number().int(),
});

export const ZMentionCandidate = z.object(zPerson);
export const ZMentionCandidates = z.object({ candidates: z.array(ZMentionCandidate) });

export type QuoteComment = z.infer<typeof ZQuoteComment>;
export type QuoteComments = z.infer<typeof ZQuoteComments>;
export type MentionCandidate = z.infer<typeof ZMentionCandidate>;
export type CommentForm = z.infer<typeof ZCommentForm>;

/* The answers' envelopes (`{code: 200, data}`), as the routes validate them. */
export const ZMentionCandidatesResponse = zEnvelope(ZMentionCandidates);
export const ZQuoteCommentsResponse = zEnvelope(ZQuoteComments);
