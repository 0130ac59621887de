import type { Database } from '@bastion/db/client';
import type { OpportunityRecord } from '@bastion/domain/crm/api';
import { findOpportunity, updateOpportunity } from './crm.repository.ts';
import { opportunityRecordOf, opportunityNotFound } from './get-opportunity.ts';
import type { RecordEditor } from './save-opportunity.ts';

/** Removal and restoration differ only in the stamp they set; one already so is left alone. */
function settingRemoval(isRemoved: boolean) {
  return async (
    db: Database,
    editor: RecordEditor,
    id: string,
    now: Date = new Date(),
  ): Promise<OpportunityRecord> => {
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
  };
}

/**
 * Takes an opportunity of the built-in CRM out of lists (soft delete): the row stays, because
 * quotes were made from it, and no new quote can be made from it. Removing it again keeps the
 * first removal time.
 */
export const removeOpportunity = settingRemoval(true);

/** Puts a removed opportunity of the built-in CRM back in lists. */
export const restoreOpportunity = settingRemoval(false);
