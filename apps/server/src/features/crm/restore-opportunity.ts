import type { Database } from '@bastion/db/client';
import type { OpportunityRecord } from './crm.schemas.ts';
import { findOpportunity, updateOpportunity } from './crm.repository.ts';
import { opportunityRecordOf, opportunityNotFound } from './get-opportunity.ts';
import type { RecordEditor } from './save-opportunity.ts';

/** Puts a removed opportunity of the built-in CRM back in lists. */
export async function restoreOpportunity(
  db: Database,
  editor: RecordEditor,
  id: string,
  now: Date = new Date(),
): Promise<OpportunityRecord> {
  const existing = await findOpportunity(db, id);
  if (!existing) throw opportunityNotFound(id);
  if (!existing.removedFromCrmAt) return opportunityRecordOf(db, existing);
  const updated = await updateOpportunity(db, id, {
    removedFromCrmAt: null,
    modifiedOn: now,
    modifiedBy: editor.email,
  });
  if (!updated) throw opportunityNotFound(id);
  return opportunityRecordOf(db, updated);
}
