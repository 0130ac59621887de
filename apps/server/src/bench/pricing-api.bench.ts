/**
 * npm run bench:pricing-api — the configure page's server calls on PostgreSQL, in process.
 *
 * Builds the app (buildApp, as the server tests do) over a database of its own
 * (BENCH_DATABASE_URL, default postgres://root@127.0.0.1:5432/bastion_bench_pricing_api, made
 * afresh with the demo data unless BENCH_REUSE=1), signs in as the demo seller, makes five-year
 * ELA quotes of 1,000 and 5,000 lines (BENCH_LINE_COUNTS, e.g. "1000,5000") and prints for each:
 *
 * - the pricing answer (POST /api/dx/pricing/execute): bytes raw and gzipped, and the server
 *   time (inject: routing, body validation, pricing, answer serialization) median and p95 of RUNS,
 *   with the demo product rules in force and again without any (issue 34);
 * - one line's waterfall on demand (POST /api/dx/pricing/explain-line): median;
 * - saving the lines (POST /api/dx/save-quote-configuration, the quote's lines all kept with a
 *   changed quantity each time): median (at every size, the goal is for 1,000 lines).
 */
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import { eq, inArray } from 'drizzle-orm';
import { productRules } from '@bastion/db/schema/catalog';
import { openBenchApp, priceableUsdSkus } from './bench-app.ts';
import { benchSettings, timeRuns } from './bench-database.ts';

const settings = benchSettings('bastion_bench_pricing_api');
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const LINE_COUNTS = (process.env.BENCH_LINE_COUNTS ?? '1000,5000').split(',').map(Number);
const YEARS = 5;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function main() {
  const { db, post, dataOf, createUsdQuote, close } = await openBenchApp(settings);
  try {
    const codes = await priceableUsdSkus(db);

    console.log(
      `Pricing API, five-year ELA quotes, PostgreSQL, ${RUNS} runs each (${os.cpus().length} cores, Node ${process.version}, load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')})`,
    );
    for (const count of LINE_COUNTS) {
      const id = await createUsdQuote({
        quote_name: `Bench ${count} lines`,
        quote_type: 'ELA',
        contract_length: String(12 * YEARS),
        contract_end_date: '2031-12-31',
      });
      const drafts = (shift: number) =>
        Array.from({ length: count }, (_, i) => ({
          key: `bench-${i}`,
          sku: codes[i % codes.length] ?? '',
          quantities: Array.from({ length: YEARS }, (_, y) => 1 + ((i + y + shift) % 9)),
          ...(i % 3 === 0 ? { manual_discount_percent: String(i % 40) } : {}),
        }));
      const saved = await dataOf<{
        quote: { version: number };
        lines: { id: string }[];
      }>('/api/dx/save-quote-configuration', {
        id,
        version: 1,
        lines: drafts(0),
        advance: false,
      });
      // The stored lines, by id, as the page sends them once loaded.
      const stored = (shift: number) =>
        drafts(shift).map((draft, i) => ({ ...draft, id: saved.lines[i]?.id, key: `k${i}` }));
      const lines = stored(1);

      // Warmed up first, so neither of the two timings below pays for the first calls.
      for (let warm = 0; warm < 3; warm++) await post('/api/dx/pricing/execute', { id, lines });
      const priced = await timeRuns(RUNS, async () => {
        const response = await post('/api/dx/pricing/execute', { id, lines });
        if (response.statusCode !== 200) throw new Error(response.body.slice(0, 500));
        return response;
      });
      const body = priced.last?.rawPayload ?? Buffer.alloc(0);
      console.log(`  ${count.toLocaleString('en-US')} lines × ${YEARS} years`);
      console.log(
        `    pricing/execute answer: ${kb(body.length)} raw, ${kb(gzipSync(body).length)} gzip; server time median ${ms(priced.p50)}, p95 ${ms(priced.p95)} (with the demo product rules)`,
      );
      // The same without product rules in force (issue 34: the rules' share of the pass).
      const active = await db
        .update(productRules)
        .set({ isActive: false })
        .where(eq(productRules.isActive, true))
        .returning({ id: productRules.id });
      try {
        const bare = await timeRuns(RUNS, async () => {
          const response = await post('/api/dx/pricing/execute', { id, lines });
          if (response.statusCode !== 200) throw new Error(response.body.slice(0, 500));
          return response;
        });
        console.log(
          `    pricing/execute without product rules: median ${ms(bare.p50)}, p95 ${ms(bare.p95)}`,
        );
      } finally {
        if (active.length > 0)
          await db
            .update(productRules)
            .set({ isActive: true })
            .where(
              inArray(
                productRules.id,
                active.map((rule) => rule.id),
              ),
            );
      }

      const explained = await timeRuns(RUNS, async (run) => {
        const response = await post('/api/dx/pricing/explain-line', {
          id,
          lines,
          line_key: `k${(run * 37) % count}`,
        });
        if (response.statusCode !== 200) throw new Error(response.body.slice(0, 500));
        return response;
      });
      console.log(
        `    pricing/explain-line (one line's waterfall, ${kb(explained.last?.rawPayload.length ?? 0)}): median ${ms(explained.p50)}, p95 ${ms(explained.p95)}`,
      );

      let version = saved.quote.version;
      const saves = await timeRuns(Math.min(RUNS, 10), async (run) => {
        const answer = await dataOf<{ quote: { version: number } }>(
          '/api/dx/save-quote-configuration',
          { id, version, lines: stored(run + 2), advance: false },
        );
        version = answer.quote.version;
        return answer;
      });
      console.log(
        `    save-quote-configuration, every line's quantities changed: median ${ms(saves.p50)}, p95 ${ms(saves.p95)}`,
      );
      // The usual save: one line changed since the last.
      const base = stored(0);
      version = (
        await dataOf<{ quote: { version: number } }>('/api/dx/save-quote-configuration', {
          id,
          version,
          lines: base,
          advance: false,
        })
      ).quote.version;
      const oneChanged = await timeRuns(Math.min(RUNS, 10), async (run) => {
        const lines = base.map((line, i) =>
          i === (run * 37) % count
            ? { ...line, quantities: line.quantities.map((q) => q + run + 1) }
            : line,
        );
        const answer = await dataOf<{ quote: { version: number } }>(
          '/api/dx/save-quote-configuration',
          { id, version, lines, advance: false },
        );
        version = answer.quote.version;
        return answer;
      });
      console.log(
        `    save-quote-configuration, one line changed: median ${ms(oneChanged.p50)}, p95 ${ms(oneChanged.p95)}`,
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
