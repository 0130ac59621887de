import type { Database } from '@bastion/db/client';
import type { PartnerExceptionView } from '@bastion/domain/approval-admin/api';
import { notFound } from './approval-admin-errors.ts';
import {
  findPartnerException,
  listPartnerExceptions,
  type PartnerExceptionRow,
} from './partner-exceptions.repository.ts';
import { versionedFieldsOf } from '../../lib/edited-fields.ts';
import { isoDayOf } from '../../lib/clock.ts';

function stateOn(row: PartnerExceptionRow, today: string): PartnerExceptionView['state'] {
  if (!row.isActive) return 'INACTIVE';
  if (today < row.validFrom) return 'SCHEDULED';
  if (today > row.validTo) return 'EXPIRED';
  return 'ACTIVE';
}

function exceptionView(
  row: { exception: PartnerExceptionRow; editor: string | null },
  today: string,
): PartnerExceptionView {
  const { exception } = row;
  return {
    id: exception.id,
    partner_account_id: exception.partnerAccountId,
    partner_name: exception.partnerName,
    extra_discount_percent: exception.extraDiscountPercent,
    valid_from: exception.validFrom,
    valid_to: exception.validTo,
    reason: exception.reason,
    is_active: exception.isActive,
    state: stateOn(exception, today),
    ...versionedFieldsOf(exception, row.editor),
  };
}

export async function listPartnerExceptionViews(db: Database, now = new Date()) {
  const today = isoDayOf(now);
  return {
    partner_exceptions: (await listPartnerExceptions(db)).map((row) => exceptionView(row, today)),
  };
}

export async function getPartnerException(
  db: Database,
  id: string,
  now = new Date(),
): Promise<PartnerExceptionView> {
  const row = await findPartnerException(db, id);
  if (!row) throw notFound('partner exception');
  return exceptionView(row, isoDayOf(now));
}
