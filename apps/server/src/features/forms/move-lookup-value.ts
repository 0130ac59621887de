import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { renumberLookupList } from './forms.repository.ts';
import type { LookupList, MoveLookupValueInput } from '@bastion/domain/forms/api';
import { inLockedList, toLookupValue } from './lookup-list-records.ts';

/**
 * Swaps a value with its neighbour above or below, as the admin page shows the list (retired
 * values included), and numbers the list 1, 2, 3… so ties in the order cannot hide a move.
 * Moving the first value up or the last one down changes nothing.
 */
export async function moveLookupValue(
  db: Database,
  input: MoveLookupValueInput,
): Promise<{ list: LookupList; isMoved: boolean }> {
  return inLockedList(db, input.lookup, async (tx, rows) => {
    const index = rows.findIndex((row) => row.value === input.value);
    if (index < 0) {
      throw new AppError('NOT_FOUND', `The list ${input.lookup} has no value "${input.value}".`);
    }
    const target = input.direction === 'up' ? index - 1 : index + 1;
    const neighbour = rows[target];
    const moving = rows[index];
    if (neighbour === undefined || moving === undefined) {
      return { list: { lookup: input.lookup, values: rows.map(toLookupValue) }, isMoved: false };
    }

    const ordered = [...rows];
    ordered[target] = moving;
    ordered[index] = neighbour;
    await renumberLookupList(
      tx,
      input.lookup,
      ordered.map((row) => row.value),
    );
    return {
      list: {
        lookup: input.lookup,
        values: ordered.map((row, position) => toLookupValue({ ...row, sortOrder: position + 1 })),
      },
      isMoved: true,
    };
  });
}
