import { eq } from 'drizzle-orm';
import {
  ELA_HEALTHCARE_MESSAGE,
  REMOVE_ELA_HEALTHCARE_SETTING,
  isQuoteTypeOffered,
  unofferedQuoteTypes,
} from '@bastion/domain/app-settings/ela-healthcare';
import type { Database } from '@bastion/db/client';
import { crmAccounts } from '@bastion/db/schema/crm';
import { readAppSetting } from '../settings/app-settings.repository.ts';
import { AppError } from '../../lib/app-error.ts';

/*
 * The app setting remove_ela_healthcare where quotes are made (issue 19): the create-quote form
 * does not offer ELA for a healthcare account while it is on, and creating or copying such a
 * quote as ELA is refused.
 */

/** The CRM industry of an account in Bastion's copy; '' when unknown. */
export async function industryOfAccount(db: Database, accountId: string): Promise<string> {
  const [row] = await db
    .select({ industry: crmAccounts.industry })
    .from(crmAccounts)
    .where(eq(crmAccounts.id, accountId));
  return row?.industry ?? '';
}

/** The quote types not offered for an account of this industry now, with why. */
export async function quoteTypesNotOffered(db: Database, industry: string) {
  return unofferedQuoteTypes(industry, await readAppSetting(db, REMOVE_ELA_HEALTHCARE_SETTING));
}

/** Refuses, before anything is written, a quote type not offered for the account. */
export async function refuseQuoteTypeNotOffered(
  db: Database,
  input: { quoteType: string; industry: string },
): Promise<void> {
  if (input.quoteType.trim().toUpperCase() !== 'ELA') return;
  const setting = await readAppSetting(db, REMOVE_ELA_HEALTHCARE_SETTING);
  if (isQuoteTypeOffered(input.quoteType, input.industry, setting)) return;
  throw new AppError('VALIDATION_FAILED', ELA_HEALTHCARE_MESSAGE, {
    details: [{ path: 'quote_type', message: ELA_HEALTHCARE_MESSAGE }],
  });
}
