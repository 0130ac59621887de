import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot, signInAndLand } from '../../fixtures.ts';
import { createQuoteOn } from '../quotes/quote-api.ts';
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
  await closeBrowser(browser);
});

const quoteFor = (page: Page, accountName: string, quoteName: string) =>
  createQuoteOn(page, quoteName, (row) => row.account_name === accountName);

describe('global search', () => {
  it('a salesperson finds a quote by a misspelt account name, and not another region’s', async () => {
    const stamp = Date.now();
    const desk = await newPage(browser);
    await signIn(desk, 'dealdesk@bastion.test');
    const foreignName = `Lakeside refresh ${stamp}`;
    await quoteFor(desk, 'Banque du Lac', foreignName);
    await desk.context().close();

    const sales = await newPage(browser, { width: 1400, height: 900 });
    // The search is in the top bar of any page: the landing page's.
    await signInAndLand(sales, 'sales@bastion.test', '/cpq/grid/quotes/ref');
    const ownName = `Campus firewalls ${stamp}`;
    const ownId = await quoteFor(sales, 'Northwind Health', ownName);

    // "/" jumps to the box from anywhere but a text field: click the page's title first (a
    // corner of <main> can lie under the sticky top bar while the page settles).
    await sales.getByRole('heading', { level: 1 }).first().click();
    await sales.keyboard.press('/');
    const box = sales.getByRole('combobox', { name: 'Search everything' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await box.pressSequentially('Nortwind Helth', { delay: 20 });
    const results = sales.getByRole('listbox', { name: 'Search results' });
    const own = results.getByRole('option').filter({ hasText: ownName });
    await own.waitFor();
    // Spec §9: the results show at most 400 px high (the list scrolls inside).
    const shown = await results.evaluate(
      (el) => (el.parentElement ?? el).getBoundingClientRect().height,
    );
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(400);
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

  it('a catalog user opens a SKU from the search: the catalogue shows it with its panel', async () => {
    const page = await newPage(browser);
    await signInAndLand(page, 'catuser@bastion.test', '/commcat/grid/catalog/ref');
    const box = page.getByRole('combobox', { name: 'Search everything' });
    await box.fill('BX-100F-TP');
    const option = page
      .getByRole('listbox', { name: 'Search results' })
      .getByRole('option')
      .filter({ hasText: 'BX-100F-TP' })
      .first();
    await option.click();
    await page.getByRole('dialog').filter({ hasText: 'BX-100F-TP' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/commcat/grid/catalog/ref');
    await page.context().close();
  }, 60_000);
});
