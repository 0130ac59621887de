/**
 * npm run bench:configure — how the configure page feels with a large quote: 500 and 1,000 lines.
 *
 * Needs the built app (`npm run build`); builds nothing itself. Starts it the way the browser
 * tests do, on PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://root@127.0.0.1:5432/bastion_bench_configure, dropped and made afresh with the demo
 * data; BENCH_DATABASE_URL=embedded for a fresh embedded database), and for each size makes a five-year
 * ELA quote as the demo seller (BENCH_QUOTE_TYPE=STANDARD for a one-year quote), gives it the
 * lines through the API, and opens its configure page in Debian's Chromium. It prints:
 *
 * - first render: from the start of navigation to the first line on screen, and to the net
 *   total on screen (a full page load: HTML, scripts, the quote and its pricing), over LOADS loads;
 * - typing a quantity into one line, TYPINGS times:
 *   - the line's own update: from the input event until the row shows the typed value and marks
 *     its figures as being repriced (local state, before the 250 ms pause; goal: at once);
 *   - the totals: from the end of that pause (the pricing call leaving the page) until the net
 *     total shows the new figure (goal: under 100 ms), and from the keystroke, pause included;
 *   - the pricing call on its own (request to response end, as the browser timed it).
 *
 * BENCH_LINE_COUNTS (default "500,1000"), BENCH_TYPINGS (20) and BENCH_LOADS (5) change the sizes.
 */
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import pg from 'pg';
import type { Page, Request } from 'playwright-core';
import { launchBrowser } from '../fixtures.ts';
import { startBuiltApp } from '../global-setup.ts';
import { signIn, startQuote } from '../tests/quotes/quote-helpers.ts';

const LINE_COUNTS = (process.env.BENCH_LINE_COUNTS ?? process.env.BENCH_LINES ?? '500,1000')
  .split(',')
  .map(Number);
const QUOTE_TYPE = process.env.BENCH_QUOTE_TYPE === 'STANDARD' ? 'STANDARD' : 'ELA';
const YEARS = QUOTE_TYPE === 'ELA' ? 5 : 1;
const TYPINGS = Number(process.env.BENCH_TYPINGS ?? 20);
const LOADS = Number(process.env.BENCH_LOADS ?? 5);

interface Sku {
  sku: string;
  kind: string;
  is_active: boolean;
  pricing_model: string | null;
  unit_price_minor: number | null;
}

