import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { QuoteHistoryAction } from '@bastion/domain/quotes/history-display';
import { timestamptz } from './columns.ts';
import { belongsToQuote } from './quotes.ts';
import { userRef } from './users.ts';

/** Every change to a quote, written in the same transaction as the change. */
export const quoteHistory = pgTable(
  'quote_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    quoteId: belongsToQuote(),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    actorUserId: userRef('actor_user_id'),
    /** The administrator acting as the actor, when the change was made while impersonating. */
    impersonatorUserId: userRef('impersonator_user_id'),
    /** created, updated, status_changed… */
    action: text('action').$type<QuoteHistoryAction>().notNull(),
    /** Field-level before and after. */
    changes: jsonb('changes')
      .$type<{ field: string; before: unknown; after: unknown }[]>()
      .notNull()
      .default([]),
    /** The quote's version after the change. */
    version: integer('version').notNull(),
  },
  (t) => [index('quote_history_quote_idx').on(t.quoteId, t.occurredAt)],
);
