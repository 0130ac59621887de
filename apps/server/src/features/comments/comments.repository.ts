import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { quoteComments } from '@bastion/db/schema/documents';
import { users } from '@bastion/db/schema/users';
import { containsText, personName } from '../../lib/db/queries.ts';

/* The comments' reads and writes (Drizzle only; the use-cases decide). */

export type CommentRow = typeof quoteComments.$inferSelect;

const authorColumns = {
  authorName: personName,
  authorEmail: users.email,
};

/** A quote's comments and notes, oldest first, with their authors' names and e-mails. */
export async function listCommentsOfQuote(db: Database, quoteId: string) {
  return db
    .select({ comment: quoteComments, ...authorColumns })
    .from(quoteComments)
    .leftJoin(users, eq(users.id, quoteComments.authorUserId))
    .where(eq(quoteComments.quoteId, quoteId))
    .orderBy(asc(quoteComments.createdAt), asc(quoteComments.id));
}

/** One comment of this quote; null when there is none (or it is another quote's). */
export async function findCommentOfQuote(db: Database, quoteId: string, commentId: string) {
  const [row] = await db
    .select()
    .from(quoteComments)
    .where(and(eq(quoteComments.id, commentId), eq(quoteComments.quoteId, quoteId)));
  return row ?? null;
}

export async function insertComment(
  db: Database,
  values: Pick<
    typeof quoteComments.$inferInsert,
    'quoteId' | 'kind' | 'body' | 'authorUserId' | 'mentionedUserIds' | 'createdAt'
  >,
): Promise<CommentRow> {
  const [row] = await db.insert(quoteComments).values(values).returning();
  if (!row) throw new Error('comment insert returned nothing');
  return row;
}

/** The comment's next version with this body; null when it is no longer at `expectedVersion`. */
export async function updateCommentAtVersion(
  db: Database,
  input: {
    id: string;
    expectedVersion: number;
    body: string;
    mentionedUserIds: string[];
    editedAt: Date;
  },
): Promise<CommentRow | null> {
  const [row] = await db
    .update(quoteComments)
    .set({
      body: input.body,
      mentionedUserIds: input.mentionedUserIds,
      editedAt: input.editedAt,
      version: sql`${quoteComments.version} + 1`,
    })
    .where(and(eq(quoteComments.id, input.id), eq(quoteComments.version, input.expectedVersion)))
    .returning();
  return row ?? null;
}

export async function deleteComment(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .delete(quoteComments)
    .where(eq(quoteComments.id, id))
    .returning({ id: quoteComments.id });
  return rows.length > 0;
}

const personColumns = {
  id: users.id,
  name: personName,
  email: users.email,
  isApprover: users.isApprover,
};

export type PersonRow = { id: string; name: string; email: string; isApprover: boolean };

/** These users, if they exist and are not disabled. */
export async function findActiveUsers(db: Database, ids: readonly string[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(personColumns)
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isDisabled, false)));
}

/** Names of these users (disabled ones too: a mention stays readable). */
export async function findUserNames(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, name: personName })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A page of active users whose name or e-mail contains `search`, by name. */
export async function searchActiveUsers(
  db: Database,
  search: string,
  page: { limit: number; offset: number },
): Promise<PersonRow[]> {
  return db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.isDisabled, false), containsText(search, personName, users.email)))
    .orderBy(asc(personName), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}
