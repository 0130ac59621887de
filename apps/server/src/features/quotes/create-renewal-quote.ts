import type { z } from 'zod';
import type { ZCreatedRenewalQuote, ZCreateRenewalQuoteBody } from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CrmAdapter } from '../../lib/crm/crm-adapter.ts';

/** POST /api/dx/renewals/create-quote (stub until written). */
export async function createRenewalQuote(
  _deps: { db: Database; crm: CrmAdapter; log: { warn: (details: object, message: string) => void } },
  _caller: AuthContext,
  _input: z.output<typeof ZCreateRenewalQuoteBody>,
): Promise<z.infer<typeof ZCreatedRenewalQuote>> {
  throw new AppError('INTERNAL', 'Not written yet.');
}
