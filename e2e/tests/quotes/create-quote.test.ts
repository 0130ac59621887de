import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import { fillAndCreateQuote, signIn } from './quote-helpers.ts';

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

async function openOpportunities(page: Page) {
  await page.goto('/cpq/grid/opportunities/ref');
  await page.getByRole('heading', { name: 'Opportunities', level: 1 }).waitFor();
}

/** Ticks one value of a grid's multi-choice filter. */
async function pickFilter(page: Page, filter: string, option: string) {
  await page.locator(`#grid-filter-${filter}`).click();
  await page.getByRole('checkbox', { name: option, exact: true }).check();
  await page.keyboard.press('Escape');
}

describe('creating a quote from an opportunity', () => {
  it('a seller creates an ELA quote, finds it Incomplete in the quotes, and reads its history', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    await openOpportunities(page);

    // Filter to the seller's region and to two deal types, then take the first one offered.
    await pickFilter(page, 'region', 'North America');
    await page.waitForURL((url) => url.searchParams.getAll('region').includes('North America'));
    await pickFilter(page, 'deal_type', 'New Business');
    await pickFilter(page, 'deal_type', 'Upsell');
    await page.waitForURL((url) => url.searchParams.getAll('deal_type').length === 2);
    await page.getByText(/\d+ results?/).waitFor();
    const rows = page.locator('table.data-grid tbody tr');
    const regionsShown = async () => new Set(await rows.locator('td:nth-child(3)').allInnerTexts());
    await expect.poll(regionsShown).toEqual(new Set(['North America']));
    const onlyChosenDealTypes = async () =>
      (await rows.locator('td:nth-child(4)').allInnerTexts()).every(
        (t) => t === 'New Business' || t === 'Upsell',
      );
    expect(await onlyChosenDealTypes()).toBe(true);
    expect(await page.locator('#grid-filter-deal_type').innerText()).toMatch(/\+1$/);
    await screenshot(page, 'opportunities-grid');

    // The filters live in the address: a reload keeps them. (Not the count of rows: files running
    // beside this one add opportunities to the shared app.)
    await page.reload();
    await page.getByText(/\d+ results?/).waitFor();
    expect(await page.locator('#grid-filter-deal_type').innerText()).toMatch(/\+1$/);
    await expect.poll(regionsShown).toEqual(new Set(['North America']));
    expect(await onlyChosenDealTypes()).toBe(true);
    await rows.first().getByRole('button', { name: 'Create quote' }).click();
    await page.getByRole('heading', { name: 'Create quote' }).waitFor();

    const quoteName = `E2E ELA ${Date.now()}`;
    await page.getByLabel('Quote name').waitFor();
    await page.getByLabel('Quote type').selectOption('ELA');
    expect(await page.getByLabel('Contract length').inputValue()).toBe('36');
    await screenshot(page, 'create-quote');
    const quoteId = await fillAndCreateQuote(page, { name: quoteName, type: 'ELA' });
    await page.getByRole('heading', { name: 'Configure quote', exact: true }).waitFor();

    // The quote is in the grid, Incomplete.
    await page.goto('/cpq/grid/quotes/ref');
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(quoteName);
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

  it('a seller starts a quote with New quote and picks the opportunity first', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    await page.goto('/cpq/grid/quotes/ref');
    await page.getByRole('link', { name: 'New quote' }).click();
    await page.getByText('Which opportunity is this quote for?').waitFor();
    const choices = page.getByRole('list', { name: 'Opportunities' }).getByRole('listitem');
    await choices.first().waitFor();
    const first = (await choices.first().locator('.fw-semibold').innerText()).trim();
    await page.getByLabel('Which opportunity is this quote for?').fill(first);
    await expect.poll(() => choices.count()).toBe(1);
    await screenshot(page, 'create-quote-picker');
    await choices.first().getByRole('button', { name: 'Choose' }).click();
    await page.waitForURL((url) =>
      /^\/cpq\/create-quote\/new\/[^/]+\/STANDARD$/.test(url.pathname),
    );
    await page.getByLabel('Quote name').waitFor();
    expect(await page.getByText(first).first().isVisible()).toBe(true);
    await page.context().close();
  });

  it('a channel manager is not offered direct deals, and the server refuses them', async () => {
    const page = await newPage(browser);
    await signIn(page, 'cam@bastion.test');
    await openOpportunities(page);
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('');
    const directRow = page
      .locator('table.data-grid tbody tr')
      .filter({ has: page.locator('td', { hasText: /^Direct$/ }) })
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
