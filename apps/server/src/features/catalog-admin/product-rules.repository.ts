import { and, asc, eq, gte } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { productRuleFailures, productRules } from '@bastion/db/schema/catalog';
import { quotes } from '@bastion/db/schema/quotes';
import { users } from '@bastion/db/schema/users';
import { findOtherNamed, versionedRecords } from '../../lib/db/versioned-rows.ts';

/* The product rules' queries (issue 34): the use-cases decide. */

type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export type ProductRuleRow = typeof productRules.$inferSelect;

/** A rule with who last saved it and its failure while evaluating since then, if any. */
const ruleRows = (db: Db) =>
  db
    .select({
      rule: productRules,
      updatedByEmail: users.email,
      failureMessage: productRuleFailures.message,
      failedAt: productRuleFailures.failedAt,
    })
    .from(productRules)
    .leftJoin(users, eq(users.id, productRules.updatedBy))
    // A save since the failure is the admin's fix: the rule is tried afresh.
    .leftJoin(
      productRuleFailures,
      and(
        eq(productRuleFailures.ruleId, productRules.id),
        gte(productRuleFailures.failedAt, productRules.updatedAt),
      ),
    );

/** Every rule with the e-mail of who changed it last, by priority then name. */
export async function listProductRuleRows(db: Db) {
  return ruleRows(db).orderBy(asc(productRules.priority), asc(productRules.name));
}

export async function findProductRuleRow(db: Db, id: string) {
  const [row] = await ruleRows(db).where(eq(productRules.id, id));
  return row ?? null;
}

export const findOtherProductRuleNamed = (db: Db, name: string, exceptId?: string) =>
  findOtherNamed(db, productRules, name, exceptId);

export const {
  insert: insertProductRule,
  updateAtVersion: updateProductRuleAtVersion,
  deleteAtVersion: deleteProductRuleAtVersion,
} = versionedRecords(productRules, 'product rule');

/** A quote by its number, as typed (any case). */
export async function findQuoteNumbered(db: Db, quoteNumber: string) {
  const [row] = await db
    .select()
    .from(quotes)
    .where(eq(quotes.quoteNumber, quoteNumber.trim().toUpperCase()));
  return row ?? null;
}
