import { z } from 'zod';

/*
 * What the quote header forms send: the server validates its requests with these
 * (apps/server/src/features/quotes/quotes.schemas.ts) and the browser its forms, with one message.
 */

export const ZQuoteName = z.string().trim().min(1, 'Please enter Quote Name').max(200);

export const ZUpdateQuoteBody = z.object({
  id: z.uuid({ error: 'That is not a quote id.' }),
  version: z.number({ error: 'Send the version of the quote you changed.' }).int().min(1),
  quote_name: ZQuoteName.optional(),
  contract_length: z
    .number()
    .int()
    .min(1, 'At least 1 month.')
    .max(60, 'At most 60 months.')
    .optional(),
});

/** Renaming a quote: its new name (the id and version are the quote's, not typed). */
export const ZRenameQuoteForm = z.object({ quote_name: ZQuoteName });
