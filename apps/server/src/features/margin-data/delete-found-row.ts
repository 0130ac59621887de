import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';

/**
 * The delete every keyed margin row shares: in one transaction, the row is found (404 with
 * `notFound` when it is not there), deleted, and answered with what it held.
 */
export function deleteFoundRow<Row, Answer>(
  db: Database,
  steps: {
    find: (tx: Database) => Promise<Row | null | undefined>;
    remove: (tx: Database, row: Row) => Promise<unknown>;
    notFound: string;
    answer: (row: Row) => Answer;
  },
): Promise<Answer> {
  return db.transaction(async (tx) => {
    const row = await steps.find(tx);
    if (!row) throw new AppError('NOT_FOUND', steps.notFound);
    await steps.remove(tx, row);
    return steps.answer(row);
  });
}
