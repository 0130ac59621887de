import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  sidebarLinks,
  signInAndLand,
  signInThroughLoginPage,
} from '../../fixtures.ts';
import { SUBSCRIPTION_SKU } from '../approvals/approval-helpers.ts';
import { apiData, createDirectQuote } from '../quotes/quote-api.ts';
import { signIn } from '../quotes/quote-helpers.ts';

/*
 * Issue 33's "done when": every demo account lands on a page with content, not an empty state,
 * on the demo database as `npm start` seeds it (the book of quotes of
 * packages/db/src/seed/quote-book-demo-data.ts), and the reports show months of pipeline. Read
 * only: it runs on the shared app.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

const rowsOf = (page: Page) => page.locator('main table tbody tr');

/** The landing page's first rows, and no empty state anywhere on it. */
async function landsOnContent(page: Page, path: string, atLeast = 1) {
  await page.waitForURL((url) => url.pathname === path);
  await expect.poll(() => rowsOf(page).count()).toBeGreaterThanOrEqual(atLeast);
  expect(await page.locator('.no-data').count()).toBe(0);
}

/**
 * Every request of the app's own that fails (4xx, 5xx), every console error and every uncaught
 * error of the page, from now on: a newcomer's pages make none (issue 33).
 */
function watchFailures(page: Page): string[] {
  const origin = new URL(baseURL()).origin;
  const failures: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === origin && response.status() >= 400) {
      failures.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
    }
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
  return failures;
}

/**
 * Opens each entry of the sidebar in turn, as a newcomer looking around would, and waits for the
 * last page's requests to settle (the watch keeps hearing the earlier pages' late answers).
 */
