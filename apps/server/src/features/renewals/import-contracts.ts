import type { ImportContractsResult } from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import type { Audited } from '../../lib/post-route.ts';
import { AppError } from '../../lib/app-error.ts';

/** POST /api/dx/renewals/import-contracts: contracts from CSV (stub until written). */
export async function importContracts(
  _db: Database,
  _caller: AuthContext,
  _input: { csv: string; dry_run: boolean },
): Promise<Audited<ImportContractsResult>> {
  throw new AppError('INTERNAL', 'Not written yet.');
}
