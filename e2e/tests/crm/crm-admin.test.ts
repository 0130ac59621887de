import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  signInAndLand,
  signInThroughApi,
  useOwnApp,
} from '../../fixtures.ts';

// On an app of its own: it runs a CRM sync, which rewrites opportunities.
useOwnApp();

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

describe('the CRM connection page', () => {
  it('shows the connection, syncs on request and lists the field mapping', async () => {
    const page = await newPage(browser);
    await signInAndLand(page, 'root@bastion.test', '/cpq/grid/quotes/ref');
    await page
      .locator('nav[aria-label="Sidebar"]')
      .getByRole('link', { name: 'CRM connection' })
      .click();
    await page.waitForURL((url) => url.pathname === '/cpq/sfdc');
    await page.getByRole('heading', { name: 'CRM connection', level: 1 }).waitFor();
    await page.getByText('Built-in CRM', { exact: true }).waitFor();

    // The read-only mapping names the embedded CRM's columns.
    const mapping = page.getByRole('table', { name: 'Field mapping' });
    await mapping.getByRole('cell', { name: 'crm_opportunities.name' }).first().waitFor();
    expect(await mapping.getByRole('row').count()).toBeGreaterThan(20);

    const syncNow = page.getByRole('button', { name: 'Sync now' });
    await syncNow.click();
    // The server answers at once and syncs in the background; the button says how far it got
    // (or is already back when the built-in CRM was quick), then when it synced.
    await page
      .getByRole('status')
      .getByText(/^Synced \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2} [AP]M/)
      .waitFor();
    expect(await syncNow.isEnabled()).toBe(true);
    const details = page.locator('dl');
    expect(await details.getByText('Synced', { exact: true }).isVisible()).toBe(true);
    expect(await details.getByText('Never').count()).toBe(0);
    expect(await details.getByText('root@bastion.test').count()).toBe(1);
    // The first sync of the demo CRM copies its 64 opportunities and the 10 renewal
    // opportunities of the demo installed base.
    expect(await details.getByText('74 opportunities').count()).toBe(1);
    await screenshot(page, 'crm-admin-synced');
    await page.context().close();
  });

  it('is on the opportunity grid for the deal desk, and not for sellers', async () => {
    const page = await newPage(browser);
    await signInThroughApi(page, 'dealdesk@bastion.test');
    await page.goto('/cpq/grid/opportunities/ref');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const syncNow = page.getByRole('button', { name: 'Sync now' });
    await syncNow.click();
    await page
      .getByRole('status')
      .getByText(/^Synced /)
      .waitFor();
    await screenshot(page, 'opportunity-grid-synced');
    await page.context().close();

    const seller = await newPage(browser);
    await signInThroughApi(seller, 'sales@bastion.test');
    await seller.goto('/cpq/grid/opportunities/ref');
    await seller.getByRole('heading', { level: 1 }).waitFor();
    expect(await seller.getByRole('button', { name: 'Sync now' }).count()).toBe(0);
    await seller.context().close();
  });
});
