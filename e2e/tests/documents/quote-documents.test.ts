import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Download, Page } from 'playwright-core';
import readExcelFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCREENSHOT_DIR,
  SCREENSHOTS_TAKEN,
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
} from '../../fixtures.ts';
import { apiData, quoteAtSummary } from '../quotes/quote-api.ts';
import { signIn } from '../quotes/quote-helpers.ts';

/*
 * Quote documents from the summary (issue 17, point 1): the deal desk downloads the PDF and the
 * Word document, the PDF's text (pdftotext) carries the quote number and its total, and the
 * Documents section lists both with their SHA-256, revision and version. The quote is set up through the
 * API with the page's cookies: the clicking under test is the summary's.
 */

let browser: Browser;
let page: Page;
const tag = Date.now().toString(36).toUpperCase();
const work = mkdtempSync(path.join(tmpdir(), 'bastion-e2e-documents-'));

/** Clicks a button and keeps the file it downloads. */
async function downloadBy(name: string): Promise<{ download: Download; file: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name, exact: true }).click(),
  ]);
  const file = path.join(work, download.suggestedFilename());
  await download.saveAs(file);
  return { download, file };
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await signIn(page, 'dealdesk@bastion.test');
});

afterAll(async () => {
  await closeBrowser(browser);
});

describe('quote documents on the summary', () => {
  it('downloads the PDF and the Word document and lists both with their SHA-256', async () => {
    const quote = await quoteAtSummary(page, `Documents ${tag}`, [
      { sku: 'BX-100F-TP', quantity: 3 },
      { sku: 'CM-VM-10', quantity: 1 },
    ]);
    const summary = await apiData<{
      pricing: { ok: boolean; result: { totals: { net_minor: number } } };
    }>(page, '/api/dx/quote-summary', { id: quote.id });
    expect(summary.pricing.ok).toBe(true);
    await page.goto(`/cpq/quote-summary/${quote.id}/STANDARD`);
    await page.getByRole('heading', { name: 'Quote summary' }).waitFor();
    const expectedName = `${quote.number}_Documents_${tag}`;
    await screenshot(page, 'quote-documents-buttons', { fullPage: false });

    const pdf = await downloadBy('Download PDF');
    expect(pdf.download.suggestedFilename()).toBe(`${expectedName}.pdf`);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', pdf.file, '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain(`Quotation ${quote.number}`);
    const netTotal = /Net total \(([A-Z]{3})\)\s+(\S+)/.exec(text);
    expect(netTotal?.[2]).toMatch(/^\D*[\d,]+\.\d{2}$/);
    expect(Number(netTotal?.[2]?.replace(/[^\d]/g, ''))).toBe(
      summary.pricing.result.totals.net_minor,
    );
    expect(text).toMatch(/Page 1 of \d+/);

    const word = await downloadBy('Download Word');
    expect(word.download.suggestedFilename()).toBe(`${expectedName}.docx`);
    const xml = strFromU8(
      unzipSync(readFileSync(word.file))['word/document.xml'] ?? new Uint8Array(),
    );
    expect(xml).toContain(quote.number);
    expect(xml).toContain(netTotal?.[2] ?? 'no total');

    // Issue 38: the lines as a workbook, the summary's figures in it.
    await page.getByRole('button', { name: 'Export lines' }).click();
    const workbook = await downloadBy('Excel workbook (.xlsx)');
    expect(workbook.download.suggestedFilename()).toBe(`Lines_${quote.number}.xlsx`);
    const [sheet] = await readExcelFile(readFileSync(workbook.file));
    const rows = sheet?.data ?? [];
    expect(rows.slice(1, 3).map((row) => row[1])).toEqual(['BX-100F-TP', 'CM-VM-10']);
    const netRow = rows.find((row) => String(row[2]).startsWith('Net total'));
    expect(Math.round(Number(netRow?.at(-1)) * 100)).toBe(summary.pricing.result.totals.net_minor);

    const documents = page.getByRole('table', { name: 'Generated documents' });
    for (const [format, file] of [
      ['PDF', pdf.file],
      ['Word', word.file],
    ] as const) {
      const row = documents.getByRole('row').filter({ hasText: sha256(file).slice(0, 12) });
      await row.waitFor();
      expect(await row.getByRole('cell').first().innerText()).toBe(format);
      // Both made of the quote's first revision, taken with the PDF (decision 039).
      expect(await row.getByRole('cell').nth(2).innerText()).toBe(`1\nversion ${quote.version}`);
      expect(await row.locator('code').getAttribute('title')).toBe(sha256(file));
    }
    await page.getByRole('region', { name: 'Documents' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'quote-documents-summary', { fullPage: false });

    // Page 1 of the PDF, as the customer sees it.
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      pdf.file,
      path.join(work, 'page'),
    ]);
    const [pageOne] = ['page-1.png', 'page-01.png'].filter((name) => {
      try {
        return readFileSync(path.join(work, name)).length > 0;
      } catch {
        return false;
      }
    });
    expect(pageOne).toBeDefined();
    if (SCREENSHOTS_TAKEN) {
      copyFileSync(
        path.join(work, pageOne ?? ''),
        path.join(SCREENSHOT_DIR, 'quote-document-pdf-page-1.png'),
      );
    }
  });
});
