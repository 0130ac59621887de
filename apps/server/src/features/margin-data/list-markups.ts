import type { Database } from '@bastion/db/client';
import { listMarkups as queryMarkups } from './margin-data.repository.ts';
import { COSTED_KINDS, normalizedPercent, type Markup } from '@bastion/domain/margin-data/api';

/** The markup of every kind with a cost; a kind without a row adds nothing (0 %). */
export async function listMarkups(db: Database, options: { canEdit: boolean }) {
  const rows = await queryMarkups(db);
  const byKind = new Map(rows.map((row) => [row.productKind, row.percent]));
  return {
    rows: COSTED_KINDS.map((kind): Markup => {
      const percent = byKind.get(kind);
      return {
        product_kind: kind,
        percent: percent === undefined ? '0.00' : normalizedPercent(percent),
        is_set: percent !== undefined,
      };
    }),
    can_edit: options.canEdit,
  };
}