async function visitEveryMenuEntry(page: Page) {
  const links = page.locator('nav[aria-label="Sidebar"]').getByRole('link');
  const count = (await sidebarLinks(page)).length;
  for (let index = 0; index < count; index++) {
    const link = links.nth(index);
    const href = (await link.getAttribute('href')) ?? '';
    await link.click();
    await page.waitForURL((url) => url.pathname === href.split('?')[0]);
    await page.locator('main h1').first().waitFor();
  }
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

/** Whose menus the browser tier walks: a seller's, the approver's and the deal desk's. */
const WALKS_MENU = new Set([
  'sales@bastion.test',
  'approver@bastion.test',
  'dealdesk@bastion.test',
]);

const QUOTES = '/cpq/grid/quotes/ref';
const APPROVALS = '/cpq/grid/quote-approvals/ref';
const CATALOG = '/commcat/grid/catalog/ref';

describe('the first hour with the demo', () => {
  it.each([
    ['root@bastion.test', QUOTES, 1],
    ['sales@bastion.test', QUOTES, 1],
    ['emea@bastion.test', QUOTES, 1],
    ['apj@bastion.test', QUOTES, 1],
    // Waiting for them: at least three each (the deal desk also decides for the approver).
    ['approver@bastion.test', APPROVALS, 3],
    ['dealdesk@bastion.test', APPROVALS, 3],
    ['catalog@bastion.test', CATALOG, 1],
    ['catuser@bastion.test', CATALOG, 1],
    ['useradmin@bastion.test', '/cpq/grid/users/ref', 1],
    ['renewals@bastion.test', '/cpq/grid/renewals/ref', 1],
    ['cam@bastion.test', QUOTES, 1],
    ['gam@bastion.test', QUOTES, 1],
    ['gamgm@bastion.test', QUOTES, 1],
    ['itadmin@bastion.test', QUOTES, 1],
    ['deskadmin@bastion.test', QUOTES, 1],
  ] as const)(
    '%s lands on %s with content, and makes no failing request',
    async (email, path, atLeast) => {
      const page = await newPage(browser);
      const failures = watchFailures(page);
      await page.goto('/login');
      await signInThroughLoginPage(page, email);
      await landsOnContent(page, path, atLeast);
      if (WALKS_MENU.has(email)) await visitEveryMenuEntry(page);
      expect(failures).toEqual([]);
      await page.context().close();
    },
  );

  it('a seller in EMEA sees EMEA quotes of every kind of status, and the approver their waiting ones', async () => {
    const seller = await newPage(browser);
    // Where each account lands, through the login page, is the cases above.
    await signInAndLand(seller, 'emea@bastion.test', QUOTES);
    await landsOnContent(seller, QUOTES);
    const grid = await rowsOf(seller).allInnerTexts();
    expect(grid.join('\n')).toMatch(/Completed|Approved|Accepted/);
    await screenshot(seller, 'demo-emea-quotes');
    await seller.context().close();

    const approver = await newPage(browser, { width: 1440, height: 900 });
    await signInAndLand(approver, 'approver@bastion.test', APPROVALS);
    await landsOnContent(approver, APPROVALS, 3);
    expect((await rowsOf(approver).allInnerTexts()).join('\n')).toContain(
      'Seller discount above 30 %',
    );
    await screenshot(approver, 'demo-approver-queue');
    await approver.context().close();
  });

  it('holds renewals, co-terms and true-ups, and a true-up being built opens on its configurator', async () => {
    const desk = await newPage(browser, { width: 1440, height: 900 });
    await signIn(desk, 'dealdesk@bastion.test');
    await desk.goto(QUOTES);
    const search = desk.locator('#grid-search');
    for (const kind of ['Renewal of', 'Co-term onto', 'True-up of']) {
      await search.fill(kind);
      // The book's two, and any that browser tests running beside this one made.
      await expect
        .poll(
          async () => (await rowsOf(desk).allInnerTexts()).filter((r) => r.includes(kind)).length,
        )
        .toBeGreaterThanOrEqual(2);
    }
    await rowsOf(desk).filter({ hasText: 'Incomplete' }).first().click();
    await desk.waitForURL((url) => url.pathname.startsWith('/cpq/configure-renewal-quote/'));
    expect(desk.url()).toMatch(/\/TU$/);
    await desk.getByText('True-up of', { exact: false }).first().waitFor();
    await screenshot(desk, 'demo-true-up');
    await desk.context().close();
  });

  it('the reports show at least six months with quotes', async () => {
    const desk = await newPage(browser, { width: 1440, height: 1100 });
    await signIn(desk, 'dealdesk@bastion.test');
    await desk.goto('/cpq/report/quotes/ref');
    await desk.getByRole('tab', { name: 'Pipeline', exact: true }).click();
    const panel = desk.getByRole('region', { name: 'Pipeline', exact: true });
    const table = panel.getByRole('table', { name: 'Pipeline table' });
    await table.waitFor();
    // Its rows read month, status, quotes, value: the months that have quotes.
    const rows = await table.locator('tbody tr').allInnerTexts();
    const months = new Set(rows.flatMap((row) => /^\s*(\d{4}-\d{2})\b/.exec(row)?.[1] ?? []));
    expect(months.size).toBeGreaterThanOrEqual(6);
    await screenshot(desk, 'demo-reports-pipeline');
    await desk.context().close();
  });
});

describe('the quotes grid', () => {
  it('shows its whole search hint, and an empty result offers the way on', async () => {
    const page = await newPage(browser, { width: 1440, height: 900 });
    await signInAndLand(page, 'sales@bastion.test', QUOTES);
    await landsOnContent(page, QUOTES);
    // The placeholder fits its box: measured with the box's own font.
    const search = page.getByRole('searchbox').or(page.locator('#grid-search')).first();
    const fits = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return false;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width <= room;
    });
    expect(fits).toBe(true);
    // Dates as spec §9 writes them, as on every other page: 01-Dec-2026.
    const firstRow = await rowsOf(page).first().innerText();
    expect(firstRow).toMatch(/\b\d{2}-[A-Z][a-z]{2}-\d{4}\b/);
    expect(firstRow).not.toMatch(/\b[A-Z][a-z]{2} \d{2}, \d{4}\b/);
    // Types as people name them; the API's codes stay in the API.
    const everyRow = (await rowsOf(page).allInnerTexts()).join('\n');
    expect(everyRow).toContain('Standard');
    expect(everyRow).not.toMatch(/\bSTANDARD\b/);

    await search.fill('no quote is called this');
    const empty = page.locator('.no-data');
    await empty.getByText('Nothing matches').waitFor();
    expect(await empty.getByRole('link', { name: 'New quote' }).count()).toBe(1);
    await screenshot(page, 'quotes-grid-nothing-matches', { fullPage: false });
    await empty.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rowsOf(page).count()).toBeGreaterThan(0);
    expect(await search.inputValue()).toBe('');
    await page.context().close();
  });
});

describe('a quote opened on another kind of quote page', () => {
  it('is sent to its own page instead of an error', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    const grid = await apiData<{ rows: { id: string; quote_name: string }[] }>(
      page,
      '/api/dx/grid',
      {
        module_name: 'quotes',
        filters: { quote_type: ['STANDARD'], status: ['TNC'] },
        page: 1,
        page_size: 20,
      },
    );
    // Not a renewal, true-up or co-term: those are at home on the renewal configurators.
    const standard = grid.rows.find(
      (row) => !/^(Renewal of|True-up of|Co-term onto) /.test(row.quote_name),
    );
    expect(standard).toBeDefined();
    const { target_path: target } = await apiData<{ target_path: string }>(
      page,
      '/api/dx/get-quote',
      { id: standard?.id },
    );
    for (const wrong of ['configure-renewal-quote', 'configure-renewal-coterm-quote']) {
      await page.goto(`/cpq/${wrong}/${standard?.id}/ref`);
      await page.waitForURL((url) => url.pathname === target);
      expect(await page.getByText('Something went wrong').count()).toBe(0);
    }
    await page.context().close();
  });
});

