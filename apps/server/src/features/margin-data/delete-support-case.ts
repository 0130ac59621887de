import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import {
  deleteSupportCase as deleteSupportCaseRow,
  findSupportCase,
} from './margin-data.repository.ts';
import { normalizedCases } from './margin-data.schemas.ts';

/**
 * Removes a family's support-case row: its support SKUs are then costed from the cost lookup
 * alone, as they were before support cases existed.
 */
export async function deleteSupportCase(db: Database, familyId: string) {
  return db.transaction(async (tx) => {
    const row = await findSupportCase(tx, familyId);
    if (!row) {
      throw new AppError('NOT_FOUND', `There is no support-case cost for ${familyId}.`);
    }
    await deleteSupportCaseRow(tx, row.familyId);
    return {
      family_id: row.familyId,
      is_deleted: true as const,
      before: {
        cases_per_unit_year: normalizedCases(row.casesPerUnitYear),
        cost_per_case_usd_minor: row.costPerCaseUsdMinor,
      },
    };
  });
}
