import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import type { ContactRecord, SaveContactInput } from '@bastion/domain/crm/api';
import { findAccount, findContact, insertContact, updateContact } from './crm.repository.ts';
import { accountNotFound, contactRecordOf } from './get-account.ts';
import { invalidField } from './invalid-field.ts';
import { newRecordId } from './record-ids.ts';

export const contactNotFound = (id: string) =>
  new AppError('NOT_FOUND', `There is no contact with the id ${id}.`);

/**
 * Adds a contact to an account of the built-in CRM (no id) or changes one (its id). A contact
 * stays with its account: partner contacts on opportunities must remain the partner's.
 */
export async function saveContact(
  db: Database,
  input: SaveContactInput,
): Promise<ContactRecord & { isCreated: boolean }> {
  const fields = {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    phone: input.phone,
    title: input.title,
  };
  return db.transaction(async (tx) => {
    if (input.id === undefined) {
      if (!(await findAccount(tx, input.account_id))) throw accountNotFound(input.account_id);
      const id = newRecordId('CON');
      await insertContact(tx, { id, accountId: input.account_id, ...fields });
      const created = await findContact(tx, id);
      if (!created) throw new Error(`contact ${id} vanished after insert`);
      return { ...contactRecordOf(created), isCreated: true };
    }
    const contact = await findContact(tx, input.id);
    if (!contact) throw contactNotFound(input.id);
    if (contact.accountId !== input.account_id) {
      throw invalidField(
        'account_id',
        'A contact cannot move to another account; add it to that account as a new contact.',
      );
    }
    await updateContact(tx, contact.id, fields);
    return { ...contactRecordOf({ ...contact, ...fields }), isCreated: false };
  });
}
