import { parseExtraDiscount, showDay } from '@bastion/domain/approval-admin/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import type { SavePartnerExceptionInput } from '@bastion/domain/approval-admin/api';
import { invalidField } from './approval-admin-errors.ts';
import { findCrmAccount } from './approval-admin.repository.ts';
import {
  findOverlappingExceptions,
  findPartnerException,
  insertPartnerException,
  updatePartnerExceptionAtVersion,
  type PartnerExceptionFields,
} from './partner-exceptions.repository.ts';
import { getPartnerException } from './list-partner-exceptions.ts';
import { insertOrUpdateAtVersion } from './save-at-version.ts';

/**
 * Creates a partner exception (no id) or changes one. The partner is a CRM partner account;
 * its name is taken from the CRM. Two active exceptions of one partner may not share a day.
 */
export async function savePartnerException(
  db: Database,
  caller: AuthContext,
  input: SavePartnerExceptionInput,
  now = new Date(),
) {
  const percent = parseExtraDiscount(input.extra_discount_percent);
  if (!percent.ok) throw invalidField('extra_discount_percent', percent.message);
  if (input.valid_to < input.valid_from) {
    throw invalidField(
      'valid_to',
      `The exception would end (${showDay(input.valid_to)}) before it starts (${showDay(input.valid_from)}).`,
    );
  }

  const id = await db.transaction(async (tx) => {
    const account = await findCrmAccount(tx, input.partner_account_id);
    if (!account) {
      throw invalidField(
        'partner_account_id',
        `There is no account ${input.partner_account_id} in the CRM.`,
      );
    }
    if (account.kind !== 'PARTNER') {
      throw invalidField(
        'partner_account_id',
        `${account.name} is a ${account.kind.toLowerCase()} account, not a partner.`,
      );
    }
    if (input.is_active) {
      const [overlap] = await findOverlappingExceptions(tx, {
        partnerAccountId: account.id,
        from: input.valid_from,
        to: input.valid_to,
        exceptId: input.id,
      });
      if (overlap) {
        throw invalidField(
          'valid_from',
          `${account.name} already has an active exception from ${showDay(overlap.validFrom)} to ${showDay(overlap.validTo)}; the two would overlap. Change that one, or choose other dates.`,
        );
      }
    }
    const fields: PartnerExceptionFields = {
      partnerAccountId: account.id,
      partnerName: account.name,
      extraDiscountPercent: percent.text,
      validFrom: input.valid_from,
      validTo: input.valid_to,
      reason: input.reason,
      isActive: input.is_active,
    };
    return insertOrUpdateAtVersion(input, 'partner exception', {
      insert: () => insertPartnerException(tx, fields, caller.userId, now),
      find: async (id) => (await findPartnerException(tx, id))?.exception,
      update: (id, expectedVersion) =>
        updatePartnerExceptionAtVersion(tx, { id, expectedVersion, fields }, caller.userId, now),
    });
  });
  return { ...(await getPartnerException(db, id, now)), isCreated: input.id === undefined };
}
