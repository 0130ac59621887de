import type { Database } from '@bastion/db/client';
import { invalidField } from './invalid-field.ts';
import { findFamily } from './margin-data.repository.ts';

type Family = NonNullable<Awaited<ReturnType<typeof findFamily>>>;

/**
 * The save every per-family margin row shares: in one transaction, the family the row is for
 * (a 400 on family_id when there is none), then the work on its row.
 */
export function inFamily<Result>(
  db: Database,
  familyId: string,
  work: (tx: Database, family: Family) => Promise<Result>,
): Promise<Result> {
  return db.transaction(async (tx) => {
    const family = await findFamily(tx, familyId);
    if (!family) throw invalidField('family_id', `There is no product family ${familyId}.`);
    return work(tx, family);
  });
}
