import { and, eq, isNull } from 'drizzle-orm';
import type { ContractSummary } from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import { contracts } from '@bastion/db/schema/quotes';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import { findVisibleContract, readContractSummaries } from '../../lib/contracts.ts';
import type { Audited } from '../../lib/post-route.ts';
import { viewerOf } from '../../lib/visibility.ts';
import { NO_SUCH_CONTRACT } from './get-contract.ts';

/**
 * POST /api/dx/renewals/mark-lost: the customer will not renew. A renewed contract, or one
 * already lost, stays as it is (409).
 */
export async function markContractLost(
  db: Database,
  caller: AuthContext,
  input: { contract_id: string; reason: string },
): Promise<Audited<ContractSummary>> {
  const contract = await findVisibleContract(db, viewerOf(caller), input.contract_id);
  if (!contract) throw new AppError('NOT_FOUND', NO_SUCH_CONTRACT);
  if (contract.renewedAt !== null) {
    throw new AppError('CONFLICT', `${contract.contractNumber} was renewed: it cannot be lost.`);
  }
  if (contract.lostAt !== null) {
    throw new AppError('CONFLICT', `${contract.contractNumber} is already marked lost.`);
  }
  const now = appNow();
  // Conditional, so two people marking it at once record one loss.
  const updated = await db
    .update(contracts)
    .set({ lostAt: now, lostReason: input.reason, lostBy: caller.userId, updatedAt: now })
    .where(
      and(eq(contracts.id, contract.id), isNull(contracts.lostAt), isNull(contracts.renewedAt)),
    )
    .returning({ id: contracts.id });
  if (updated.length === 0) {
    throw new AppError(
      'CONFLICT',
      `${contract.contractNumber} changed meanwhile: reload the desk.`,
    );
  }
  const [summary] = await readContractSummaries(db, eq(contracts.id, contract.id));
  if (!summary) throw new AppError('NOT_FOUND', NO_SUCH_CONTRACT);
  return {
    data: summary,
    audit: {
      action: 'contract.lost',
      entityType: 'contract',
      entityId: contract.id,
      details: { contract_number: contract.contractNumber, reason: input.reason },
    },
  };
}
