import type { z } from 'zod';
import type {
  RenewalConfiguration,
  RenewalPricing,
  ZPriceRenewalDraftBody,
  ZSaveRenewalConfigurationBody,
} from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';

/** POST /api/dx/renewals/quote-configuration (stub until written). */
export async function getRenewalConfiguration(
  _db: Database,
  _caller: AuthContext,
  _id: string,
): Promise<RenewalConfiguration> {
  throw new AppError('INTERNAL', 'Not written yet.');
}

/** POST /api/dx/renewals/price (stub until written). */
export async function priceRenewalDraft(
  _db: Database,
  _caller: AuthContext,
  _input: z.output<typeof ZPriceRenewalDraftBody>,
): Promise<RenewalPricing> {
  throw new AppError('INTERNAL', 'Not written yet.');
}

/** POST /api/dx/renewals/save-configuration (stub until written). */
export async function saveRenewalConfiguration(
  _db: Database,
  _caller: AuthContext,
  _input: z.output<typeof ZSaveRenewalConfigurationBody>,
): Promise<RenewalConfiguration> {
  throw new AppError('INTERNAL', 'Not written yet.');
}
