/**
 * npm run bench:documents — the PDF and the Word document of a 200-line, five-year ELA quote
 * (issue 17, point 5), generated 100 times each the way the route makes them (read from the
 * database, priced, built, rendered); prints median and p95 in ms and the memory (RSS, heap
 * used) at the start and the end. Goal: under 1 s each, memory flat.
 *
 * On DATABASE_URL when it is set (its own rows are added, nothing is dropped), else on an
 * embedded database in memory. BENCH_RUNS changes the 100; BENCH_SAVE_DIR keeps one of each.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { openDatabase } from '@bastion/db/client';
import { productFamilies, skuPrices, skus } from '@bastion/db/schema/catalog';
import { quoteComments } from '@bastion/db/schema/documents';
import { quoteLines, quoteShippingLines, quotes } from '@bastion/db/schema/quotes';
import { quoteTerms } from '@bastion/db/schema/terms';
import { seedReferenceData } from '@bastion/db/seed/reference-data';
import { buildQuoteDocument } from '@bastion/domain/documents/quote-document';
import type { Database } from '@bastion/db/client';
import { gatherQuoteDocument } from '../features/documents/gather-quote-document.ts';
import { renderQuoteDocx } from '../features/documents/render-quote-docx.ts';
import { renderQuotePdf } from '../features/documents/render-quote-pdf.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
/** BENCH_SAVE_DIR: where to keep one PDF and one DOCX, to look at. */
const saveDir = process.env.BENCH_SAVE_DIR;
const LINES = 200;
const CLAUSE_TEXT = 'The customer pays each invoice within 30 days of its date. '.repeat(6).trim();
const FAMILIES = ['Firewalls', 'Switches', 'Wireless', 'Subscriptions', 'Support', 'Services'];

/** A quote of 200 lines over six families, 60 months, with shipping, 12 clauses and comments. */
async function seedQuote(db: Database): Promise<string> {
  const tag = randomUUID().slice(0, 8).toUpperCase();
  await db.insert(productFamilies).values(
    FAMILIES.map((name, i) => ({
      id: `BENCH_${i}_${tag}`,
      name: `${name} ${tag}`,
      sortOrder: i,
    })),
  );
  const codes = Array.from(
    { length: LINES },
    (_, i) => `BENCH-${tag}-${String(i).padStart(3, '0')}`,
  );
  const isHardware = (i: number) => i % FAMILIES.length < 3;
  await db.insert(skus).values(
    codes.map((sku, i) => ({
      sku,
      name: `Bench product ${i} with a name long enough to wrap in its column`,
      kind: isHardware(i) ? ('HARDWARE' as const) : ('SUBSCRIPTION' as const),
      billing: isHardware(i) ? ('ONE_TIME' as const) : ('ANNUAL' as const),
      isShippable: isHardware(i),
      familyId: `BENCH_${i % FAMILIES.length}_${tag}`,
    })),
  );
  await db.insert(skuPrices).values(
    codes.map((sku, i) => ({
      sku,
      currencyCode: 'USD',
      unitPriceMinor: 1_000 + i * 137,
      effectiveFrom: '2020-01-01',
    })),
  );
  const [quote] = await db
    .insert(quotes)
    .values({
      quoteNumber: `Q-BENCH-${tag}`,
      quoteName: `Bench ELA ${tag}`,
      quoteType: 'ELA',
      dealType: 'NB',
      statusId: 'APPROVED',
      contractLength: 60,
      salesChannel: 'DIRECT',
      currencyCode: 'USD',
      accountName: 'Bench Customer AG',
      details: {
        opportunity: {
          end_customer_name: 'Bench Customer AG',
          contracting_entity_name: 'Bastion Security Inc.',
          payment_term_name: 'Net 30',
          account_billing_address: {
            street: '1 Bench Way',
            city: 'Austin',
            state: 'TX',
            postal_code: '78701',
            country: 'United States',
          },
        },
      },
    })
    .returning({ id: quotes.id });
  if (!quote) throw new Error('the bench quote was not inserted');
  const lineIds = codes.map(() => randomUUID());
  await db.insert(quoteLines).values(
    codes.map((sku, i) => ({
      id: lineIds[i],
      quoteId: quote.id,
      position: i,
      sku,
      y1: 10 + i,
      y2: 12 + i,
      y3: 14 + i,
      y4: 16 + i,
      y5: 18 + i,
      manualDiscountPercent: String(i % 25),
    })),
  );
  await db.insert(quoteShippingLines).values(
    codes.flatMap((_, i) =>
      isHardware(i)
        ? [
            {
              quoteId: quote.id,
              quoteLineId: lineIds[i] ?? '',
              position: i,
              region: 'EMEA',
              incoterm: 'DAP',
              year1: 10 + i,
              year2: 12 + i,
              year3: 14 + i,
              year4: 16 + i,
              year5: 18 + i,
            },
          ]
        : [],
    ),
  );
  await db.insert(quoteTerms).values(
    Array.from({ length: 12 }, (_, i) => ({
      quoteId: quote.id,
      position: i,
      clauseId: null,
      clauseVersion: null,
      customTitle: `Clause ${i + 1}`,
      customText: CLAUSE_TEXT,
      isRequired: false,
      source: 'CUSTOM' as const,
      isRemoved: false,
      renderedText: CLAUSE_TEXT,
    })),
  );
  await db.insert(quoteComments).values(
    Array.from({ length: 5 }, (_, i) => ({
      quoteId: quote.id,
      kind: 'comment' as const,
      body: `Comment ${i + 1}: prices held until the end of the quarter.`,
    })),
  );
  return quote.id;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;
const memory = () => {
  const { rss, heapUsed, external } = process.memoryUsage();
  // Buffers live outside the heap: a leak of bytes would show in `external`.
  return `RSS ${mb(rss)}, heap used ${mb(heapUsed)}, external ${mb(external)}`;
};
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;

async function main() {
  const url = process.env.DATABASE_URL;
  const handle = await openDatabase(
    url ? { engine: 'postgres', url } : { engine: 'pglite', dataDir: null },
  );
  await handle.migrate();
  await seedReferenceData(handle.db, { signInPolicy: 'production' });
  const { db } = handle;
  const quoteId = await seedQuote(db);
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  if (!quote) throw new Error('no bench quote');
  console.log(
    `Documents of a ${LINES}-line, 5-year ELA quote, ${RUNS} runs each (${url ? 'PostgreSQL' : 'embedded PGlite'})`,
  );

  const render = {
    pdf: async () =>
      renderQuotePdf(buildQuoteDocument(await gatherQuoteDocument(db, quote, 1)), new Date()),
    docx: async () => renderQuoteDocx(buildQuoteDocument(await gatherQuoteDocument(db, quote, 1))),
  };
  const formats = (process.env.BENCH_FORMATS ?? 'pdf,docx')
    .split(',')
    .filter((f): f is 'pdf' | 'docx' => f === 'pdf' || f === 'docx');
  for (const format of formats) {
    const first = await render[format](); // warm-up: fonts, code paths
    global.gc?.();
    if (saveDir) writeFileSync(path.join(saveDir, `bench-quote.${format}`), first);
    console.log(`\n${format.toUpperCase()} (${kb(first.length)}), start: ${memory()}`);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      await render[format]();
      times.push(performance.now() - started);
    }
    global.gc?.();
    times.sort((a, b) => a - b);
    console.log(
      `  median ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms`,
    );
    console.log(`  end: ${memory()}`);
  }
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
