import { z } from 'zod';
import { namedApiSchemas } from '../api/named-schemas.ts';
import { zDeletedEnvelope, zEnvelope } from '../api/envelope.ts';
import { ZQuoteComment } from './schemas.ts';

/* The answers of the comment routes that are more than a schema of comments/schemas.ts. */

/** A comment as added or edited. */
export const ZCommentAnswer = zEnvelope(z.object({ comment: ZQuoteComment }));

export const ZCommentDeletedResponse = zDeletedEnvelope({ id: z.string() });

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZQuoteComment, { id: 'QuoteComment' });