describe('the terms step', () => {
  it('Next saves untouched standard terms, and the summary ticks the step', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    const id = await createDirectQuote(page, `Next saves the terms ${Date.now()}`);
    const configured = await apiData<{ quote: { version: number } }>(
      page,
      '/api/dx/save-quote-configuration',
      {
        id,
        version: 1,
        advance: true,
        lines: [{ key: 'l1', sku: SUBSCRIPTION_SKU, quantities: [2] }],
      },
    );
    await apiData(page, '/api/dx/save-quote-shipping', {
      id,
      version: configured.quote.version,
      products: [],
      lines: [],
      advance: true,
    });
    await page.goto(`/cpq/terms-condition/${id}/STANDARD`);
    await page.getByRole('heading', { name: 'Terms & conditions', exact: true }).waitFor();
    await page.getByRole('button', { name: /Next: Summary/ }).click();
    await page.waitForURL((url) => url.pathname === `/cpq/quote-summary/${id}/STANDARD`);
    const steps = page.getByRole('navigation', { name: 'Quote steps' });
    await steps.getByText('Terms & conditions (done)').waitFor();
    await screenshot(page, 'summary-steps-terms-done', { fullPage: false });
    await page.context().close();
  });
});

describe('the approvals page', () => {
  it('shows an approver what they decided, and a seller their own quotes in approval', async () => {
    const approver = await newPage(browser, { width: 1440, height: 900 });
    await signInAndLand(approver, 'approver@bastion.test', APPROVALS);
    await landsOnContent(approver, APPROVALS, 3);
    await approver.getByLabel('Approvals to show').selectOption({ label: 'Decided by me' });
    await approver
      .getByRole('heading', { level: 1 })
      .locator('xpath=..')
      .getByText('Approval steps you decided, the latest first')
      .waitFor();
    await expect.poll(() => rowsOf(approver).count()).toBeGreaterThan(5);
    const decided = (await rowsOf(approver).allInnerTexts()).join('\n');
    expect(decided).toContain('Rejected');
    expect(decided).toContain('Approved');
    // The book's rejections carry the approver's reason.
    expect(decided).toMatch(/“.{20,}”/);
    expect(await approver.getByRole('button', { name: /^Approve / }).count()).toBe(0);
    await screenshot(approver, 'approvals-decided-by-me', { fullPage: false });
    await approver.context().close();

    const seller = await newPage(browser, { width: 390, height: 844 });
    await signIn(seller, 'sales@bastion.test');
    await seller.goto(APPROVALS);
    await seller
      .getByText('Your quotes waiting for approval, and who decides them')
      .first()
      .waitFor();
    await expect.poll(() => rowsOf(seller).count()).toBeGreaterThan(0);
    expect(await seller.getByRole('button', { name: /^Approve / }).count()).toBe(0);
    // The top bar keeps the user menu on a phone's screen.
    const menu = await seller.getByRole('button', { name: /^Sam Seller/ }).boundingBox();
    expect((menu?.x ?? 1000) + (menu?.width ?? 0)).toBeLessThanOrEqual(390);
    await screenshot(seller, 'approvals-my-quotes-phone', { fullPage: false });
    await seller.context().close();
  });
});

describe('the quote details page', () => {
  it('names the opportunity and the quote type as people do', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    const grid = await apiData<{ rows: { id: string }[] }>(page, '/api/dx/grid', {
      module_name: 'quotes',
      filters: { quote_type: ['STANDARD'], status: ['COMPLETED'] },
      page: 1,
      page_size: 1,
    });
    const id = grid.rows[0]?.id ?? '';
    const quote = await apiData<{
      opportunity_id: string;
      details: { opportunity?: { opportunity_name?: string } };
    }>(page, '/api/dx/get-quote', { id });
    await page.goto(`/cpq/view-quote/${id}/STANDARD`);
    const facts = page.locator('main');
    await facts
      .getByText(quote.details.opportunity?.opportunity_name ?? '—')
      .first()
      .waitFor();
    const text = await facts.innerText();
    expect(text).not.toContain(quote.opportunity_id);
    expect(text).toContain('Standard');
    await page.context().close();
  });
});
