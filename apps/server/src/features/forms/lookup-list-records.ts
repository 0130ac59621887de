import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { lockLookupList, type LookupValueRow } from './forms.repository.ts';
import type { LookupList, LookupValue } from '@bastion/domain/forms/api';

/** A lookup value as the API shows it. */
export function toLookupValue(row: LookupValueRow): LookupValue {
  return {
    value: row.value,
    label: row.label,
    family: row.family,
    sort_order: row.sortOrder,
    is_active: row.isActive,
  };
}

/** Rows in display order, grouped into their lists (in the order the lists first appear). */
export function toLookupLists(rows: readonly LookupValueRow[]): LookupList[] {
  const lists = new Map<string, LookupValue[]>();
  for (const row of rows) {
    const values = lists.get(row.lookup) ?? [];
    values.push(toLookupValue(row));
    lists.set(row.lookup, values);
  }
  return [...lists].map(([lookup, values]) => ({ lookup, values }));
}

/** A 400 about one field, shaped like the schema's own errors so the page shows it in place. */
export function invalidField(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { details: [{ path, message }] });
}

/** Lists come with the product (their names are in recipes and code); admins edit their values. */
export function unknownList(lookup: string): AppError {
  return invalidField(
    'lookup',
    `There is no list named "${lookup}". Values can be added to the existing lists only.`,
  );
}

/**
 * The change every list edit shares: in one transaction, the list's values held until it ends
 * (a 400 on an unknown list), then the work on them.
 */
export function inLockedList<Result>(
  db: Database,
  lookup: string,
  work: (tx: Database, rows: LookupValueRow[]) => Promise<Result>,
): Promise<Result> {
  return db.transaction(async (tx) => {
    const rows = await lockLookupList(tx, lookup);
    if (rows.length === 0) throw unknownList(lookup);
    return work(tx, rows);
  });
}
