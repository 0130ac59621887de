import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRODUCT_KINDS } from '@bastion/domain/pricing/product-kinds';
import { auditLog } from '@bastion/db/schema/audit';
import { skus } from '@bastion/db/schema/catalog';
import { quoteLines, quotes } from '@bastion/db/schema/quotes';
import { CATALOG_DEMO } from '@bastion/db/seed/catalog-demo-data';
import { formatCsv, parseCsv } from '../../lib/csv.ts';
import { unique, useCatalogTestBed } from './catalog-admin.test-harness.ts';
import { SKU_CSV_COLUMNS, type SkuCsvColumn } from './export-skus.ts';
import { isoDayOf as dayOf } from '../../lib/clock.ts';

/* SKUs as CSV (decision 010): the export, and the import that changes existing SKUs with it. */

const { bed, api } = useCatalogTestBed();

const header = SKU_CSV_COLUMNS.join(',');

interface CsvFile {
  file_name: string;
  csv: string;
  row_count: number;
}

interface ImportRefusal {
  message: string;
  errors: { row: number; column: string | null; path: string; message: string }[];
}

const exportFile = () => api.dataOf<CsvFile>('skus/export', {});
const importFile = (csv: string) => api.post('skus/import', { csv });

/** The stored rows of some SKUs (every one when none is named), to compare before and after. */
function storedSkus(...codes: string[]) {
  return bed.ctx.db
    .select()
    .from(skus)
    .where(codes.length > 0 ? inArray(skus.sku, codes) : undefined)
    .orderBy(asc(skus.sku));
}

const importAudits = () =>
  bed.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'catalog.skus.imported'))
    .orderBy(asc(auditLog.id));

/** A SKU's row of the export, by column. */
async function exportedRow(code: string): Promise<Record<SkuCsvColumn, string>> {
  const record = parseCsv((await exportFile()).csv).records.find((r) => r.fields[0] === code);
  if (!record) throw new Error(`${code} is not in the export`);
  return Object.fromEntries(SKU_CSV_COLUMNS.map((c, i) => [c, record.fields[i] ?? ''])) as Record<
    SkuCsvColumn,
    string
  >;
}

/** A CSV line of these cells, quoted where CSV needs it. */
const line = (
  cells: Record<SkuCsvColumn, string>,
  columns: readonly SkuCsvColumn[] = SKU_CSV_COLUMNS,
) =>
  columns
    .map((column) => {
      const cell = cells[column];
      return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
    })
    .join(',');

/** A quote with one line of the SKU: its kind is fixed from then on. */
async function quoteSku(code: string) {
  const [quote] = await bed.ctx.db
    .insert(quotes)
    .values({
      quoteNumber: `Q-T-${unique()}`,
      quoteName: 'SKU import test',
      quoteType: 'STANDARD',
      dealType: 'NB',
      contractLength: 12,
      salesChannel: 'DIRECT',
    })
    .returning({ id: quotes.id });
  await bed.ctx.db.insert(quoteLines).values({ quoteId: quote?.id ?? '', position: 1, sku: code });
}

