import type { ContractDetail } from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';

/** POST /api/dx/renewals/contract: one contract with its lines (stub until written). */
export async function getContract(
  _db: Database,
  _caller: AuthContext,
  _contractId: string,
): Promise<ContractDetail> {
  throw new AppError('INTERNAL', 'Not written yet.');
}
