import type { Database } from '@bastion/db/client';
import { insertLookupValue, updateLookupValue } from './forms.repository.ts';
import type { LookupValue, SaveLookupValueInput } from '@bastion/domain/forms/api';
import { inLockedList, invalidField, toLookupValue } from './lookup-list-records.ts';

export const LAST_ACTIVE_MESSAGE = 'A list needs at least one value people can choose.';

/** Far enough apart that an admin can still slot values in between by hand. */
const MAX_SORT_ORDER = 10_000;

export interface SavedLookupValue extends LookupValue {
  lookup: string;
  is_created: boolean;
}

/**
 * Adds a value to an existing list, or changes the label, family, order or activity of one.
 * The code is the key: quotes store it, so it never changes (to rename, change the label).
 * Retiring keeps the row, so quotes that chose it keep their value while forms stop offering it;
 * the last value people can choose cannot be retired.
 */
export async function saveLookupValue(
  db: Database,
  input: SaveLookupValueInput,
): Promise<{ saved: SavedLookupValue; before: LookupValue | null }> {
  return inLockedList(db, input.lookup, async (tx, rows) => {
    const existing = rows.find((row) => row.value === input.value) ?? null;

    if (existing === null) {
      const twin = rows.find((row) => row.value.toLowerCase() === input.value.toLowerCase());
      if (twin) {
        throw invalidField(
          'value',
          `The list already has the code "${twin.value}", which differs only in capitals. Change that value instead.`,
        );
      }
    }
    const othersActive = rows.filter((row) => row.isActive && row.value !== input.value).length;
    if (existing?.isActive && !input.is_active && othersActive === 0) {
      throw invalidField('is_active', LAST_ACTIVE_MESSAGE);
    }

    const saved = {
      label: input.label,
      family: input.family === undefined ? (existing?.family ?? null) : input.family,
      sortOrder:
        input.sort_order ??
        existing?.sortOrder ??
        Math.min(MAX_SORT_ORDER, Math.max(0, ...rows.map((row) => row.sortOrder)) + 1),
      isActive: input.is_active,
    };
    const key = { lookup: input.lookup, value: input.value };
    if (existing) await updateLookupValue(tx, key, saved);
    else await insertLookupValue(tx, { ...key, ...saved });

    return {
      saved: {
        lookup: input.lookup,
        ...toLookupValue({ ...key, ...saved }),
        is_created: existing === null,
      },
      before: existing ? toLookupValue(existing) : null,
    };
  });
}
