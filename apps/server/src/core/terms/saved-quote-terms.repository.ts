import { and, asc, eq } from 'drizzle-orm';
import type { StoredTerm } from '@bastion/domain/terms/quote-terms';
import type { Database } from '@bastion/db/client';
import { quoteTermSets, quoteTerms, termsClauseVersions } from '@bastion/db/schema/terms';
import { firstOrNull } from '../../lib/db/queries.ts';

/*
 * A quote's saved terms (its quote_terms rows and its quote_term_sets row), as the terms feature
 * saves them and the terms check and the approval facts read them.
 */

/** The quote's saved terms in order, with the title and category of the version each one saved. */
export async function listSavedTerms(db: Database, quoteId: string) {
  return db
    .select({
      term: quoteTerms,
      savedTitle: termsClauseVersions.title,
      savedCategory: termsClauseVersions.category,
    })
    .from(quoteTerms)
    .leftJoin(
      termsClauseVersions,
      and(
        eq(termsClauseVersions.clauseId, quoteTerms.clauseId),
        eq(termsClauseVersions.version, quoteTerms.clauseVersion),
      ),
    )
    .where(eq(quoteTerms.quoteId, quoteId))
    .orderBy(asc(quoteTerms.position));
}

/** When and by whom the quote's terms were last saved, and whether a custom clause was among them. */
export async function findTermSet(db: Database, quoteId: string) {
  return firstOrNull(db.select().from(quoteTermSets).where(eq(quoteTermSets.quoteId, quoteId)));
}

/** Replaces the quote's saved terms with `rows` (inside the write that raises its version). */
export async function replaceSavedTerms(
  tx: Database,
  quoteId: string,
  rows: readonly StoredTerm[],
  saved: { hasCustomClause: boolean; savedAt: Date; savedBy: string },
): Promise<void> {
  await tx.delete(quoteTerms).where(eq(quoteTerms.quoteId, quoteId));
  if (rows.length > 0) {
    await tx.insert(quoteTerms).values(
      rows.map((row) => ({
        quoteId,
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
  const termSet = { ...saved, clauseCount: rows.filter((r) => !r.is_removed).length };
  await tx
    .insert(quoteTermSets)
    .values({ quoteId, ...termSet })
    .onConflictDoUpdate({ target: quoteTermSets.quoteId, set: termSet });
}
