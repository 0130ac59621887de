import type { Database } from '@bastion/db/client';
import type { OpportunityRecord } from './crm.schemas.ts';
import { findOpportunity, updateOpportunity } from './crm.repository.ts';
import { opportunityRecordOf, opportunityNotFound } from './get-opportunity.ts';
import type { RecordEditor } from './save-opportunity.ts';

/**
 * Takes an opportunity of the built-in CRM out of lists (soft delete): the row stays, because
 * quotes were made from it, and no new quote can be made from it. Removing it again keeps the
 * first removal time.
 */
export function removeOpportunity(
  db: Database,
  editor: RecordEditor,
  id: string,
  now: Date = new Date(),
): Promise<OpportunityRecord> {
  return setRemoval(db, editor, id, now, true);
}

/** Puts a removed opportunity of the built-in CRM back in lists. */
export function restoreOpportunity(
  db: Database,
  editor: RecordEditor,
  id: string,
  now: Date = new Date(),
): Promise<OpportunityRecord> {
  return setRemoval(db, editor, id, now, false);
}

/** Removal and restoration differ only in the stamp they set; one already so is left alone. */
async function setRemoval(
  db: Database,
  editor: RecordEditor,
  id: string,
  now: Date,
  isRemoved: boolean,
): Promise<OpportunityRecord> {
  const existing = await findOpportunity(db, id);
  if (!existing) throw opportunityNotFound(id);
  if (Boolean(existing.removedFromCrmAt) === isRemoved) return opportunityRecordOf(db, existing);
  const updated = await updateOpportunity(db, id, {
    removedFromCrmAt: isRemoved ? now : null,
    modifiedOn: now,
    modifiedBy: editor.email,
  });
  if (!updated) throw opportunityNotFound(id);
  return opportunityRecordOf(db, updated);
}
