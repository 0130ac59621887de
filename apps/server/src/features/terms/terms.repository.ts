import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import {
  quoteTermSets,
  quoteTerms,
  termsClauseRules,
  termsClauseVersions,
  termsClauses,
} from '@bastion/db/schema/terms';
import { users } from '@bastion/db/schema/users';
import type { StoredTerm } from '@bastion/domain/terms/quote-terms';
import { insertVersioned, updateAtVersion } from '../../lib/versioned-rows.ts';

/** Queries of the terms feature: no decisions here, only reads and writes. */

export type ClauseRow = typeof termsClauses.$inferSelect;
export type RuleRow = typeof termsClauseRules.$inferSelect;
export type { HistoryChange, QuoteRow } from '../../lib/quote-writes.ts';
import { writeQuoteAtVersion, type HistoryChange, type QuoteRow } from '../../lib/quote-writes.ts';

const editorName = sql<
  string | null
>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;

const activeRuleCount = sql<number>`(
  select count(*)::int from ${termsClauseRules}
  where ${termsClauseRules.clauseId} = ${termsClauses.id} and ${termsClauseRules.isActive}
)`;

export async function listClauses(db: Database, options: { includeInactive: boolean }) {
  return db
    .select({ clause: termsClauses, ruleCount: activeRuleCount, editor: editorName })
    .from(termsClauses)
    .leftJoin(users, eq(users.id, termsClauses.updatedBy))
    .where(options.includeInactive ? undefined : eq(termsClauses.isActive, true))
    .orderBy(asc(termsClauses.category), asc(termsClauses.title));
}

export async function findClause(db: Database, id: string) {
  const [row] = await db
    .select({ clause: termsClauses, ruleCount: activeRuleCount, editor: editorName })
    .from(termsClauses)
    .leftJoin(users, eq(users.id, termsClauses.updatedBy))
    .where(eq(termsClauses.id, id));
  return row ?? null;
}

/** Another clause with this title, in any case. */
export async function findClauseTitled(db: Database, title: string, exceptId?: string) {
  const [row] = await db
    .select({ id: termsClauses.id })
    .from(termsClauses)
    .where(
      and(
        eq(sql`lower(${termsClauses.title})`, title.toLowerCase()),
        exceptId ? ne(termsClauses.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface ClauseFields {
  title: string;
  body: string;
  category: string;
  isActive: boolean;
}

/** A new clause and its version 1, together. */
export async function insertClause(
  db: Database,
  fields: ClauseFields,
  note: string,
  actorUserId: string,
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(termsClauses)
      .values({ ...fields, createdAt: now, updatedAt: now, updatedBy: actorUserId })
      .returning({ id: termsClauses.id });
    if (!row) throw new Error('clause insert returned nothing');
    await tx.insert(termsClauseVersions).values({
      clauseId: row.id,
      version: 1,
      ...fields,
      note,
      createdAt: now,
      createdBy: actorUserId,
    });
    return row.id;
  });
}

/**
 * The clause's next version, if it is still at `expectedVersion`: the clause row takes the new
 * text and a version row keeps it. False when someone else saved first.
 */
export async function updateClauseAtVersion(
  db: Database,
  input: { id: string; expectedVersion: number; fields: ClauseFields; note: string },
  actorUserId: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(termsClauses)
      .set({
        ...input.fields,
        version: sql`${termsClauses.version} + 1`,
        updatedAt: now,
        updatedBy: actorUserId,
      })
      .where(and(eq(termsClauses.id, input.id), eq(termsClauses.version, input.expectedVersion)))
      .returning({ version: termsClauses.version });
    if (!row) return false;
    await tx.insert(termsClauseVersions).values({
      clauseId: input.id,
      version: row.version,
      ...input.fields,
      note: input.note,
      createdAt: now,
      createdBy: actorUserId,
    });
    return true;
  });
}

