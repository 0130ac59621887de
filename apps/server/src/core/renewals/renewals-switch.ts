import { RENEWAL_MESSAGES, renewalsEnabled } from '@bastion/domain/renewals/model';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { readAppSettings } from '../settings/app-settings.repository.ts';

/**
 * A route's preValidation hook for the renewals and true-ups calls (spec §3, §6): with the app
 * setting cpq_renewals_trueups 'disabled' they answer 403, as the menu disappears. It runs after
 * the access guard, so a caller without a session or the permission learns that first.
 */
export const refuseWhenRenewalsDisabled = (db: Database) => async () => {
  if (!renewalsEnabled(await readAppSettings(db))) {
    throw new AppError('FORBIDDEN', RENEWAL_MESSAGES.disabled);
  }
};
