import { compareClauses } from '@bastion/domain/terms/clauses';
import { placeholdersIn } from '@bastion/domain/terms/placeholders';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import type { ClauseView } from '@bastion/domain/terms/api';
import { findClause, listClauses, type ClauseRow } from './terms.repository.ts';
import { editedFieldsOf } from '../../lib/edited-fields.ts';

export function clauseView(row: {
  clause: ClauseRow;
  ruleCount: number;
  editor: string | null;
}): ClauseView {
  const { clause } = row;
  return {
    id: clause.id,
    code: clause.code,
    title: clause.title,
    body: clause.body,
    category: clause.category,
    is_active: clause.isActive,
    version: clause.version,
    placeholders: placeholdersIn(clause.body),
    rule_count: Number(row.ruleCount),
    ...editedFieldsOf(clause, row.editor),
  };
}

/** The clause library, in the order a quote's terms list them (category, then title). */
export async function listLibraryClauses(db: Database, options: { includeInactive: boolean }) {
  const rows = await listClauses(db, options);
  return { clauses: rows.map(clauseView).sort(compareClauses) };
}

export const clauseNotFound = () =>
  new AppError('NOT_FOUND', 'There is no such clause in the library.');

export async function requireClause(db: Database, id: string) {
  const row = await findClause(db, id);
  if (!row) throw clauseNotFound();
  return row;
}