export async function listClauseVersions(db: Database, clauseId: string) {
  return db
    .select({ version: termsClauseVersions, editor: editorName })
    .from(termsClauseVersions)
    .leftJoin(users, eq(users.id, termsClauseVersions.createdBy))
    .where(eq(termsClauseVersions.clauseId, clauseId))
    .orderBy(desc(termsClauseVersions.version));
}

const ruleColumns = {
  rule: termsClauseRules,
  clauseTitle: termsClauses.title,
  clauseIsActive: termsClauses.isActive,
  editor: editorName,
};

export async function listRules(db: Database) {
  return db
    .select(ruleColumns)
    .from(termsClauseRules)
    .innerJoin(termsClauses, eq(termsClauses.id, termsClauseRules.clauseId))
    .leftJoin(users, eq(users.id, termsClauseRules.updatedBy))
    .orderBy(asc(termsClauseRules.name), asc(termsClauseRules.id));
}

export async function findRule(db: Database, id: string) {
  const [row] = await db
    .select(ruleColumns)
    .from(termsClauseRules)
    .innerJoin(termsClauses, eq(termsClauses.id, termsClauseRules.clauseId))
    .leftJoin(users, eq(users.id, termsClauseRules.updatedBy))
    .where(eq(termsClauseRules.id, id));
  return row ?? null;
}

export interface RuleFields {
  name: string;
  condition: string;
  effect: RuleRow['effect'];
  clauseId: string;
  isActive: boolean;
}

export async function insertRule(
  db: Database,
  fields: RuleFields,
  actorUserId: string,
  now: Date,
): Promise<string> {
  return insertVersioned(db, termsClauseRules, fields, actorUserId, now, 'rule');
}

/** False when the rule is no longer at `expectedVersion`. */
export async function updateRuleAtVersion(
  db: Database,
  input: { id: string; expectedVersion: number; fields: RuleFields },
  actorUserId: string,
  now: Date,
): Promise<boolean> {
  return updateAtVersion(db, termsClauseRules, input, actorUserId, now);
}

// ---------------------------------------------------------------------------------------------
// A quote's terms (what they are read from lives in lib/quote-terms.ts, for the summary too)

/**
 * Replaces the quote's terms if the quote is still at `expectedVersion`, raising its version and
 * writing its history in the same transaction. Null when someone else wrote first.
 */
export async function replaceQuoteTermsAtVersion(
  db: Database,
  input: {
    quoteId: string;
    expectedVersion: number;
    rows: readonly StoredTerm[];
    hasCustomClause: boolean;
    changes: HistoryChange[];
    actorUserId: string;
  },
  now: Date,
): Promise<QuoteRow | null> {
  const { quoteId, expectedVersion, changes, actorUserId } = input;
  // A submission voided by new terms leaves products and shipping as they were: back to terms.
  const write = {
    quoteId,
    expectedVersion,
    changes,
    actorUserId,
    action: 'terms_saved',
    statusIfVoided: 'TNC',
  };
  return writeQuoteAtVersion(db, write, now, async (tx) => {
    await tx.delete(quoteTerms).where(eq(quoteTerms.quoteId, input.quoteId));
    if (input.rows.length > 0) {
      await tx.insert(quoteTerms).values(
        input.rows.map((row) => ({
          quoteId: input.quoteId,
          position: row.position,
          clauseId: row.clause_id,
          clauseVersion: row.clause_version,
          customTitle: row.custom_title,
          customText: row.custom_text,
          isRequired: row.is_required,
          source: row.source,
          isRemoved: row.is_removed,
          renderedText: row.rendered_text,
        })),
      );
    }
    const termSet = {
      hasCustomClause: input.hasCustomClause,
      clauseCount: input.rows.filter((r) => !r.is_removed).length,
      savedAt: now,
      savedBy: input.actorUserId,
    };
    await tx
      .insert(quoteTermSets)
      .values({ quoteId: input.quoteId, ...termSet })
      .onConflictDoUpdate({ target: quoteTermSets.quoteId, set: termSet });
  });
}
