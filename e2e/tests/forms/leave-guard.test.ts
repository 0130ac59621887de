import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, signInAndLand } from '../../fixtures.ts';
import { SUBSCRIPTION_SKU } from '../approvals/approval-helpers.ts';
import { apiData, createDirectQuote } from '../quotes/quote-api.ts';
import { addProduct, signIn } from '../quotes/quote-helpers.ts';

/*
 * Issue 33, point 2 (decision 032): a page with unsaved work asks before it is left, by a menu
 * entry or Back (Save and leave / Leave without saving / Stay), and the browser asks before the
 * tab is closed or reloaded.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

const menuEntry = (page: Page, name: string) =>
  page.locator('nav[aria-label="Sidebar"]').getByRole('link', { name, exact: true });
const question = (page: Page, name = 'Leave without saving?') => page.getByRole('dialog', { name });
const closePanel = async (page: Page) => {
  await page.locator('.offcanvas.show').getByRole('button', { name: 'Close' }).click();
  await page.locator('.offcanvas-backdrop').waitFor({ state: 'detached' });
};

interface Configuration {
  lines: { sku: string }[];
}
const savedSkus = async (page: Page, id: string) =>
  (await apiData<Configuration>(page, '/api/dx/quote-configuration', { id })).lines.map(
    (line) => line.sku,
  );

describe('leaving unsaved work', () => {
  it('asks on the configure page, and keeps, saves or drops the added products as told', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    const id = await createDirectQuote(page, 'E2E leave guard');
    const configure = `/cpq/configure-quote/${id}/STANDARD`;
    await page.goto(configure);
    await page.getByRole('button', { name: 'Add products' }).click();
    await addProduct(page, SUBSCRIPTION_SKU);
    // The panel says the truth: the line is on the page, not saved.
    await page.getByText(`Added ${SUBSCRIPTION_SKU} to the quote, not saved yet`).waitFor();
    await closePanel(page);

    // Stay: still here, the line still on the page.
    await menuEntry(page, 'Approvals').click();
    await question(page).waitFor();
    expect(await question(page).textContent()).toContain(
      'Your changes to the products of this quote are not saved.',
    );
    await question(page).getByRole('button', { name: 'Stay' }).click();
    await question(page).waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(configure);
    await page.getByRole('cell', { name: SUBSCRIPTION_SKU }).first().waitFor();

    // The browser's own question before the tab reloads: dismissed, the page stays.
    const beforeUnload = page.waitForEvent('dialog');
    void page.reload().catch(() => undefined);
    const dialog = await beforeUnload;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    await page.getByRole('cell', { name: SUBSCRIPTION_SKU }).first().waitFor();

    // Save and leave: saved, then on to where the user was going.
    await menuEntry(page, 'Approvals').click();
    await question(page).getByRole('button', { name: 'Save and leave' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/cpq/grid/quote-approvals'));
    expect(await savedSkus(page, id)).toEqual([SUBSCRIPTION_SKU]);

    // Back to the saved products; Forward with a new one, and leave without saving: it is gone.
    await page.goBack();
    await page.getByRole('button', { name: 'Add products' }).click();
    await addProduct(page, 'BX-100F-HW');
    await closePanel(page);
    await page.goForward();
    await question(page).getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/cpq/grid/quote-approvals'));
    expect(await savedSkus(page, id)).toEqual([SUBSCRIPTION_SKU]);
    await page.context().close();
  });

  it('asks on the create-quote header form', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    await page.goto('/cpq/create-quote/new/ref');
    await page
      .getByRole('list', { name: 'Opportunities' })
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^Choose/ })
      .click();
    const quoteName = page.getByLabel('Quote name');
    await quoteName.fill('E2E header left');
    await menuEntry(page, 'Quotes').click();
    expect(await question(page).textContent()).toContain('Your changes to the new quote');
    await question(page).getByRole('button', { name: 'Stay' }).click();
    expect(await quoteName.inputValue()).toBe('E2E header left');
    await menuEntry(page, 'Quotes').click();
    await question(page).getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL((url) => url.pathname === '/cpq/grid/quotes/ref');
    await page.context().close();
  });

  it('asks in an admin editor before its panel closes or the page is left; Cancel does not', async () => {
    const page = await newPage(browser);
    await signIn(page, 'deskadmin@bastion.test');
    // Through the menu and Back: the history the app itself keeps, as a user makes it.
    await page.goto('/cpq/terms-condition');
    await menuEntry(page, 'Quotes').click();
    await page.waitForURL((url) => url.pathname === '/cpq/grid/quotes/ref');
    await page.goBack();
    await page.getByRole('button', { name: 'New clause' }).click();
    const title = page.getByLabel('Title');
    await title.fill('E2E unsaved clause');

    // The panel's Close button: asked, and Stay keeps the panel and what was typed.
    await page.locator('.offcanvas.show').getByRole('button', { name: 'Close' }).click();
    const closing = question(page, 'Close without saving?');
    expect(await closing.textContent()).toContain('Your changes to the new clause are not saved.');
    await closing.getByRole('button', { name: 'Stay' }).click();
    await closing.waitFor({ state: 'hidden' });
    expect(await title.inputValue()).toBe('E2E unsaved clause');

    // Forward, with the panel open: asked too.
    await page.goForward();
    await question(page).getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe('/cpq/terms-condition');
    expect(await title.inputValue()).toBe('E2E unsaved clause');

    // Cancel says what it does: the changes go, nothing is asked.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.offcanvas-backdrop').waitFor({ state: 'detached' });
    await menuEntry(page, 'Quotes').click();
    await page.waitForURL((url) => url.pathname === '/cpq/grid/quotes/ref');
    expect(await question(page).count()).toBe(0);
    await page.context().close();
  });

  it('asks before a SKU panel (a form of its own) closes with changes, and before a hierarchy line typed is left', async () => {
    const page = await newPage(browser);
    await signInAndLand(page, 'catalog@bastion.test', '/commcat/grid/catalog/ref');
    await page.locator('main table tbody tr').first().click();
    const panel = page.locator('.offcanvas.show');
    const editor = panel.getByRole('form', { name: /^Edit / });
    await editor.waitFor();
    const name = editor.getByRole('textbox', { name: /^Name/ });
    await name.fill('E2E renamed, not saved');
    await panel.locator('.offcanvas-header').getByRole('button', { name: 'Close' }).click();
    const closing = question(page, 'Close without saving?');
    expect(await closing.textContent()).toContain('Your changes to the SKU');
    await closing.getByRole('button', { name: 'Close without saving' }).click();
    await page.locator('.offcanvas-backdrop').waitFor({ state: 'detached' });

    // The product hierarchy's inline forms: a line's name typed and not added is asked about.
    await menuEntry(page, 'Product hierarchy').click();
    await page.getByRole('button', { name: 'Top-level line' }).click();
    const add = page.getByRole('form', { name: 'New product line' });
    await add.getByRole('textbox', { name: 'Name of the new line' }).fill('E2E not added');
    await menuEntry(page, 'Catalog').click();
    expect(await question(page).textContent()).toContain(
      'Your changes to the new product line are not saved.',
    );
    await question(page).getByRole('button', { name: 'Stay' }).click();
    await question(page).waitFor({ state: 'hidden' });
    expect(await add.getByRole('textbox').inputValue()).toBe('E2E not added');
    await page.context().close();
  });
});
