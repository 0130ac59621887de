import { eq } from 'drizzle-orm';
import type { ContractDetail } from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import { contracts } from '@bastion/db/schema/quotes';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { findVisibleContract, readContractDetails } from '../../lib/contracts.ts';
import { viewerOf } from '../../lib/visibility.ts';

export const NO_SUCH_CONTRACT = 'There is no such contract, or it is not yours to see.';

/** POST /api/dx/renewals/contract: one contract the caller may see, with its lines. */
export async function getContract(
  db: Database,
  caller: AuthContext,
  contractId: string,
): Promise<ContractDetail> {
  const contract = await findVisibleContract(db, viewerOf(caller), contractId);
  if (!contract) throw new AppError('NOT_FOUND', NO_SUCH_CONTRACT);
  const [detail] = await readContractDetails(db, eq(contracts.id, contract.id));
  if (!detail) throw new AppError('NOT_FOUND', NO_SUCH_CONTRACT);
  return detail;
}
