import type { Database } from '@bastion/db/client';
import { supportCaseCostMinor } from '@bastion/domain/pricing/support-cases';
import {
  findMarkup,
  listFamiliesWithSupportSkuCounts,
  listSupportCases as querySupportCases,
  type SupportCaseRow,
} from './margin-data.repository.ts';
import { normalizedPercent, type SupportCase } from '@bastion/domain/margin-data/api';
import { supportCaseValuesOf } from './support-case-values.ts';

/** A stored row as the screens show it, with its cost per unit-year worked out. */
export function supportCaseOf(row: SupportCaseRow, familyName: string): SupportCase {
  return {
    family_id: row.familyId,
    family_name: familyName,
    ...supportCaseValuesOf(row),
    cost_per_unit_year_usd_minor:
      supportCaseCostMinor(row.casesPerUnitYear, row.costPerCaseUsdMinor) ?? 0,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Every family's expected support load (cases a unit raises a year, cost of a case), and every
 * family with its count of support SKUs, so the page can point out those without a row.
 */
export async function listSupportCases(db: Database, options: { canEdit: boolean }) {
  const [rows, families, markup] = await Promise.all([
    querySupportCases(db),
    listFamiliesWithSupportSkuCounts(db),
    findMarkup(db, 'SUPPORT'),
  ]);
  const withRow = new Set(rows.map((r) => r.supportCase.familyId));
  return {
    rows: rows.map(({ supportCase, familyName }) => supportCaseOf(supportCase, familyName)),
    families: families.map((family) => ({
      id: family.id,
      name: family.name,
      is_active: family.isActive,
      support_sku_count: family.supportSkuCount,
      has_row: withRow.has(family.id),
    })),
    support_markup: markup ? normalizedPercent(markup.percent) : '0.00',
    can_edit: options.canEdit,
  };
}
