import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { quoteDocuments } from '@bastion/db/schema/documents';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { contracts, quotes } from '@bastion/db/schema/quotes';
import { sessions } from '@bastion/db/schema/sessions';
import { users } from '@bastion/db/schema/users';

/** The demo book's queries while it is played or seeded (decision 035). */

export async function hasAnyQuote(db: Database): Promise<boolean> {
  const [existing] = await db.select({ id: quotes.id }).from(quotes).limit(1);
  return existing !== undefined;
}

/** The accounts among these e-mail addresses. */
export async function findUsersByEmail(db: Database, emails: readonly string[]) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...emails]));
}

export async function deleteSessionsByTokenHash(db: Database, tokenHashes: readonly string[]) {
  if (tokenHashes.length === 0) return;
  await db.delete(sessions).where(inArray(sessions.tokenHash, [...tokenHashes]));
}

/** The contract a quote made when it completed; undefined when it made none. */
export async function findContractOfSourceQuote(db: Database, sourceQuoteId: string) {
  const [contract] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.sourceQuoteId, sourceQuoteId));
  return contract;
}

/**
 * Dates the document the quote generated since `since`, and the history entry that says so, to
 * `generatedAt`.
 */
export async function redateGeneratedDocument(
  db: Database,
  quoteId: string,
  since: Date,
  generatedAt: Date,
) {
  await db
    .update(quoteDocuments)
    .set({ generatedAt })
    .where(and(eq(quoteDocuments.quoteId, quoteId), gte(quoteDocuments.generatedAt, since)));
  await db
    .update(quoteHistory)
    .set({ occurredAt: generatedAt })
    .where(
      and(
        eq(quoteHistory.quoteId, quoteId),
        eq(quoteHistory.action, 'document_generated'),
        gte(quoteHistory.occurredAt, since),
      ),
    );
}

/** A quote's writes stamped from `from` until `to` (epoch ms) move back by `shiftMs`. */
export interface QuoteWritesMove {
  quoteId: string;
  from: number;
  to: number;
  shiftMs: number;
}

/**
 * In one transaction, every timestamp column of every table that holds a quote_id, and the
 * quote's own, moves back by its move's shift where it falls in the move's window.
 */
export async function moveQuoteWritesBack(db: Database, moves: readonly QuoteWritesMove[]) {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`create temporary table demo_book_moves (quote_id uuid, real_from timestamptz, real_to timestamptz, shift interval) on commit drop`,
    );
    for (let i = 0; i < moves.length; i += 500) {
      const chunk = moves.slice(i, i + 500);
      await tx.execute(
        sql`insert into demo_book_moves values ${sql.join(
          chunk.map(
            (r) =>
              sql`(${r.quoteId}::uuid, ${new Date(r.from).toISOString()}::timestamptz, ${new Date(r.to).toISOString()}::timestamptz, ${`${r.shiftMs} milliseconds`}::interval)`,
          ),
          sql`, `,
        )}`,
      );
    }
    const columns: unknown = await tx.execute(sql`
      select c.table_name, c.column_name
      from information_schema.columns c
      where c.table_schema = current_schema()
        and c.data_type = 'timestamp with time zone'
        and (c.table_name = 'quotes' or exists (
          select 1 from information_schema.columns q
          where q.table_schema = c.table_schema and q.table_name = c.table_name
            and q.column_name = 'quote_id'))
      order by 1, 2`);
    const list = (columns as { rows: { table_name: string; column_name: string }[] }).rows;
    for (const { table_name: table, column_name: column } of list) {
      const key = table === 'quotes' ? sql.identifier('id') : sql.identifier('quote_id');
      await tx.execute(sql`
        update ${sql.identifier(table)} t set ${sql.identifier(column)} = t.${sql.identifier(column)} - m.shift
        from demo_book_moves m
        where t.${key} = m.quote_id and t.${sql.identifier(column)} >= m.real_from and t.${sql.identifier(column)} < m.real_to`);
    }
  });
}
