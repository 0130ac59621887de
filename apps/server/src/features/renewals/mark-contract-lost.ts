import type { ContractSummary } from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import type { Audited } from '../../lib/post-route.ts';
import { AppError } from '../../lib/app-error.ts';

/** POST /api/dx/renewals/mark-lost (stub until written). */
export async function markContractLost(
  _db: Database,
  _caller: AuthContext,
  _input: { contract_id: string; reason: string },
): Promise<Audited<ContractSummary>> {
  throw new AppError('INTERNAL', 'Not written yet.');
}
