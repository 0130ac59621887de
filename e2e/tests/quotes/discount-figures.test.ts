import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatBp } from '@bastion/domain/pricing/decimal';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import { apiData, quoteAtSummary } from './quote-api.ts';
import { signIn } from './quote-helpers.ts';

/*
 * Issue 33, point 4: one line's two discounts, the seller discount (typed) and the effective
 * discount (from list: volume, partner and typed together), read the same on the configure page,
 * the summary and the PDF; the deal desk (can_see_margin) sees cost, margin and margin % per
 * line, a seller does not. A partner quote, so that the two figures differ.
 */

const SKU = 'BX-100F-TP';
const tag = Date.now().toString(36).toUpperCase();
const work = mkdtempSync(path.join(tmpdir(), 'bastion-e2e-discounts-'));
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

interface SummaryPricing {
  pricing: {
    ok: boolean;
    result: {
      lines: {
        sku: string;
        seller_discount_percent_bp: number;
        effective_discount_percent_bp: number;
        margin_minor: number | null;
      }[];
    };
  };
}

/**
 * The line tables' boxes that reach beyond the screen (none: on a phone a table scrolls inside
 * its own box). The tables themselves may be wider: that is what their box scrolls.
 */
async function tablesBeyondTheScreen(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('.table-responsive, .config-lines')]
      .filter((box) => box.getBoundingClientRect().right > width + 1)
      .map((box) => `${box.className} ${box.getBoundingClientRect().right}`);
  });
}

describe('a line’s discounts and margin', () => {
  it('read the same on configure, summary and the document, with margin for the deal desk', async () => {
    const desk = await newPage(browser, { width: 1440, height: 1000 });
    await signIn(desk, 'dealdesk@bastion.test');
    const quote = await quoteAtSummary(
      desk,
      `Discounts ${tag}`,
      [{ sku: SKU, quantity: 3, discount: '35' }],
      (row) => row.sales_channel !== 'DIRECT',
    );
    const summary = await apiData<SummaryPricing>(desk, '/api/dx/quote-summary', { id: quote.id });
    const line = summary.pricing.result.lines.find((l) => l.sku === SKU);
    if (!line) throw new Error(`no ${SKU} line priced`);
    const seller = `${formatBp(line.seller_discount_percent_bp)} %`;
    const effective = `${formatBp(line.effective_discount_percent_bp)} %`;
    // The partner discount is standard pricing: the effective discount is deeper than typed.
    expect(seller).toBe('35 %');
    expect(line.effective_discount_percent_bp).toBeGreaterThan(3500);

    // Configure: the seller discount as typed, the effective one beside it, and the margin.
    await desk.goto(`/cpq/configure-quote/${quote.id}/STANDARD`);
    const row = desk
      .getByRole('row')
      .filter({ has: desk.getByLabel(new RegExp(`^Seller discount % of .*\\(${SKU}\\)$`)) });
    await row.getByTestId('line-margin').waitFor();
    expect(await row.getByLabel(/^Seller discount % of /).inputValue()).toBe('35');
    await expect.poll(() => row.getByTestId('line-effective-discount').innerText()).toBe(effective);
    for (const header of ['Seller discount %', 'Effective discount %', 'Margin and cost']) {
      expect(await desk.getByRole('columnheader', { name: header, exact: true }).count()).toBe(1);
    }
    expect(await row.getByTestId('line-margin-percent').innerText()).toMatch(/^-?\d+(\.\d+)? %$/);
    // An amount in the quote's currency, which is the opportunity's: the first partner
    // opportunity the deal desk sees may be in euros or dollars, whatever other files created.
    expect(await row.getByTestId('line-cost').innerText()).toMatch(/^[$€£][\d,]+\.\d{2}$/);
    // The deal desk's line, margin and all, fits beside the menu at 1440 px: its net in view.
    const table = desk.getByRole('table', { name: 'Quote lines' });
    expect(await table.evaluate((t) => t.scrollWidth <= t.clientWidth)).toBe(true);
    await screenshot(desk, 'discount-figures-configure-1440');

    // Summary: the same two figures under the same names, and the margin per line and in total.
    await desk.goto(`/cpq/quote-summary/${quote.id}/STANDARD`);
    await desk.getByRole('heading', { name: 'Quote summary' }).waitFor();
    const summaryRow = desk.locator('table.summary-table tbody tr').filter({ hasText: SKU });
    expect(await summaryRow.getByTestId('summary-seller-discount').innerText()).toBe(seller);
    expect(await summaryRow.getByTestId('summary-effective-discount').innerText()).toBe(effective);
    expect(await summaryRow.getByTestId('summary-margin').innerText()).toMatch(/\d/);
    await desk.getByTestId('summary-total-margin-percent').waitFor();
    await screenshot(desk, 'discount-figures-summary-1440');

    // The PDF: the line's row carries both figures (the document writes "35%").
    const [download] = await Promise.all([
      desk.waitForEvent('download'),
      desk.getByRole('button', { name: 'Download PDF', exact: true }).click(),
    ]);
    const file = path.join(work, download.suggestedFilename());
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
    });
    expect(text).toMatch(/Seller\s+(discount\s+)?Effective/);
    const pdfRow = text.split('\n').find((l) => l.includes(SKU)) ?? '';
    expect(pdfRow).toContain(` ${seller.replace(' %', '%')} `);
    expect(pdfRow).toContain(` ${effective.replace(' %', '%')} `);

    // On a phone the line tables scroll inside their own boxes, within the screen.
    await desk.setViewportSize({ width: 390, height: 844 });
    await screenshot(desk, 'discount-figures-summary-390');
    expect(await tablesBeyondTheScreen(desk)).toEqual([]);
    await desk.goto(`/cpq/configure-quote/${quote.id}/STANDARD`);
    await row.getByTestId('line-margin').waitFor();
    await screenshot(desk, 'discount-figures-configure-390');
    expect(await tablesBeyondTheScreen(desk)).toEqual([]);
    // Nothing of the lines table widens the page either (its hidden header text once did).
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await desk.context().close();
  });

  it('shows a seller the two discounts and no margin', async () => {
    const sales = await newPage(browser, { width: 1440, height: 900 });
    await signIn(sales, 'sales@bastion.test');
    const quote = await quoteAtSummary(sales, `Discounts seller ${tag}`, [
      { sku: SKU, quantity: 1, discount: '10' },
    ]);
    await sales.goto(`/cpq/configure-quote/${quote.id}/STANDARD`);
    const row = sales
      .getByRole('row')
      .filter({ has: sales.getByLabel(new RegExp(`^Seller discount % of .*\\(${SKU}\\)$`)) });
    await expect.poll(() => row.getByTestId('line-effective-discount').innerText()).toBe('10 %');
    expect(await sales.getByRole('columnheader', { name: 'Margin %', exact: true }).count()).toBe(
      0,
    );
    expect(await row.getByTestId('line-margin').count()).toBe(0);
    await sales.context().close();
  });
});
