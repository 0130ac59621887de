import type { Database } from '@bastion/db/client';
import { findMarkup, upsertMarkup } from './margin-data.repository.ts';
import {
  normalizedPercent,
  percentText,
  type CostedKind,
  type Markup,
} from '@bastion/domain/margin-data/api';

/** Sets the overhead (freight, duty, handling) added to the cost of every SKU of a kind. */
export async function saveMarkup(
  db: Database,
  kind: CostedKind,
  percentBp: number,
): Promise<{ markup: Markup; before: string | null }> {
  return db.transaction(async (tx) => {
    const before = await findMarkup(tx, kind);
    const percent = percentText(percentBp);
    await upsertMarkup(tx, kind, percent);
    return {
      markup: { product_kind: kind, percent, is_set: true },
      before: before ? normalizedPercent(before.percent) : null,
    };
  });
}
