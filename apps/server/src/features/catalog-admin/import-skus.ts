import { ZSaveSkuBody } from '@bastion/domain/catalog/schemas';
import { FORM_FACTORS, PORT_TYPES, SEGMENTS } from '@bastion/domain/product-rules/model';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { restoreFormula, type CsvRecord } from '../../lib/csv.ts';
import { lockSkus, type SkuRow } from './catalog-admin.repository.ts';
import type { SaveSkuInput } from '@bastion/domain/catalog/admin-api';
import {
  importRefused,
  readCsvTable,
  rowValues,
  type CsvImportShape,
  type ImportProblem,
} from '../../lib/csv-import.ts';
import { PORT_TYPE_SEPARATOR, SKU_CSV_COLUMNS, type SkuCsvColumn } from './export-skus.ts';
import { changedFields, skuFieldsOfInput, writeSku } from './save-sku.ts';

const SKU_FILE: CsvImportShape<SkuCsvColumn> = { columns: SKU_CSV_COLUMNS, rowsName: 'SKU rows' };

/** A row that reads well and changes its SKU: the save it stands for. */
interface SkuLine {
  row: number;
  input: SaveSkuInput;
}

/** The column a save's problem is about; null for a field the file does not carry. */
function columnOf(path: string): SkuCsvColumn | null {
  const [first, second] = path.split('.');
  const name = first === 'attributes' ? second : first;
  return SKU_CSV_COLUMNS.find((column) => column === name) ?? null;
}

/** "1u" reads as 1U: a listed value in any case; anything else goes to the schema as it is. */
const listedValue = (values: readonly string[], text: string) =>
  values.find((value) => value.toLowerCase() === text.toLowerCase()) ?? text;

const readBoolean = (text: string): boolean | null =>
  /^true$/i.test(text) ? true : /^false$/i.test(text) ? false : null;

/** The attributes as the cells write them: a blank cell is an attribute not set. */
function attributesOf(value: (column: SkuCsvColumn) => string) {
  const ports = value('port_types')
    .split(PORT_TYPE_SEPARATOR)
    .map((port) => port.trim())
    .filter((port) => port !== '');
  const attributes: Record<string, unknown> = {
    model: restoreFormula(value('model')) || undefined,
    form_factor: listedValue(FORM_FACTORS, value('form_factor')) || undefined,
    segment: listedValue(SEGMENTS, value('segment')) || undefined,
    port_types: ports.length > 0 ? ports.map((port) => listedValue(PORT_TYPES, port)) : undefined,
    support_tier: restoreFormula(value('support_tier')) || undefined,
    ha_capable:
      value('ha_capable') === ''
        ? undefined
        : (readBoolean(value('ha_capable')) ?? value('ha_capable')),
  };
  return Object.fromEntries(Object.entries(attributes).filter(([, v]) => v !== undefined));
}

/**
 * Checks one row's values against the SKU it names, as the SKU panel's form would: the line to
 * save when it changes something, null when it changes nothing or has a problem.
 */
