/**
 * npm run bench:import — importing a bill of materials into a quote's lines (issue 38) on
 * PostgreSQL, in process.
 *
 * Builds the app over a database of its own (BENCH_DATABASE_URL, default
 * postgres://root@127.0.0.1:5432/bastion_bench_import, made afresh with the demo data unless
 * BENCH_REUSE=1), signs in as the demo seller, and for a one-year USD quote times, for a CSV of
 * BENCH_ROWS lines (default 5,000) and an XLSX of the same:
 * - the preview (POST /api/dx/quote-lines-import-preview: reading the file, every row checked
 *   against the catalogue and the product rules, the result priced): median and p95 of RUNS;
 * - the import (POST /api/dx/import-quote-lines, replacing the quote's lines: checked again,
 *   rules, pricing, the lines written with their history): median of a few runs.
 * Goals: preview ≤ 3 s, save ≤ 5 s at 5,000 lines.
 */
import os from 'node:os';
import writeExcelFile from 'write-excel-file/node';
import { openBenchApp, priceableUsdSkus } from './bench-app.ts';
import { benchSettings, timeRuns } from './bench-database.ts';

const settings = benchSettings('bastion_bench_import');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROWS = Number(process.env.BENCH_ROWS ?? 5000);

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Preview {
  table: unknown;
  mapping: unknown;
  problems: unknown[];
}

async function main() {
  const { db, dataOf, createUsdQuote, close } = await openBenchApp(settings);
  try {
    const codes = await priceableUsdSkus(db);
    const rows = Array.from({ length: ROWS }, (_, i) => [
      codes[i % codes.length] ?? '',
      String(1 + (i % 9)),
      i % 3 === 0 ? String(i % 40) : '',
    ]);
    const csv = ['SKU,Quantity,Seller discount', ...rows.map((row) => row.join(','))].join('\r\n');
    const workbook = await writeExcelFile([
      ['SKU', 'Quantity', 'Seller discount'].map((value) => ({ value })),
      ...rows.map(([sku, quantity, discount]) => [
        { value: sku },
        { value: Number(quantity), type: Number },
        discount ? { value: Number(discount), type: Number } : null,
      ]),
    ]).toBuffer();

    console.log(
      `Line import, ${ROWS.toLocaleString('en-US')} lines, PostgreSQL, ${RUNS} runs each (${os.cpus().length} cores, Node ${process.version}, load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')})`,
    );
    for (const [label, fileName, bytes] of [
      ['CSV', 'bom.csv', Buffer.from(csv)],
      ['XLSX', 'bom.xlsx', workbook],
    ] as const) {
      const id = await createUsdQuote({ quote_name: `Bench import ${label}` });
      const source = {
        kind: 'file',
        file_name: fileName,
        content_base64: bytes.toString('base64'),
      };
      const previews = await timeRuns(RUNS, () =>
        dataOf<Preview>('/api/dx/quote-lines-import-preview', {
          quote_id: id,
          source,
          mode: 'replace',
        }),
      );
      const preview = previews.last;
      if (!preview || preview.problems.length > 0) {
        throw new Error(
          `The preview found problems: ${JSON.stringify(preview?.problems.slice(0, 3))}`,
        );
      }
      let version = 1;
      const imports = await timeRuns(Math.min(RUNS, 3), async () => {
        const saved = await dataOf<{ quote: { version: number } }>('/api/dx/import-quote-lines', {
          quote_id: id,
          version,
          table: preview.table,
          mapping: preview.mapping,
          mode: 'replace',
        });
        version = saved.quote.version;
        return saved;
      });
      console.log(
        `  ${label} (${Math.round(bytes.length / 1024)} KB): preview median ${seconds(previews.p50)}, p95 ${seconds(previews.p95)} (goal 3 s); import median ${seconds(imports.p50)}, p95 ${seconds(imports.p95)} (goal 5 s)`,
      );
    }
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
