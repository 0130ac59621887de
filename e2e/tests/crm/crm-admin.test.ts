import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, signInThroughLoginPage } from '../../fixtures.ts';

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the CRM connection page', () => {
  it('shows the connection, syncs on request and lists the field mapping', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await signInThroughLoginPage(page, 'root@bastion.test');
    await page.waitForURL((url) => url.pathname === '/cpq/grid/quotes/ref');
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
    // The button says so while it runs and when it is done, and cannot be pressed twice.
    await page.getByRole('button', { name: 'Synced' }).waitFor();
    expect(await page.getByRole('button', { name: 'Synced' }).isDisabled()).toBe(true);
    await page
      .getByRole('status')
      .getByText(/^Sync finished/)
      .waitFor();
    const details = page.locator('dl');
    expect(await details.getByText('Synced', { exact: true }).isVisible()).toBe(true);
    expect(await details.getByText('Never').count()).toBe(0);
    // The first sync of the demo CRM copies its 64 opportunities and the 10 renewal
    // opportunities of the demo installed base.
    expect(await details.getByText('74 opportunities').count()).toBe(1);
    await screenshot(page, 'crm-admin-synced');

    // A moment later the button offers to sync again.
    await syncNow.waitFor();
    expect(await syncNow.isEnabled()).toBe(true);
    await page.context().close();
  });

  it('is refused to a sales user by the server', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await signInThroughLoginPage(page, 'sales@bastion.test');
    await page.waitForURL((url) => url.pathname === '/cpq/grid/quotes/ref');
    const response = await page.request.post('/api/sfdc/sync', { data: {} });
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'FORBIDDEN' });
    await page.context().close();
  });
});
