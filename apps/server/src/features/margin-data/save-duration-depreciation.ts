import type { Database } from '@bastion/db/client';
import { listDepreciation, upsertDepreciation } from './margin-data.repository.ts';
import {
  normalizedPercent,
  percentText,
  type CostedKind,
  type Depreciation,
} from '@bastion/domain/margin-data/api';

/** Sets a kind's five yearly percentages together, so a kind is never left half changed. */
export async function saveDurationDepreciation(
  db: Database,
  kind: CostedKind,
  percentsBp: readonly number[],
): Promise<{ depreciation: Depreciation; before: (string | null)[] }> {
  return db.transaction(async (tx) => {
    const existing = (await listDepreciation(tx)).filter((row) => row.productKind === kind);
    const percents = percentsBp.map(percentText);
    await upsertDepreciation(tx, kind, percents);
    return {
      depreciation: { product_kind: kind, percents, is_set: true },
      before: percents.map((_, index) => {
        const row = existing.find((r) => r.year === index + 1);
        return row ? normalizedPercent(row.percent) : null;
      }),
    };
  });
}
