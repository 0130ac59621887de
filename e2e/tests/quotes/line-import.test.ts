import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import readExcelFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import { apiData, createDirectQuote } from './quote-api.ts';
import { signIn } from './quote-helpers.ts';

/*
 * Issue 38's "done when" for lines at scale: a seller imports a 300-line CSV with three bad rows,
 * sees them by row number, corrects them in the preview, imports, sets a discount on 50 lines at
 * once, saves, and the exported workbook (read back with read-excel-file) holds the page's
 * figures.
 */

let browser: Browser;
let work: string;
beforeAll(async () => {
  browser = await launchBrowser();
  work = mkdtempSync(path.join(tmpdir(), 'bastion-line-import-'));
});
afterAll(async () => {
  await closeBrowser(browser);
  rmSync(work, { recursive: true, force: true });
});

/** Subscriptions the quote can price: no hardware, so no product rule asks for more lines. */
async function subscriptionSkus(page: Page, quoteId: string): Promise<string[]> {
  const found = await apiData<{ rows: { sku: string; unit_price_minor: number | null }[] }>(
    page,
    '/api/dx/catalog/search-skus',
    { quote_id: quoteId, kinds: ['SUBSCRIPTION'], currency_code: 'USD', page_size: 100 },
  );
  return found.rows.filter((row) => (row.unit_price_minor ?? 0) > 0).map((row) => row.sku);
}

const money = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

describe('lines at scale', () => {
  it('imports 300 lines with three bad rows corrected in the preview, edits 50 at once and exports them', async () => {
    const page = await newPage(browser, { width: 1440, height: 1000 });
    await signIn(page, 'sales@bastion.test');
    const quoteId = await createDirectQuote(page, `Import 300 lines ${Date.now()}`);
    const skus = (await subscriptionSkus(page, quoteId)).slice(0, 12);
    expect(skus.length).toBeGreaterThan(3);
    const rows = Array.from({ length: 300 }, (_, i) => [
      skus[i % skus.length],
      String(1 + (i % 7)),
      '',
    ]);
    // Three mistakes of a sizing sheet: a SKU nobody sells, half a unit, a discount over 100 %.
    rows[9] = ['BX-999', '1', ''];
    rows[99] = [skus[0], '2.5', ''];
    rows[199] = [skus[1], '1', '150'];
    const csv = ['Part number,Qty,Discount %', ...rows.map((row) => row.join(','))].join('\r\n');

    await page.goto(`/cpq/configure-quote/${quoteId}/STANDARD`);
    await page.getByRole('heading', { name: 'Configure quote', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Import lines' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import lines' });
    await dialog
      .getByLabel('CSV file or Excel workbook (.xlsx)')
      .setInputFiles({ name: 'sizing.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Preview' }).click();

    const toCorrect = dialog.getByRole('table', { name: 'Rows to correct' });
    await toCorrect.waitFor();
    // The header is row 1: the file's 10th line is row 11.
    expect(await toCorrect.locator('tbody tr th').allInnerTexts()).toEqual(['11', '101', '201']);
    const problems = await toCorrect.locator('tbody tr td.text-danger').allInnerTexts();
    expect(problems).toEqual([
      'Row 11: BX-999 is not in the catalogue.',
      'Row 101: the quantity 2.5 is not a whole number of 0 or more.',
      'Row 201: the discount 150 is not a percentage between 0 and 100 with at most 2 decimals.',
    ]);
    expect(await dialog.getByLabel('A · Part number').inputValue()).toBe('sku');
    await screenshot(page, 'line-import-preview-problems', { fullPage: false });

    await dialog.getByLabel('Row 11 Part number').fill(skus[2] ?? '');
    await dialog.getByLabel('Row 101 Qty').fill('3');
    await dialog.getByLabel('Row 201 Discount %').fill('15');
    await dialog.getByRole('button', { name: 'Check again' }).click();
    await dialog.getByText('No problems: nothing changes until you import.').waitFor();
    expect(await dialog.getByTestId('line-import-summary').innerText()).toContain(
      '300 lines to add',
    );
    await screenshot(page, 'line-import-preview-ready', { fullPage: false });
    await dialog.getByRole('button', { name: 'Import 300 lines' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: /Products\s+\(300 lines\)/ }).waitFor();

    // Fifty lines at once: the first, then shift and the fiftieth (the table draws what is in
    // view, so it scrolls there first).
    const row = (index: number) =>
      page.locator(`.config-lines-scroll [aria-rowindex="${index + 2}"]`);
    await row(0)
      .getByRole('checkbox', { name: /^Select / })
      .click();
    await page.locator('.config-lines-scroll').evaluate((element) => {
      element.scrollTop = 49 * 60 - 200;
    });
    await row(49)
      .getByRole('checkbox', { name: /^Select / })
      .click({ modifiers: ['Shift'] });
    const bar = page.getByRole('group', { name: 'Change the selected lines' });
    await bar.getByText('50 lines selected').waitFor();
    await bar.getByLabel(/Seller discount %/).fill('20');
    await bar.getByLabel(/Seller discount %/).press('Enter');
    await screenshot(page, 'line-mass-edit', { fullPage: false });
    await bar.getByRole('button', { name: 'Undo' }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();
    const configuration = await apiData<{
      lines: { manual_discount_percent: string }[];
      quote: { quote_number: string };
    }>(page, '/api/dx/quote-configuration', { id: quoteId });
    const discounted = configuration.lines.map((line) => line.manual_discount_percent);
    expect(discounted.slice(0, 50).every((discount) => discount === '20')).toBe(true);
    expect(discounted.slice(50).filter((discount) => discount === '20')).toEqual([]);
    const pageNet = money(await page.getByTestId('quote-net-total').innerText());

    await page.getByRole('button', { name: 'Export lines' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Excel workbook (.xlsx)' }).click(),
    ]);
    const file = path.join(work, download.suggestedFilename());
    await download.saveAs(file);
    const [sheet] = await readExcelFile(readFileSync(file));
    const data = sheet?.data ?? [];
    const header = data[0] ?? [];
    const lines = data.slice(1, 301);
    expect(lines.map((line) => line[header.indexOf('SKU')])).toEqual(
      rows.map((cells, i) => (i === 9 ? skus[2] : cells[0])),
    );
    const sellerDiscounts = lines.map((line) => line[header.indexOf('Seller discount')]);
    expect(sellerDiscounts.filter((value) => value === 0.2)).toHaveLength(50);
    expect(sellerDiscounts[199]).toBe(0.15);
    const netRow = data.find((cells) => String(cells[2]).startsWith('Net total'));
    expect(Math.round(Number(netRow?.at(-1)) * 100)).toBe(pageNet);
    await page.context().close();
  });
});