async function api<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** Products a seller can put on the quote in its currency: active, priced, not sized or bundled. */
async function priceableSkus(page: Page, currency: string): Promise<string[]> {
  const found: string[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const { rows, total } = await api<{ rows: Sku[]; total: number }>(
      page,
      '/api/dx/catalog/search-skus',
      { currency_code: currency, page: pageNumber, page_size: 100 },
    );
    for (const row of rows) {
      const isPlain = row.kind !== 'BUNDLE' && row.pricing_model === null && row.is_active;
      if (isPlain && row.unit_price_minor !== null) found.push(row.sku);
    }
    if (pageNumber * 100 >= total) return found;
  }
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Loads the configure page afresh; times from navigation start, read in the page. */
async function timeLoad(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'commit' });
  // One probe for both, once per frame: the first line's time is kept until the total shows.
  const times = await page.waitForFunction(
    () => {
      const seen = window as unknown as { benchFirstLine?: number };
      if (
        !seen.benchFirstLine &&
        document.querySelector('.config-lines-scroll [role="row"] input')
      ) {
        seen.benchFirstLine = performance.now();
      }
      const total = document.querySelector('[data-testid="quote-net-total"]')?.textContent ?? '';
      return seen.benchFirstLine && /\d/.test(total)
        ? { firstLine: seen.benchFirstLine, total: performance.now() }
        : null;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  const rows = await page.locator('.config-lines-scroll [role="row"]').count();
  return { ...((await times.jsonValue()) as { firstLine: number; total: number }), rows };
}

/**
 * Watches, in the page, for a typed quantity: when its row shows it is repricing, when the
 * pricing call leaves (the end of the pause), and when the net total changes. Plain text, not a
 * function: tsx would wrap a function's inner helpers in a name-keeping call the page lacks.
 */
const TYPING_PROBE = `(() => {
  const totalText = () =>
    document.querySelector('[data-testid="quote-net-total"]')?.textContent ?? '';
  const probe = { start: 0, own: 0, sent: 0, end: 0, before: '', row: null };
  window.benchProbe = probe;
  const originalFetch = window.fetch;
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input.url;
    if (probe.start > 0 && probe.sent === 0 && String(url).endsWith('/api/dx/pricing/execute')) {
      probe.sent = performance.now();
    }
    return originalFetch(input, init);
  };
  const check = () => {
    if (probe.start === 0) return;
    if (probe.own === 0 && probe.row?.querySelector('[data-repricing="true"]')) {
      probe.own = performance.now();
    }
    if (probe.end === 0 && probe.sent > 0 && totalText() !== probe.before) {
      probe.end = performance.now();
    }
  };
  document.addEventListener('input', (event) => {
    if (!event.target?.getAttribute?.('aria-label')?.includes('uantity of ')) return;
    probe.before = totalText();
    probe.start = performance.now();
    probe.own = 0;
    probe.sent = 0;
    probe.end = 0;
    probe.row = event.target.closest('[role="row"]');
    check();
  }, true);
  new MutationObserver(check).observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['data-repricing'],
  });
})()`;

interface Typing {
  own: number;
  afterPause: number;
  total: number;
}

/** One size: a quote of `count` lines, its loads and its typings. */
async function benchSize(page: Page, count: number) {
  const quoteId = await startQuote(page, { name: `Bench ${count} lines`, type: QUOTE_TYPE });
  let loaded = await api<{ quote: { version: number; currency_code: string } }>(
    page,
    '/api/dx/quote-configuration',
    { id: quoteId },
  );
  if (QUOTE_TYPE === 'ELA') {
    // Five years: the largest quote the page prices.
    await api(page, '/api/dx/update-quote', {
      id: quoteId,
      version: loaded.quote.version,
      contract_length: 12 * YEARS,
    });
    loaded = await api(page, '/api/dx/quote-configuration', { id: quoteId });
  }
  const skus = await priceableSkus(page, loaded.quote.currency_code);
  if (skus.length === 0) throw new Error('No priceable SKU in the demo catalogue.');
  const lines = Array.from({ length: count }, (_, i) => ({
    key: `bench-${i}`,
    sku: skus[i % skus.length] ?? '',
    quantities: Array.from({ length: YEARS }, (_, y) => 1 + ((i + y) % 7)),
  }));
  const saveStarted = performance.now();
  const saved = await api<{ lines: unknown[] }>(page, '/api/dx/save-quote-configuration', {
    id: quoteId,
    version: loaded.quote.version,
    lines,
    advance: false,
  });
  const saveMs = performance.now() - saveStarted;

  const url = `/cpq/configure-quote/${quoteId}/${QUOTE_TYPE}`;
  const loads: { firstLine: number; total: number; rows: number }[] = [];
  for (let i = 0; i < LOADS; i += 1) loads.push(await timeLoad(page, url));

  const pricingCalls: number[] = [];
  const onFinished = (request: Request) => {
    if (!request.url().endsWith('/api/dx/pricing/execute')) return;
    const timing = request.timing();
    if (timing.responseEnd > 0) pricingCalls.push(timing.responseEnd);
  };
  page.on('requestfinished', onFinished);
  await page.evaluate(TYPING_PROBE);
  const quantity = page.getByLabel(/uantity of /).first();
  const typings: Typing[] = [];
  for (let i = 0; i < TYPINGS; i += 1) {
    await quantity.fill(String(10 + i));
    const measured = await page.waitForFunction(
      () => {
        const probe = (
          window as unknown as {
            benchProbe: { start: number; own: number; sent: number; end: number };
          }
        ).benchProbe;
        return probe.end > 0 && probe.own > 0
          ? {
              own: probe.own - probe.start,
              afterPause: probe.end - probe.sent,
              total: probe.end - probe.start,
            }
          : null;
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );
    typings.push((await measured.jsonValue()) as Typing);
    // Let the page settle (the save button, the row's own net) before the next keystroke.
    await page.waitForTimeout(150);
  }
  page.off('requestfinished', onFinished);

  const firstLines = loads.map((l) => l.firstLine);
  const totals = loads.map((l) => l.total);
  const spread = (values: readonly number[]) =>
    `median ${ms(median(values))}, p90 ${ms(percentile(values, 90))}, max ${ms(Math.max(...values))}`;
  console.log(
    `  ${count.toLocaleString('en-US')}-line ${QUOTE_TYPE === 'ELA' ? `${YEARS}-year ELA` : 'STANDARD'} quote`,
  );
  console.log(
    `    saving the ${saved.lines.length} lines (${new Set(lines.map((l) => l.sku)).size} distinct SKUs) through the API: ${ms(saveMs)}; the page draws ${loads[0]?.rows ?? 0} rows of them (virtualised)`,
  );
  console.log(
    `    first render of lines (navigation start → first line), median of ${LOADS} loads: ${ms(median(firstLines))}  [${firstLines.map(ms).join(', ')}]`,
  );
  console.log(
    `    net total on screen (navigation start → total), median: ${ms(median(totals))}  [${totals.map(ms).join(', ')}]`,
  );
  console.log(
    `    typed quantity → its row updated (local, before the pause), ${TYPINGS} times: ${spread(typings.map((t) => t.own))}`,
  );
  console.log(
    `    end of the 250 ms pause (pricing call sent) → net total updated: ${spread(typings.map((t) => t.afterPause))}`,
  );
  console.log(
    `    typed quantity → net total updated, pause included: ${spread(typings.map((t) => t.total))}`,
  );
  console.log(
    `    the pricing call alone (${pricingCalls.length} calls): median ${ms(median(pricingCalls))}`,
  );
}

/** A fresh, empty PostgreSQL database for the app to migrate and seed; '' for the embedded one. */
async function freshDatabase(): Promise<string> {
  const wanted =
    process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/bastion_bench_configure';
  if (wanted === 'embedded') return '';
  const url = new URL(wanted);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const name = url.pathname.slice(1).replaceAll('"', '""');
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  return url.toString();
}

async function main() {
  const started = performance.now();
  const databaseUrl = await freshDatabase();
  console.log(`Database: ${databaseUrl === '' ? 'embedded (PGlite)' : databaseUrl}`);
  const app = await startBuiltApp({
    env: (): Record<string, string> =>
      databaseUrl === '' ? {} : { DATABASE_URL: databaseUrl, SEED_DEMO: '1' },
  });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      baseURL: app.baseURL,
      viewport: { width: 1400, height: 900 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await signIn(page, 'sales@bastion.test');
    console.log(
      `Configure page (${os.cpus().length} cores, Chromium ${browser.version()}, load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')})`,
    );
    for (const count of LINE_COUNTS) await benchSize(page, count);
    console.log(`  (whole run ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    await context.close();
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
