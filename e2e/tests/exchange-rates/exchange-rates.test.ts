import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  signInAndLand,
  useOwnApp,
} from '../../fixtures.ts';
import { seriousViolations } from '../accessibility/axe.ts';

// On an app of its own: it adds a rate to the history every quote's currency is priced from.
useOwnApp();

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

/** A day between the demo's GBP rates of 07-Jul-2025 and 03-Nov-2025 (the one in effect). */
const BACKDATED = '2025-09-01';

/** The page's width holds its content: nothing scrolls sideways, not even inside a table. */
const fitsWidth = (page: Page) =>
  page.evaluate(
    () =>
      document.documentElement.scrollWidth <= window.innerWidth &&
      [...document.querySelectorAll('.table-responsive')].every(
        (box) => box.scrollWidth <= box.clientWidth + 1,
      ),
  );

describe('exchange rates for finance', () => {
  it('adds a past rate through the form and finds it in the history, at 1440 and 390 px', async () => {
    const page = await newPage(browser, { width: 1440, height: 900 });
    await signInAndLand(page, 'approver@bastion.test', '/cpq/grid/quote-approvals/ref');

    // Finance finds the rates where the margin data is, without the cost screens.
    const sidebar = page.locator('nav[aria-label="Sidebar"]');
    await sidebar.getByRole('button', { name: 'Margin data' }).waitFor();
    expect(await sidebar.getByRole('link', { name: 'Markup' }).count()).toBe(0);
    await sidebar.getByRole('link', { name: 'Exchange rates' }).click();
    await page.waitForURL((url) => url.pathname === '/cpq/exchange-rates/ref');
    await page.getByRole('heading', { name: 'Exchange rates', level: 1 }).waitFor();
    const current = page.getByRole('table', { name: 'Rates in effect today' });
    await current.getByRole('row').filter({ hasText: 'GBP' }).getByText('0.79').waitFor();

    // A rate of zero is explained at its field before anything is sent.
    const form = page.getByRole('form', { name: 'Add a rate' });
    await form.getByLabel('Currency').fill('gbp');
    const rate = form.getByLabel('Units per USD');
    await rate.fill('0');
    await form.getByLabel('Note').click();
    await form.getByText('The rate must be above 0').waitFor();

    // What the server refuses shows at its field too (here a refusal made up for the form).
    await page.route('**/api/dx/exchange-rates/add', (route) =>
      route.fulfill({
        status: 400,
        json: {
          code: 400,
          error: 'VALIDATION_FAILED',
          message: 'The effective date is refused.',
          errors: [{ path: 'effective_from', message: 'The server refuses this day.' }],
          request_id: 'e2e',
        },
      }),
    );
    await rate.fill('0.7815');
    await form.getByLabel('In effect from').fill(BACKDATED);
    await form.getByLabel('Note').fill('Treasury check, E2E');
    await form.getByRole('button', { name: 'Add rate' }).click();
    await form.getByText('The server refuses this day.').waitFor();
    await page.unroute('**/api/dx/exchange-rates/add');

    await form.getByRole('button', { name: 'Add rate' }).click();
    await form
      .getByRole('status')
      .getByText(
        'Added the rate GBP 0.7815 from 01-Sep-2025. A later rate stays in effect today (0.79): this one completes the history.',
      )
      .waitFor();

    // The history shows it among the demo's rates, newest first; the rate in effect is unchanged.
    const history = page.getByRole('table', { name: 'GBP rate history' });
    const added = history.getByRole('row').filter({ hasText: '01-Sep-2025' });
    await added.getByText('0.7815').waitFor();
    expect(await added.innerText()).toContain('approver@bastion.test');
    const days = await history
      .locator('tbody th')
      .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim().slice(0, 11)));
    expect(days.slice(0, 3)).toEqual(['03-Nov-2025', '01-Sep-2025', '07-Jul-2025']);
    await history.locator('tbody th', { hasText: '03-Nov-2025' }).getByText('In effect').waitFor();
    expect(await current.getByRole('row').filter({ hasText: 'GBP' }).innerText()).toContain('0.79');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'exchange-rates-1440');
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // On a phone: the same page, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('table', { name: 'GBP rate history' }).getByText('0.7815').waitFor();
    await screenshot(page, 'exchange-rates-390');
    expect(await fitsWidth(page)).toBe(true);
    await page.context().close();
  });

  it('shows a catalog admin the rates in the catalogue, read only', async () => {
    const page = await newPage(browser, { width: 1440, height: 900 });
    await signInAndLand(page, 'catalog@bastion.test', '/commcat/grid/catalog/ref');
    await page
      .locator('nav[aria-label="Sidebar"]')
      .getByRole('link', { name: 'Exchange rates' })
      .click();
    await page.waitForURL((url) => url.pathname === '/commcat/exchange-rates/ref');
    await page.getByText('Read only.').waitFor();
    await page.getByRole('table', { name: /rate history$/ }).waitFor();
    expect(await page.getByRole('form', { name: 'Add a rate' }).count()).toBe(0);
    expect(await page.getByRole('form', { name: 'Import rates' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    await screenshot(page, 'exchange-rates-read-only');
    await page.context().close();
  });
});
