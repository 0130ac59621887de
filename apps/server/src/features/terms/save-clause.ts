import { checkClauseDraft } from '@bastion/domain/terms/clauses';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError, type AppErrorDetail } from '../../lib/app-error.ts';
import { clauseView, requireClause } from './list-clauses.ts';
import type { SaveClauseInput } from '@bastion/domain/terms/api';
import {
  findClauseTitled,
  insertClause,
  updateClauseAtVersion,
  type ClauseFields,
} from './terms.repository.ts';

export const STALE_CLAUSE_MESSAGE =
  'Someone changed this clause after you opened it. Reload it to see their changes, then make yours again.';

const invalid = (details: readonly AppErrorDetail[]) =>
  new AppError('VALIDATION_FAILED', details.map((d) => d.message).join(' '), { details });

/**
 * Creates a clause (no id) or makes its next version: every edit is a new version row, so what a
 * quote agreed to can always be read again. An edit that changes nothing makes no version.
 */
export async function saveClause(
  db: Database,
  caller: AuthContext,
  input: SaveClauseInput,
  now = new Date(),
) {
  const fields: ClauseFields = {
    title: input.title.trim(),
    body: input.body.trim(),
    category: input.category.trim(),
    isActive: input.is_active,
  };
  const problems = checkClauseDraft(fields);
  if (problems.length > 0) throw invalid(problems);
  if (await findClauseTitled(db, fields.title, input.id)) {
    throw invalid([{ path: 'title', message: `Another clause is called "${fields.title}".` }]);
  }

  if (input.id === undefined) {
    const id = await insertClause(db, fields, input.note, caller.userId, now);
    return { ...clauseView(await requireClause(db, id)), isCreated: true };
  }

  const current = await requireClause(db, input.id);
  if (input.version === undefined) {
    throw invalid([{ path: 'version', message: 'Send the version of the clause you changed.' }]);
  }
  if (input.version !== current.clause.version) {
    throw new AppError('CONFLICT', STALE_CLAUSE_MESSAGE);
  }
  const isUnchanged =
    current.clause.title === fields.title &&
    current.clause.body === fields.body &&
    current.clause.category === fields.category &&
    current.clause.isActive === fields.isActive;
  if (isUnchanged) return { ...clauseView(current), isCreated: false };
  const isSaved = await updateClauseAtVersion(
    db,
    { id: input.id, expectedVersion: input.version, fields, note: input.note },
    caller.userId,
    now,
  );
  if (!isSaved) throw new AppError('CONFLICT', STALE_CLAUSE_MESSAGE);
  return { ...clauseView(await requireClause(db, input.id)), isCreated: false };
}
