import type { Browser, Page } from 'playwright-core';
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

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await signInThroughLoginPage(page, email);
  await page.waitForURL((url) => url.pathname.startsWith('/cpq/'));
}

async function openOpportunities(page: Page) {
  await page.goto('/cpq/grid/quotes/ref');
  await page.getByRole('link', { name: 'New quote' }).click();
  await page.waitForURL((url) => url.pathname === '/cpq/grid/opportunities/ref');
  await page.getByRole('heading', { name: 'Opportunities', level: 1 }).waitFor();
}

describe('creating a quote from an opportunity', () => {
  it('a seller creates an ELA quote, finds it Incomplete in the quotes, and reads its history', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    await openOpportunities(page);

    // Filter to the seller's region, then take the first opportunity offered.
    await page.getByLabel('Region').selectOption('North America');
    await page.getByText(/\d+ results?/).waitFor();
    const rows = page.locator('table.data-grid tbody tr');
    await expect(rows.first().innerText()).resolves.toContain('North America');
    const regions = await rows.locator('td:nth-child(3)').allInnerTexts();
    expect(new Set(regions)).toEqual(new Set(['North America']));
    await screenshot(page, 'opportunities-grid');
    await rows.first().getByRole('button', { name: 'Create quote' }).click();
    await page.getByRole('heading', { name: 'Create quote' }).waitFor();

    const quoteName = `E2E ELA ${Date.now()}`;
    await page.getByLabel('Quote name').fill(quoteName);
    await page.getByLabel('Quote type').selectOption('ELA');
    expect(await page.getByLabel('Contract length').inputValue()).toBe('36');
    if ((await page.getByLabel('Deal type').inputValue()) === '') {
      await page.getByLabel('Deal type').selectOption('NB');
    }
    const partnerType = page.getByLabel('Partner type');
    if ((await partnerType.count()) > 0 && (await partnerType.inputValue()) === '') {
      await partnerType.selectOption('AUTHORIZED');
    }
    const partnerEmail = page.getByLabel('Partner contact e-mail');
    if ((await partnerEmail.count()) > 0 && (await partnerEmail.inputValue()) === '') {
      await partnerEmail.fill('pat@partner.example');
    }
    const from = page.getByLabel('Contract start and end: from');
    if ((await from.inputValue()) === '') {
      await from.fill('2027-01-01');
      await page.getByLabel('Contract start and end: to').fill('2029-12-31');
    }
    const firewall = page.getByLabel('Network Firewall');
    if (!(await firewall.isChecked())) await firewall.check();
    await screenshot(page, 'create-quote');
    await page.getByRole('button', { name: 'Create quote' }).click();

    await page.waitForURL((url) =>
      /^\/cpq\/configure-quote\/[0-9a-f-]{36}\/ELA$/.test(url.pathname),
    );
    const quoteId = new URL(page.url()).pathname.split('/')[3] ?? '';
    await page.getByRole('heading', { name: 'Configure quote', exact: true }).waitFor();

    // The quote is in the grid, Incomplete.
    await page.goto('/cpq/grid/quotes/ref');
    await page.getByLabel('Search').fill(quoteName);
    const row = page.locator('table.data-grid tbody tr').filter({ hasText: quoteName });
    await row.waitFor();
    expect(await row.locator('.badge').innerText()).toBe('Incomplete');
    await screenshot(page, 'quotes-grid');

    // Its history says who created it.
    await page.goto(`/cpq/view-quote/${quoteId}/ELA`);
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByText('Created the quote').waitFor();
    expect(await page.getByText('by Sam Seller').first().isVisible()).toBe(true);
    await screenshot(page, 'quote-history');
    await page.context().close();
  });

  it('a channel manager is not offered direct deals, and the server refuses them', async () => {
    const page = await newPage(browser);
    await signIn(page, 'cam@bastion.test');
    await openOpportunities(page);
    await page.getByLabel('Search').fill('');
    const directRow = page
      .locator('table.data-grid tbody tr')
      .filter({ has: page.locator('td', { hasText: /^DIRECT$/ }) })
      .first();
    await directRow.waitFor();
    expect(await directRow.getByRole('button', { name: 'Create quote' }).count()).toBe(0);
    expect(await directRow.innerText()).toContain('Partner deals only');

    const grid = await page.request.post('/api/dx/grid', {
      data: { module_name: 'opportunities', page_size: 100 },
    });
    const { data } = (await grid.json()) as {
      data: { rows: { id: string; sales_channel: string }[] };
    };
    const direct = data.rows.find((r) => r.sales_channel === 'DIRECT');
    expect(direct).toBeDefined();
    const refused = await page.request.post('/api/dx/create-quote', {
      data: { opportunity_id: direct?.id, values: { quote_name: 'Direct attempt' } },
    });
    expect(refused.status()).toBe(403);
    await page.context().close();
  });
});