function readSkuLine(
  row: number,
  value: (column: SkuCsvColumn) => string,
  existing: SkuRow,
  problems: ImportProblem[],
): SkuLine | null {
  const before = problems.length;
  const fail = (column: SkuCsvColumn | null, message: string) =>
    problems.push({ row, column, message });

  if (value('family_id').toUpperCase() !== existing.familyId.toUpperCase()) {
    fail(
      'family_id',
      `${existing.sku} is in the family ${existing.familyId}: a SKU changes family on the SKU panel, where its product line is chosen too.`,
    );
  }
  // What is not in the file stays as it is stored: the product line, size, shipping. A value
  // that does not read goes to the schema as it is, for the schema's message.
  const raw = {
    is_new: false,
    sku: existing.sku,
    name: restoreFormula(value('name')),
    description: restoreFormula(value('description')),
    kind: value('kind').toUpperCase(),
    billing: value('billing').toUpperCase(),
    family_id: existing.familyId,
    hierarchy_node_id: existing.hierarchyNodeId,
    size: existing.size,
    pricing_model: existing.pricingModel,
    is_shippable: existing.isShippable,
    is_active: readBoolean(value('is_active')) ?? value('is_active'),
    successor_sku: value('successor_sku').toUpperCase() || null,
    attributes: attributesOf(value),
  };
  const parsed = ZSaveSkuBody.safeParse(raw);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const column = columnOf(issue.path.join('.'));
        // The code and family are the stored SKU's own.
        const isOfFile = column !== null && column !== 'sku' && column !== 'family_id';
        return { column: isOfFile ? column : null, message: issue.message };
      });
  for (const issue of issues) if (issue.column) fail(issue.column, issue.message);
  if (problems.length > before) return null;

  // The file's values are good (the checks left are of fields it does not carry).
  const input = parsed.success ? parsed.data : (raw as SaveSkuInput);
  const changed = changedFields(existing, {
    ...skuFieldsOfInput(input),
    attributes: input.attributes ?? {},
  });
  if (changed.length === 0) return null;
  // A stored SKU the panel would no longer save as it is (no product line…) is mended there.
  for (const issue of issues) {
    fail(null, `${existing.sku} needs a change on the SKU panel first: ${issue.message}`);
  }
  return parsed.success ? { row, input: parsed.data } : null;
}

/**
 * Imports SKUs (CSV in the export's columns, a header first) into the catalogue: each row changes
 * the SKU it names, with the SKU panel's checks (decision 010). Only existing SKUs: a new one is
 * created on the SKU panel, where its product line, shipping and prices are set. Every row is
 * checked before anything changes; one bad row and nothing is imported, and the answer lists
 * each problem by row and column. Rows that change nothing are left alone.
 */
export async function importSkus(db: Database, text: string, now: Date = new Date()) {
  const table = readCsvTable(text, SKU_FILE);
  const { problems } = table;

  return db.transaction(async (tx) => {
    const records = table.records.filter((record) => !table.badRows.has(record.row));
    const codeOf = (record: CsvRecord) =>
      (record.fields[table.positions.get('sku') ?? -1] ?? '').trim().toUpperCase();
    const found = new Map(
      (await lockSkus(tx, records.map(codeOf).filter(Boolean))).map((s) => [s.sku, s]),
    );

    const firstRowOf = new Map<string, number>();
    const lines: SkuLine[] = [];
    for (const record of records) {
      const { row } = record;
      const value = rowValues(record, table, problems);
      if (!value) continue;
      const code = value('sku').toUpperCase();
      const first = firstRowOf.get(code);
      const existing = found.get(code);
      if (code === '') {
        problems.push({ row, column: 'sku', message: 'Enter the SKU.' });
        continue;
      }
      if (first !== undefined) {
        problems.push({ row, column: 'sku', message: `Row ${first} already has ${code}.` });
        continue;
      }
      firstRowOf.set(code, row);
      if (!existing) {
        problems.push({
          row,
          column: 'sku',
          message: `There is no SKU ${code}; create it on the SKU panel first.`,
        });
        continue;
      }
      const line = readSkuLine(row, value, existing, problems);
      if (line) lines.push(line);
    }

    // In the file's order, each as the SKU panel saves it: a later row sees an earlier one.
    const changes: { sku: string; changed: string[] }[] = [];
    for (const line of lines) {
      try {
        changes.push({ sku: line.input.sku, changed: await writeSku(tx, line.input, now) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const details =
          error.details.length > 0 ? error.details : [{ path: '', message: error.userMessage }];
        for (const detail of details) {
          problems.push({ row: line.row, column: columnOf(detail.path), message: detail.message });
        }
      }
    }

    if (problems.length > 0) throw importRefused(problems, SKU_CSV_COLUMNS);
    return { imported: records.length, updated: changes.length, changes };
  });
}
