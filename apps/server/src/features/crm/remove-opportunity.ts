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
export async function removeOpportunity(
  db: Database,
  editor: RecordEditor,
  id: string,
  now: Date = new Date(),
): Promise<OpportunityRecord> {
  const existing = await findOpportunity(db, id);
  if (!existing) throw opportunityNotFound(id);
  if (existing.removedFromCrmAt) return opportunityRecordOf(db, existing);
  const updated = await updateOpportunity(db, id, {
    removedFromCrmAt: now,
    modifiedOn: now,
    modifiedBy: editor.email,
  });
  if (!updated) throw opportunityNotFound(id);
  return opportunityRecordOf(db, updated);
}
