/**
 * How scheduling prices changes the price rows of one SKU in one currency (decision 010): rows
 * are ranges [from, to); a change from a date closes the row in effect that day and starts a new
 * one. Pure, so a single change and a whole CSV import follow exactly the same rule.
 */

export interface PriceRowState {
  id: string;
  unitPriceMinor: number;
  /** YYYY-MM-DD; dates compare as text. */
  effectiveFrom: string;
  effectiveTo: string | null;
}

export interface PriceChange<K> {
  /** The caller's handle on the change (a CSV row number), returned with its conflict. */
  key: K;
  unitPriceMinor: number;
  effectiveFrom: string;
}

export interface PricePlan<K> {
  /** Existing rows to change: a new end, and for a same-day change a new price. */
  updates: { id: string; effectiveTo: string | null; unitPriceMinor: number | null }[];
  inserts: { unitPriceMinor: number; effectiveFrom: string; effectiveTo: string | null }[];
  /** Changes refused because a price starting later is already scheduled. */
  conflicts: { key: K; laterFrom: string }[];
  /** Changes that replaced the price of a row starting the same day. */
  replaced: K[];
}

export const laterPriceMessage = (laterFrom: string) =>
  `A later price is already scheduled from ${laterFrom}. Cancel it first, or schedule this change from ${laterFrom} or later.`;

/**
 * Applies the changes (distinct dates) in date order to the existing rows:
 * - a row already starting later than the change refuses it: the change would split a schedule
 *   somebody set on purpose;
 * - a row starting the same day gets the new price (the last word wins);
 * - otherwise the row in effect that day ends on it, and the new row runs until that row would
 *   have ended (open when it was open).
 */
export function planPriceChanges<K>(
  existing: readonly PriceRowState[],
  changes: readonly PriceChange<K>[],
): PricePlan<K> {
  type Row = PriceRowState & { isNew: boolean; isEndChanged: boolean; isPriceChanged: boolean };
  const rows: Row[] = existing.map((row) => ({
    ...row,
    isNew: false,
    isEndChanged: false,
    isPriceChanged: false,
  }));
  const conflicts: PricePlan<K>['conflicts'] = [];
  const replaced: K[] = [];
  const ordered = [...changes].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));

  for (const change of ordered) {
    const from = change.effectiveFrom;
    const later = rows
      .filter((row) => row.effectiveFrom > from)
      .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))[0];
    if (later) {
      conflicts.push({ key: change.key, laterFrom: later.effectiveFrom });
      continue;
    }
    const sameDay = rows.find((row) => row.effectiveFrom === from);
    if (sameDay) {
      sameDay.unitPriceMinor = change.unitPriceMinor;
      sameDay.isPriceChanged = true;
      replaced.push(change.key);
      continue;
    }
    const inEffect = rows.find(
      (row) => row.effectiveFrom < from && (row.effectiveTo === null || row.effectiveTo > from),
    );
    rows.push({
      id: '',
      unitPriceMinor: change.unitPriceMinor,
      effectiveFrom: from,
      effectiveTo: inEffect?.effectiveTo ?? null,
      isNew: true,
      isEndChanged: false,
      isPriceChanged: false,
    });
    if (inEffect) {
      inEffect.effectiveTo = from;
      inEffect.isEndChanged = true;
    }
  }

  return {
    updates: rows
      .filter((row) => !row.isNew && (row.isEndChanged || row.isPriceChanged))
      .map((row) => ({
        id: row.id,
        effectiveTo: row.effectiveTo,
        unitPriceMinor: row.isPriceChanged ? row.unitPriceMinor : null,
      })),
    inserts: rows
      .filter((row) => row.isNew)
      .map((row) => ({
        unitPriceMinor: row.unitPriceMinor,
        effectiveFrom: row.effectiveFrom,
        effectiveTo: row.effectiveTo,
      })),
    conflicts,
    replaced,
  };
}
