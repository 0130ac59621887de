import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot, signInAndLand } from '../../fixtures.ts';

// On the shared app: the book matches a segment of its own, so it prices no other file's quote,
// and it is deleted at the end.

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };

describe('price books (issue 35)', () => {
  it('a catalogue admin creates a book, gives it a price and finds it in the matrix', async () => {
    const stamp = String(Date.now()).slice(-8);
    const name = `E2E book ${stamp}`;
    const page = await newPage(browser, WIDE);
    page.setDefaultTimeout(15_000);
    await signInAndLand(page, 'catalog@bastion.test', '/commcat/grid/catalog/ref');
    await page.getByRole('link', { name: 'Price books' }).click();
    await page.waitForURL((url) => url.pathname === '/commcat/price-books/ref');
    const books = page.getByRole('table', { name: 'Price books' });
    await books.getByRole('row').filter({ hasText: 'Public sector' }).first().waitFor();
    await page.getByRole('heading', { name: 'Import prices (CSV)' }).waitFor();
    await screenshot(page, 'price-books');
    await page.setViewportSize(NARROW);
    await books.waitFor();
    await screenshot(page, 'price-books-narrow');
    await page.setViewportSize(WIDE);

    // The editor says what is wrong where it is: the form's own check, then the server's.
    await page.getByRole('button', { name: 'New price book' }).click();
    const editor = page.getByRole('dialog', { name: 'New price book' });
    await editor.getByLabel('Name').fill('public sector');
    await editor.getByLabel('Customer segment').fill(`E2E segment ${stamp}`);
    await editor.getByLabel('Priority').fill('2000');
    await editor.getByRole('button', { name: 'Create price book' }).click();
    await editor.getByText('The priority is a whole number from 0 to 1000.').waitFor();
    await editor.getByLabel('Priority').fill('7');
    await editor.getByRole('button', { name: 'Create price book' }).click();
    await editor
      .getByText('There is already a price book named public sector: choose another name.')
      .waitFor();
    await screenshot(page, 'price-book-editor-refused', { fullPage: false });
    await editor.getByLabel('Name').fill(name);
    await editor.getByRole('button', { name: 'Create price book' }).click();
    await page.getByText(`Created the price book ${name}.`).waitFor();
    const row = books.getByRole('row').filter({ hasText: name });
    await row.getByText(`E2E segment ${stamp}`).waitFor();

    // Its page: a price, refused first (the server's check shows under the field), then set.
    await row.getByRole('link', { name }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/commcat/price-book/'));
    const bookPath = new URL(page.url()).pathname;
    const bookId = bookPath.split('/')[3] ?? '';
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText('No prices yet').waitFor();
    await page.getByRole('button', { name: 'Add price' }).click();
    const entry = page.getByRole('dialog', { name: 'Add a price' });
    await entry.getByLabel('SKU').fill('BX-100F-HW');
    await entry.getByLabel('Currency').selectOption('USD');
    await entry.getByLabel('Unit price').fill('-5');
    await entry.getByRole('button', { name: 'Add price' }).click();
    await entry.getByText('A price cannot be negative.').waitFor();
    await entry.getByLabel('Unit price').fill('2222.22');
    await entry.getByRole('button', { name: 'Add price' }).click();
    await page.getByText(`${name}: BX-100F-HW at $2,222.22.`).waitFor();
    const prices = page.getByRole('table', { name: 'Prices of the book' });
    const priced = prices.getByRole('row').filter({ hasText: 'BX-100F-HW' });
    await priced.getByText('$2,222.22').waitFor();
    expect(await priced.innerText()).toContain('USD');
    await screenshot(page, 'price-book-entries');
    await page.setViewportSize(NARROW);
    await priced.waitFor();
    await screenshot(page, 'price-book-entries-narrow');
    await page.setViewportSize(WIDE);

    // Every SKU in every book: the book's column holds the price, beside the standard list.
    await page.getByRole('link', { name: 'All price books' }).click();
    await page.getByRole('link', { name: 'Every SKU in every book' }).click();
    await page.waitForURL((url) => url.pathname === '/commcat/price-book-matrix/ref');
    await page.getByRole('searchbox', { name: 'Search SKUs' }).fill('BX-100F-HW');
    const matrix = page.getByRole('table', { name: 'Every SKU in every book' });
    await matrix.getByRole('columnheader', { name }).waitFor();
    const skuRow = matrix.getByRole('row').filter({ hasText: 'BX-100F-HW' });
    await skuRow.getByText('$2,222.22').waitFor();
    await expect.poll(() => matrix.getByRole('row').count()).toBe(2);
    const headers = await matrix.getByRole('columnheader').allInnerTexts();
    const cells = await skuRow.getByRole('cell').allInnerTexts();
    // The row header is the SKU's cell; the cells follow the headers after it.
    expect(cells[headers.indexOf(name) - 1]).toContain('$2,222.22');
    await screenshot(page, 'price-book-matrix');
    await page.setViewportSize(NARROW);
    await skuRow.waitFor();
    await screenshot(page, 'price-book-matrix-narrow');

    // Gone again: nobody quoted from it.
    const deleted = await page.request.post('/api/admin/catalog/price-books/delete', {
      data: { id: bookId },
    });
    expect(deleted.status(), await deleted.text()).toBe(200);
    await page.context().close();
  });
});
