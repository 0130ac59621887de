import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot, signInAndLand } from '../../fixtures.ts';
import { SUBSCRIPTION_SKU } from '../approvals/approval-helpers.ts';
import { quoteAtSummary } from '../quotes/quote-api.ts';
import { signIn } from '../quotes/quote-helpers.ts';

/*
 * Issue 19's "done when" for reports: the deal desk opens each report tab, changes a filter and
 * downloads a CSV. A seller's priced quote (North America) makes sure there is something to show.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

const TABS = [
  'Pipeline',
  'By region',
  'Discounts',
  'Approval cycle time',
  'Win rate',
  'Top accounts',
] as const;

describe('reports', () => {
  it('the deal desk opens each tab, filters by region and downloads a CSV', async () => {
    const seller = await newPage(browser);
    await signIn(seller, 'sales@bastion.test');
    await quoteAtSummary(seller, `Reports ${Date.now()}`, [{ sku: SUBSCRIPTION_SKU, quantity: 3 }]);
    await seller.context().close();

    const desk = await newPage(browser, { width: 1400, height: 1100 });
    // Reports are opened from the sidebar of the page the deal desk lands on.
    await signInAndLand(desk, 'dealdesk@bastion.test', '/cpq/grid/quote-approvals/ref');
    await desk.locator('nav[aria-label="Sidebar"]').getByRole('link', { name: 'Reports' }).click();
    await desk.getByRole('heading', { level: 1, name: 'Quote reports' }).waitFor();
    // The period as every date of the app reads, in fields that show the whole day.
    await desk
      .getByText(/^Quotes created \d{2}-[A-Z][a-z]{2}-\d{4} to \d{2}-[A-Z][a-z]{2}-\d{4} · /)
      .waitFor();
    for (const name of ['From', 'To']) {
      const field = desk.getByLabel(name, { exact: true });
      expect(await field.inputValue()).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
      expect(
        await field.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth),
      ).toBe(true);
    }

    for (const tab of TABS) {
      await desk.getByRole('tab', { name: tab, exact: true }).click();
      const panel = desk.getByRole('region', { name: tab, exact: true });
      await panel.getByRole('heading', { level: 2, name: tab }).waitFor();
      // Each report shows a chart with its table, or says that nothing matches.
      await panel
        .getByRole('table')
        .or(panel.getByText('No quotes match these filters'))
        .first()
        .waitFor();
      await screenshot(desk, `report-${tab.toLowerCase().replaceAll(' ', '-')}`);
    }

    // A filter reruns the open report and names itself in the header.
    await desk.getByRole('tab', { name: 'By region', exact: true }).click();
    const byRegion = desk.getByRole('region', { name: 'By region', exact: true });
    await byRegion.getByRole('table').first().waitFor();
    expect(await byRegion.getByRole('table').first().innerText()).toContain('North America');
    await desk
      .getByRole('combobox', { name: 'Region', exact: true })
      .selectOption({ label: 'EMEA' });
    await desk.locator('.page-header').getByText(/EMEA/).first().waitFor();
    await expect
      .poll(async () => (await byRegion.innerText()).includes('North America'))
      .toBe(false);
    await desk.getByRole('combobox', { name: 'Region', exact: true }).selectOption({ index: 0 });
    await byRegion.getByRole('table').first().getByText('North America').first().waitFor();

    const [download] = await Promise.all([
      desk.waitForEvent('download'),
      byRegion.getByRole('button', { name: 'Download CSV of By region' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toMatch(/Region/i);
    expect(rows.some((row) => row.includes('North America'))).toBe(true);
    await desk.context().close();
  }, 120_000);
});
