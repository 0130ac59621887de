import type { Database } from '@bastion/db/client';
import { clauseView, requireClause } from './list-clauses.ts';
import { listClauseVersions } from './terms.repository.ts';

/** A clause and every version of it, newest first. */
export async function getClauseHistory(db: Database, id: string) {
  const clause = await requireClause(db, id);
  const versions = await listClauseVersions(db, id);
  return {
    clause: clauseView(clause),
    versions: versions.map(({ version, editor }) => ({
      version: version.version,
      title: version.title,
      body: version.body,
      category: version.category,
      is_active: version.isActive,
      note: version.note,
      created_at: version.createdAt.toISOString(),
      created_by: editor,
    })),
  };
}
