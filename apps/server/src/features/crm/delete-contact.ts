import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import {
  deleteContact as deleteContactRow,
  findContact,
  listOpportunitiesWithPartnerContact,
} from './crm.repository.ts';
import { contactNotFound } from './save-contact.ts';

/** How many opportunity names the refusal lists before "and N more". */
const NAMES_SHOWN = 3;

function nameList(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_SHOWN).map((name) => `“${name}”`);
  const more = names.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/**
 * Deletes a contact of the built-in CRM, unless an opportunity (even a removed one, which quotes
 * still show) names it as its partner contact: the admin chooses another contact there first.
 */
export async function deleteContact(db: Database, id: string) {
  return db.transaction(async (tx) => {
    const contact = await findContact(tx, id);
    if (!contact) throw contactNotFound(id);
    const uses = await listOpportunitiesWithPartnerContact(tx, id);
    if (uses.length > 0) {
      const who = `${contact.firstName} ${contact.lastName}`.trim() || contact.id;
      const names = nameList(uses.map((u) => u.name));
      const where =
        uses.length === 1 ? `the opportunity ${names}` : `${uses.length} opportunities: ${names}`;
      throw new AppError(
        'CONFLICT',
        `${who} is the partner contact of ${where}. Choose another partner contact there before deleting this contact.`,
      );
    }
    await deleteContactRow(tx, id);
    return { id, account_id: contact.accountId, is_deleted: true as const };
  });
}
