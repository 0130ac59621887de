import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import { apiData } from '../quotes/quote-api.ts';
import { signIn } from '../quotes/quote-helpers.ts';

/*
 * Issue 19's "done when" for the global search: a salesperson (region NA) finds their quote by a
 * misspelt account name from the top bar, opens it with the keyboard, and cannot find a quote of
 * another region by its name.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A STANDARD quote on an opportunity of this account the user sees (direct if any): its id. */
async function quoteFor(page: Page, accountName: string, quoteName: string): Promise<string> {
  const grid = await apiData<{ rows: Record<string, unknown>[] }>(page, '/api/dx/grid', {
    module_name: 'opportunities',
    filters: {},
    page: 1,
    page_size: 100,
  });
  const ofAccount = grid.rows.filter((row) => row.account_name === accountName);
  const opportunity = ofAccount.find((row) => row.sales_channel === 'DIRECT') ?? ofAccount[0];
  if (typeof opportunity?.id !== 'string') throw new Error(`no ${accountName} opportunity`);
  const { id } = await apiData<{ id: string }>(page, '/api/dx/create-quote', {
    opportunity_id: opportunity.id,
    values: {
      quote_name: quoteName,
      quote_type: 'STANDARD',
      contract_length: '12',
      deal_type: 'NB',
      contract_start_date: '2027-01-01',
      contract_end_date: '2027-12-31',
      sla: '24/7',
      products_evaluated: ['FIREWALL'],
      ...(opportunity.sales_channel === 'DIRECT'
        ? {}
        : { partner_type: 'AUTHORIZED', partner_contact_email: 'partner@example.com' }),
    },
  });
  return id;
}

describe('global search', () => {
  it('a salesperson finds a quote by a misspelt account name, and not another region’s', async () => {
    const stamp = Date.now();
    const desk = await newPage(browser);
    await signIn(desk, 'dealdesk@bastion.test');
    const foreignName = `Lakeside refresh ${stamp}`;
    await quoteFor(desk, 'Banque du Lac', foreignName);
    await desk.context().close();

    const sales = await newPage(browser, { width: 1400, height: 900 });
    await signIn(sales, 'sales@bastion.test');
    const ownName = `Campus firewalls ${stamp}`;
    const ownId = await quoteFor(sales, 'Northwind Health', ownName);

    // "/" jumps to the box from anywhere but a text field.
    await sales.locator('main').click({ position: { x: 5, y: 5 } });
    await sales.keyboard.press('/');
    const box = sales.getByRole('combobox', { name: 'Search' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await box.pressSequentially('Nortwind Helth', { delay: 20 });
    const results = sales.getByRole('listbox', { name: 'Search results' });
    const own = results.getByRole('option').filter({ hasText: ownName });
    await own.waitFor();
    const height = await results.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(400);
    await screenshot(sales, 'global-search-results', { fullPage: false });

    // Keyboard: down to the quote, Enter opens its page.
    const options = results.getByRole('option');
    const texts = await options.allInnerTexts();
    const index = texts.findIndex((text) => text.includes(ownName));
    for (let i = 0; i <= index; i++) await box.press('ArrowDown');
    await box.press('Enter');
    await sales.waitForURL((url) => url.pathname.includes(`/${ownId}/`));

    // Another region's quote is not found, by its name or its account.
    await box.fill(foreignName);
    await sales
      .getByRole('status')
      .filter({ hasText: `No results for “${foreignName}”` })
      .waitFor();
    await box.fill('Banque du Lac');
    await sales.getByRole('status').filter({ hasText: 'No results for “Banque du Lac”' }).waitFor();
    await sales.context().close();
  }, 90_000);
});
