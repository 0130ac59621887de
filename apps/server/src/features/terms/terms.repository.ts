import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { termsClauseRules, termsClauseVersions, termsClauses } from '@bastion/db/schema/terms';
import { users } from '@bastion/db/schema/users';
import type { StoredTerm } from '@bastion/domain/terms/quote-terms';
import { firstOrNull, personName } from '../../lib/db/queries.ts';
import type { ClauseRuleRow } from '../../lib/db/rows.ts';
import { replaceSavedTerms } from '../../core/terms/saved-quote-terms.repository.ts';
import {
  findOtherWithText,
  insertVersioned,
  updateAtVersion,
  versionedRecords,
} from '../../lib/db/versioned-rows.ts';

/** Queries of the terms feature: no decisions here, only reads and writes. */

export type { ClauseRow, ClauseRuleRow as RuleRow } from '../../lib/db/rows.ts';
export type { HistoryChange, QuoteRow } from '../../core/quotes/quote-writes.repository.ts';
import {
  writeQuoteAtVersion,
  type HistoryChange,
  type QuoteActor,
  type QuoteRow,
} from '../../core/quotes/quote-writes.repository.ts';

/** Null when the editor's account is gone (the users are left-joined). */
const editorName: SQL<string | null> = personName;

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
  return firstOrNull(
    db
      .select({ clause: termsClauses, ruleCount: activeRuleCount, editor: editorName })
      .from(termsClauses)
      .leftJoin(users, eq(users.id, termsClauses.updatedBy))
      .where(eq(termsClauses.id, id)),
  );
}

/** Another clause with this title, in any case. */
export async function findClauseTitled(db: Database, title: string, exceptId?: string) {
  return findOtherWithText(db, termsClauses, termsClauses.title, title, exceptId);
}

export interface ClauseFields {
  title: string;
  body: string;
  category: string;
  isActive: boolean;
}

/** Keeps the text a clause was saved with at one of its versions. */
async function keepClauseVersion(
  tx: Database,
  saved: ClauseFields & { clauseId: string; version: number; note: string },
  actorUserId: string,
  now: Date,
) {
  await tx.insert(termsClauseVersions).values({ ...saved, createdAt: now, createdBy: actorUserId });
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
    const id = await insertVersioned(tx, termsClauses, fields, actorUserId, now, 'clause');
    await keepClauseVersion(tx, { clauseId: id, version: 1, ...fields, note }, actorUserId, now);
    return id;
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
    if (!(await updateAtVersion(tx, termsClauses, input, actorUserId, now))) return false;
    // The update took the clause from the expected version to the next one.
    const version = input.expectedVersion + 1;
    const { id: clauseId, fields, note } = input;
    await keepClauseVersion(tx, { clauseId, version, ...fields, note }, actorUserId, now);
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
  return firstOrNull(
    db
      .select(ruleColumns)
      .from(termsClauseRules)
      .innerJoin(termsClauses, eq(termsClauses.id, termsClauseRules.clauseId))
      .leftJoin(users, eq(users.id, termsClauseRules.updatedBy))
      .where(eq(termsClauseRules.id, id)),
  );
}

export interface RuleFields {
  name: string;
  condition: string;
  effect: ClauseRuleRow['effect'];
  clauseId: string;
  isActive: boolean;
}

export const { insert: insertRule, updateAtVersion: updateRuleAtVersion } = versionedRecords(
  termsClauseRules,
  'rule',
);

// ---------------------------------------------------------------------------------------------
// A quote's terms (saved through core/terms/saved-quote-terms.repository.ts, which the summary reads too)

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
  } & QuoteActor,
  now: Date,
): Promise<QuoteRow | null> {
  const { quoteId, expectedVersion, changes, actorUserId, impersonatorUserId } = input;
  // A submission voided by new terms leaves products and shipping as they were: back to terms.
  const write = {
    quoteId,
    expectedVersion,
    changes,
    actorUserId,
    impersonatorUserId,
    action: 'terms_saved' as const,
    statusIfVoided: 'TNC',
  };
  return writeQuoteAtVersion(db, write, now, (tx) =>
    replaceSavedTerms(tx, quoteId, input.rows, {
      hasCustomClause: input.hasCustomClause,
      savedAt: now,
      savedBy: actorUserId,
    }),
  );
}
