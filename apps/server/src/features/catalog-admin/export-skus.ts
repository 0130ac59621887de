import { storedSkuAttributes } from '@bastion/domain/product-rules/schemas';
import type { Database } from '@bastion/db/client';
import { listSkusForExport, type SkuRow } from './catalog-admin.repository.ts';
import { formatCsv, neutralizeFormulaReversibly } from '../../lib/csv.ts';
import { isoDayOf } from '../../lib/clock.ts';

/** The SKU file's columns: the export writes them in this order, the import reads them. */
export const SKU_CSV_COLUMNS = [
  'sku',
  'name',
  'description',
  'kind',
  'billing',
  'family_id',
  'is_active',
  'successor_sku',
  'model',
  'form_factor',
  'segment',
  'port_types',
  'support_tier',
  'ha_capable',
] as const;
export type SkuCsvColumn = (typeof SKU_CSV_COLUMNS)[number];

/** How a list of port types is written in its one cell. */
export const PORT_TYPE_SEPARATOR = '|';

/*
 * Names, descriptions, models and support tiers are people's text: one starting with = + - @
 * would run as a formula in a spreadsheet, so it is written behind a quote that the import takes
 * off again (neutralizeFormulaReversibly). Codes, kinds and the other values cannot start so.
 */
const text = neutralizeFormulaReversibly;

function skuRecord(sku: SkuRow): string[] {
  const attributes = storedSkuAttributes(sku.attributes);
  const cells: Record<SkuCsvColumn, string> = {
    sku: sku.sku,
    name: text(sku.name),
    description: text(sku.description),
    kind: sku.kind,
    billing: sku.billing,
    family_id: sku.familyId,
    is_active: String(sku.isActive),
    successor_sku: sku.successorSku ?? '',
    model: text(attributes.model ?? ''),
    form_factor: attributes.form_factor ?? '',
    segment: attributes.segment ?? '',
    port_types: (attributes.port_types ?? []).join(PORT_TYPE_SEPARATOR),
    support_tier: text(attributes.support_tier ?? ''),
    ha_capable: attributes.ha_capable === undefined ? '' : String(attributes.ha_capable),
  };
  return SKU_CSV_COLUMNS.map((column) => cells[column]);
}

/**
 * Every SKU as CSV, inactive ones too, in code order, with the attributes product rules read
 * (blank: not set). The import reads this file back unchanged, so SKUs can be exported, edited
 * and imported (decision 010).
 */
export async function exportSkus(db: Database, now: Date = new Date()) {
  const rows = await listSkusForExport(db);
  return {
    file_name: `skus-${isoDayOf(now)}.csv`,
    csv: formatCsv([SKU_CSV_COLUMNS, ...rows.map(skuRecord)]),
    row_count: rows.length,
  };
}
