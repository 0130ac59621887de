/**
 * npm run bench:configure — how the configure page feels with a 500-line quote.
 *
 * Needs the built app (`npm run build`); builds nothing itself. Starts it the way the browser
 * tests do (a fresh embedded database with the demo data), makes a STANDARD quote as the demo
 * seller, gives it 500 lines through the API, and opens its configure page in Debian's Chromium.
 * It prints:
 *
 * - first render: from the start of navigation to the first line on screen, and to the net
 *   total on screen (a full page load: HTML, scripts, the quote and its pricing), over LOADS loads;
 * - typing: from a quantity typed into one line (the input event) until the net total shows
 *   the new figure, TYPINGS times. The page waits 250 ms after the last keystroke before it
 *   re-prices, so that pause is part of every figure; the pricing call is reported on its own.
 *
 * BENCH_LINES (default 500), BENCH_TYPINGS (20) and BENCH_LOADS (5) change the sizes.
 */
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../fixtures.ts';
import { startBuiltApp } from '../global-setup.ts';
import { signIn, startQuote } from '../tests/quotes/quote-helpers.ts';

const LINES = Number(process.env.BENCH_LINES ?? 500);
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
 * Watches, in the page, for a typed quantity and the net total that follows it. Plain text, not
 * a function: tsx would wrap a function's inner helpers in a name-keeping call the page lacks.
 */
const TYPING_PROBE = `(() => {
  const totalText = () =>
    document.querySelector('[data-testid="quote-net-total"]')?.textContent ?? '';
  const probe = { start: 0, end: 0, before: '' };
  window.benchProbe = probe;
  document.addEventListener('input', (event) => {
    if (!event.target?.getAttribute?.('aria-label')?.startsWith('Quantity of ')) return;
    probe.before = totalText();
    probe.start = performance.now();
    probe.end = 0;
  }, true);
  new MutationObserver(() => {
    if (probe.start > 0 && probe.end === 0 && totalText() !== probe.before) {
      probe.end = performance.now();
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

async function main() {
  const started = performance.now();
  const app = await startBuiltApp();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      baseURL: app.baseURL,
      viewport: { width: 1400, height: 900 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await signIn(page, 'sales@bastion.test');
    const quoteId = await startQuote(page, { name: `Bench ${LINES} lines`, type: 'STANDARD' });
    const loaded = await api<{ quote: { version: number; currency_code: string } }>(
      page,
      '/api/dx/quote-configuration',
      { id: quoteId },
    );
    const skus = await priceableSkus(page, loaded.quote.currency_code);
    if (skus.length === 0) throw new Error('No priceable SKU in the demo catalogue.');
    const lines = Array.from({ length: LINES }, (_, i) => ({
      key: `bench-${i}`,
      sku: skus[i % skus.length] ?? '',
      quantities: [1 + (i % 7)],
    }));
    const saveStarted = performance.now();
    const saved = await api<{ lines: unknown[] }>(page, '/api/dx/save-quote-configuration', {
      id: quoteId,
      version: loaded.quote.version,
      lines,
      advance: false,
    });
    const saveMs = performance.now() - saveStarted;

    const url = `/cpq/configure-quote/${quoteId}/STANDARD`;
    const loads: { firstLine: number; total: number; rows: number }[] = [];
    for (let i = 0; i < LOADS; i += 1) loads.push(await timeLoad(page, url));

    const pricingCalls: number[] = [];
    page.on('requestfinished', (request) => {
      if (!request.url().endsWith('/api/dx/pricing/execute')) return;
      const timing = request.timing();
      if (timing.responseEnd > 0) pricingCalls.push(timing.responseEnd);
    });
    await page.evaluate(TYPING_PROBE);
    const quantity = page.getByLabel(/^Quantity of /).first();
    const typings: number[] = [];
    for (let i = 0; i < TYPINGS; i += 1) {
      await quantity.fill(String(10 + i));
      const elapsed = await page.waitForFunction(
        () => {
          const probe = (window as unknown as { benchProbe: { start: number; end: number } })
            .benchProbe;
          return probe.end > 0 ? probe.end - probe.start : 0;
        },
        undefined,
        { polling: 'raf', timeout: 30_000 },
      );
      typings.push(await elapsed.jsonValue());
      // Let the page settle (the save button, the row's own net) before the next keystroke.
      await page.waitForTimeout(150);
    }

    const firstLines = loads.map((l) => l.firstLine);
    const totals = loads.map((l) => l.total);
    console.log(
      `Configure page, ${LINES}-line STANDARD quote (${os.cpus().length} cores, Chromium ${browser.version()})`,
    );
    console.log(
      `  saving the ${saved.lines.length} lines (${new Set(lines.map((l) => l.sku)).size} distinct SKUs) through the API: ${ms(saveMs)}; the page draws ${loads[0]?.rows ?? 0} rows of them (virtualised)`,
    );
    console.log(
      `  first render of lines (navigation start → first line), median of ${LOADS} loads: ${ms(median(firstLines))}  [${firstLines.map(ms).join(', ')}]`,
    );
    console.log(
      `  net total on screen (navigation start → total), median: ${ms(median(totals))}  [${totals.map(ms).join(', ')}]`,
    );
    console.log(
      `  typed quantity → net total updated, ${TYPINGS} times: median ${ms(median(typings))}, p90 ${ms(percentile(typings, 90))}, min ${ms(Math.min(...typings))}, max ${ms(Math.max(...typings))}`,
    );
    console.log(
      `    of which the 250 ms pause before re-pricing, and the pricing call (${pricingCalls.length} calls): median ${ms(median(pricingCalls))}`,
    );
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
