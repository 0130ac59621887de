import type { ContractsPage } from '@bastion/domain/renewals/schemas';
import type { z } from 'zod';
import type { ZContractsBody } from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';

/** POST /api/dx/renewals/contracts: the renewals desk (stub until written). */
export async function listContracts(
  _db: Database,
  _caller: AuthContext,
  _input: z.output<typeof ZContractsBody>,
): Promise<ContractsPage> {
  throw new AppError('INTERNAL', 'Not written yet.');
}