describe('SKU export and import', () => {
  it('exports every SKU with its attributes, and the export imports back changing nothing', async () => {
    const appliance = await api.createSku({
      name: '=HYPERLINK("http://x")',
      description: 'Ports, "fast"\nand more',
      attributes: {
        model: 'BX-T9',
        form_factor: '1U',
        segment: 'campus',
        port_types: ['SFP+', 'SFP28'],
        support_tier: 'PRM',
        ha_capable: true,
      },
    });
    const retired = await api.createSku({
      kind: 'SUBSCRIPTION',
      billing: 'ANNUAL',
      is_shippable: false,
      is_active: false,
      successor_sku: appliance,
      attributes: { ha_capable: false },
    });

    const file = await exportFile();
    expect(file.file_name).toBe(`skus-${dayOf(new Date())}.csv`);
    const records = parseCsv(file.csv).records;
    expect(records[0]?.fields).toEqual([...SKU_CSV_COLUMNS]);
    expect(records).toHaveLength(file.row_count + 1);
    // Other files add and remove SKUs of their own meanwhile: the demo catalogue's are all there.
    const exported = new Set(records.slice(1).map((r) => r.fields[0]));
    for (const demo of CATALOG_DEMO.skus) expect(exported.has(demo.sku), demo.sku).toBe(true);
    const rowOf = (code: string) => records.find((r) => r.fields[0] === code)?.fields;
    expect(rowOf(appliance)).toEqual([
      appliance,
      // A spreadsheet must not run a name as a formula: the import takes the quote off again.
      `'=HYPERLINK("http://x")`,
      'Ports, "fast"\nand more',
      'HARDWARE',
      'ONE_TIME',
      bed.family,
      'true',
      '',
      'BX-T9',
      '1U',
      'campus',
      'SFP+|SFP28',
      'PRM',
      'true',
    ]);
    expect(rowOf(retired)).toEqual([
      retired,
      `Test SKU ${retired}`,
      '',
      'SUBSCRIPTION',
      'ANNUAL',
      bed.family,
      'false',
      appliance,
      '',
      '',
      '',
      '',
      '',
      'false',
    ]);

    // The catalogue back (the demo's SKUs and this test's; other files' come and go meanwhile):
    // nothing changes, nothing is recorded.
    const ours = new Set([...CATALOG_DEMO.skus.map((demo) => demo.sku), appliance, retired]);
    const [header, ...rows] = records.map((r) => r.fields);
    const kept = rows.filter((fields) => ours.has(fields[0] ?? ''));
    const codes = kept.map((fields) => fields[0] ?? '');
    const before = await storedSkus(...codes);
    const audits = (await importAudits()).length;
    expect(await api.dataOf('skus/import', { csv: formatCsv([header ?? [], ...kept]) })).toEqual({
      imported: kept.length,
      updated: 0,
    });
    expect(await storedSkus(...codes)).toEqual(before);
    expect(await importAudits()).toHaveLength(audits);
  });

  it('stores and audits what an edited file changes, header in any order', async () => {
    const code = await api.createSku({ attributes: { model: 'BX-T1', form_factor: '1U' } });
    const untouched = await api.createSku();
    const edited = {
      ...(await exportedRow(code)),
      name: 'Renamed appliance',
      is_active: 'FALSE',
      model: '',
      form_factor: '2u+',
      segment: 'Branch',
      port_types: 'ge| sfp',
      ha_capable: 'True',
    };
    const columns = [...SKU_CSV_COLUMNS].reverse();
    const csv = [
      columns.map((c) => c.toUpperCase()).join(','),
      line(edited, columns),
      line(await exportedRow(untouched), columns),
    ].join('\n');
    const [before] = await storedSkus(untouched);

    expect(await api.dataOf('skus/import', { csv: `\uFEFF${csv}` })).toEqual({
      imported: 2,
      updated: 1,
    });
    const [stored] = await storedSkus(code);
    expect(stored).toMatchObject({
      name: 'Renamed appliance',
      isActive: false,
      attributes: {
        form_factor: '2U+',
        segment: 'branch',
        port_types: ['GE', 'SFP'],
        ha_capable: true,
      },
    });
    expect(stored?.attributes).not.toHaveProperty('model');
    expect(await storedSkus(untouched)).toEqual([before]);

    const audit = (await importAudits()).at(-1);
    expect(audit).toMatchObject({
      actorUserId: bed.users.admin.id,
      entityType: 'sku',
      details: {
        imported: 2,
        updated: 1,
        changes: [{ sku: code, changed: ['name', 'isActive', 'attributes'] }],
      },
    });
  });

  it('applies the rows in order, each as the SKU panel saves it', async () => {
    const first = await api.createSku();
    const second = await api.createSku();
    const rows = [await exportedRow(first), await exportedRow(second)];
    const csv = (a: string, b: string) =>
      [
        header,
        line({ ...rows[0]!, successor_sku: a }),
        line({ ...rows[1]!, successor_sku: b }),
      ].join('\r\n');

    // Row 3 would close a circle with row 2, which is not stored yet: row 2 counts.
    const response = await importFile(csv(second, first));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<ImportRefusal>().errors).toEqual([
      {
        row: 3,
        column: 'successor_sku',
        path: 'row.3.successor_sku',
        message: `${first} leads back to ${second} (${second} → ${first} → ${second}): successors cannot go round in a circle.`,
      },
    ]);
    expect((await storedSkus(first))[0]?.successorSku).toBeNull();

    expect(await api.dataOf('skus/import', { csv: csv(second, '') })).toEqual({
      imported: 2,
      updated: 1,
    });
    expect((await storedSkus(first))[0]?.successorSku).toBe(second);
  });

  it('imports nothing when one row is bad, and says which row and column', async () => {
    const codes = await Promise.all(Array.from({ length: 13 }, () => api.createSku()));
    const quoted = codes[9]!;
    await quoteSku(quoted);
    const row = async (index: number, changes: Partial<Record<SkuCsvColumn, string>>) =>
      line({ ...(await exportedRow(codes[index]!)), ...changes });
    const unknown = `NO-SUCH-${unique()}`;
    const csv = [
      header,
      await row(0, { name: 'A good change' }), // 2
      line({ ...(await exportedRow(codes[1]!)), sku: unknown.toLowerCase() }), // 3
      await row(2, { form_factor: '3U' }), // 4
      await row(3, { port_types: 'SFP|XFP' }), // 5
      await row(4, { port_types: 'SFP|sfp' }), // 6
      await row(5, { ha_capable: 'maybe' }), // 7
      await row(6, { is_active: 'yes' }), // 8
      await row(7, { kind: 'WIDGET' }), // 9
      await row(8, { family_id: 'FIREWALL' }), // 10
      await row(9, { kind: 'SERVICE' }), // 11
      await row(0, { name: 'Again' }), // 12
      `${codes[10]},Short row`, // 13
      '', // 14: blank, skipped
      await row(11, { name: ' ', model: 'M'.repeat(41) }), // 15
      await row(12, { successor_sku: codes[12]! }), // 16
    ].join('\r\n');
    const before = await storedSkus(...codes);

    const response = await importFile(csv);
    expect(response.statusCode, response.body).toBe(400);
    const answer = response.json<ImportRefusal>();
    expect(answer.message).toBe(
      'Nothing was imported: 14 problems in 13 rows of the file. Correct the file and import it again.',
    );
    expect(answer.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [3, 'sku', `There is no SKU ${unknown}; create it on the SKU panel first.`],
      [4, 'form_factor', 'Form factor is one of desktop, 1U, 2U+, chassis, virtual.'],
      [5, 'port_types', 'Port types are among GE, SFP, SFP+, SFP28, QSFP.'],
      [6, 'port_types', 'A port type is listed twice.'],
      [7, 'ha_capable', 'HA-capable is true or false.'],
      [8, 'is_active', 'Active is true or false.'],
      [9, 'kind', `Choose the kind: ${PRODUCT_KINDS.join(', ')}.`],
      [
        10,
        'family_id',
        `${codes[8]} is in the family ${bed.family}: a SKU changes family on the SKU panel, where its product line is chosen too.`,
      ],
      [11, 'kind', `${quoted} is on 1 quote line, so its kind stays HARDWARE.`],
      [12, 'sku', `Row 2 already has ${codes[0]}.`],
      [
        13,
        null,
        'This row has 2 values; the header names 14 columns. A value with a comma needs double quotes.',
      ],
      [15, 'name', 'Enter the SKU name.'],
      [15, 'model', 'Model is at most 40 characters.'],
      [16, 'successor_sku', 'A SKU cannot be its own successor: choose another SKU.'],
    ]);
    expect(answer.errors[0]?.path).toBe('row.3.sku');
    expect(await storedSkus(...codes)).toEqual(before);
  });

  it('changes many SKUs in one transaction', async () => {
    const line = await api.addNode(`Line ${unique()}`, null, { family_id: bed.family });
    const prefix = `TB-${unique()}`;
    const codes = Array.from({ length: 500 }, (_, i) => `${prefix}-${i}`);
    await bed.ctx.db.insert(skus).values(
      codes.map((sku, i) => ({
        sku,
        name: `Bulk ${i}`,
        kind: 'SERVICE' as const,
        billing: 'ONE_TIME' as const,
        familyId: bed.family,
        hierarchyNodeId: line.id,
      })),
    );
    const rows = codes.map(
      (sku, i) =>
        `${sku},Bulk ${i},,SERVICE,ONE_TIME,${bed.family},true,,M-${i},virtual,,,STD,${i % 2 === 0}`,
    );
    const started = Date.now();
    expect(await api.dataOf('skus/import', { csv: [header, ...rows].join('\n') })).toEqual({
      imported: 500,
      updated: 500,
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    const stored = await storedSkus(...codes);
    expect(stored[1]?.attributes).toEqual({
      model: 'M-1',
      form_factor: 'virtual',
      support_tier: 'STD',
      ha_capable: false,
    });
  });

  it.each([
    ['', 'The file is empty'],
    [header.replace('model', 'modell'), 'Unknown column “modell”'],
    [header.replace(',model', ''), 'model is missing'],
    [`${header}\r\n`, 'The file has no SKU rows under its header.'],
    [`${header}\r\n"BX-1,x`, 'A quoted value is not closed'],
  ])('refuses the file %j', async (csv, message) => {
    const response = await importFile(csv);
    expect(response.statusCode, response.body).toBe(400);
    const messages = response.json<ImportRefusal>().errors.map((e) => e.message);
    expect(messages.join('\n')).toContain(message);
  });

  it('is for catalogue admins only', async () => {
    for (const cookie of [bed.cookies.catalogUser, bed.cookies.sales]) {
      expect((await api.post('skus/export', {}, cookie)).statusCode).toBe(403);
      expect((await api.post('skus/import', { csv: header }, cookie)).statusCode).toBe(403);
    }
    expect((await api.post('skus/export', {}, bed.cookies.root)).statusCode).toBe(200);
  });
});
