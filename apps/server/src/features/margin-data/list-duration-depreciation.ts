import type { Database } from '@bastion/db/client';
import { listDepreciation } from './margin-data.repository.ts';
import {
  COSTED_KINDS,
  DEPRECIATION_YEARS,
  normalizedPercent,
  type Depreciation,
} from '@bastion/domain/margin-data/api';

/** A year without a row costs what year one costs, as the pricing inputs read it. */
const FULL_COST = '100.00';

/** Per kind with a cost, the share of year-one cost each contract year 1 to 5 costs. */
export async function listDurationDepreciation(db: Database, options: { canEdit: boolean }) {
  const rows = await listDepreciation(db);
  return {
    rows: COSTED_KINDS.map((kind): Depreciation => {
      const own = rows.filter((row) => row.productKind === kind);
      return {
        product_kind: kind,
        percents: Array.from({ length: DEPRECIATION_YEARS }, (_, index) => {
          const row = own.find((r) => r.year === index + 1);
          return row ? normalizedPercent(row.percent) : FULL_COST;
        }),
        is_set: own.length > 0,
      };
    }),
    can_edit: options.canEdit,
  };
}
