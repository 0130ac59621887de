import type { Database } from '@bastion/db/client';
import { deleteFoundRow } from './delete-found-row.ts';
import {
  deleteSupportCase as deleteSupportCaseRow,
  findSupportCase,
} from './margin-data.repository.ts';
import { supportCaseValuesOf } from './support-case-values.ts';

/**
 * Removes a family's support-case row: its support SKUs are then costed from the cost lookup
 * alone, as they were before support cases existed.
 */
export function deleteSupportCase(db: Database, familyId: string) {
  return deleteFoundRow(db, {
    find: (tx) => findSupportCase(tx, familyId),
    remove: (tx, row) => deleteSupportCaseRow(tx, row.familyId),
    notFound: `There is no support-case cost for ${familyId}.`,
    answer: (row) => ({
      family_id: row.familyId,
      is_deleted: true as const,
      before: supportCaseValuesOf(row),
    }),
  });
}
