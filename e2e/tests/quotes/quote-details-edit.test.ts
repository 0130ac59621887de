import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import { SUBSCRIPTION_SKU } from '../approvals/approval-helpers.ts';
import { apiData, quoteAtSummary } from './quote-api.ts';
import { signIn } from './quote-helpers.ts';

/*
 * Issue 33, point 3: after creation the quote's header (dates, SLA, deal type, partner, contacts)
 * is edited on the view-quote page with the create-quote recipe; what was settled at creation is
 * shown fixed, and the history says what changed.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

interface QuoteView {
  status_id: string;
  details: { header?: Record<string, unknown> };
}

describe('editing the quote details', () => {
  it('a seller changes the contract dates and SLA of a quote at its summary, and the history records it', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    const quote = await quoteAtSummary(page, 'E2E header edit', [
      { sku: SUBSCRIPTION_SKU, quantity: 2 },
    ]);
    // From the summary, where a seller reviews the quote, straight into the editor.
    await page.goto(`/cpq/quote-summary/${quote.id}/STANDARD`);
    await page.getByRole('link', { name: 'Change details' }).click();
    await page.waitForURL((url) => url.pathname === `/cpq/view-quote/${quote.id}/STANDARD`);

    const editor = page.locator('.card').filter({ hasText: 'Quote details' });
    // Settled at creation: shown, with why, but not to be changed here.
    await expect.poll(() => editor.getByLabel('Quote type').isDisabled()).toBe(true);
    await editor
      .getByText(
        'Quote type, Sales channel and Co-term with the customer’s current contract were set when the quote was made: copy the quote to change them.',
      )
      .waitFor();
    expect(await editor.getByLabel('Deal type').isDisabled()).toBe(false);

    // Typed as the app shows dates, or pasted as ISO: both read, both shown DD-MMM-YYYY.
    const from = editor.getByLabel('Contract start and end: from');
    await from.fill('1 mar 2027');
    await editor.getByLabel('Contract start and end: to').fill('2028-02-29');
    await editor.getByLabel('Support level (SLA)').focus();
    expect(await from.inputValue()).toBe('01-Mar-2027');
    expect(await editor.getByLabel('Contract start and end: to').inputValue()).toBe('29-Feb-2028');
    await editor.getByLabel('Support level (SLA)').selectOption('8/5');
    await screenshot(page, 'quote-details-edit-1440');
    await editor.getByRole('button', { name: 'Save details' }).click();

    await page.getByText('The quote details are saved.').waitFor();
    const facts = page.locator('dl');
    await facts.getByText('01-Mar-2027').waitFor();
    await facts.getByText('29-Feb-2028').waitFor();
    await facts.getByText('8/5 business hours').waitFor();

    const saved = await apiData<QuoteView>(page, '/api/dx/get-quote', { id: quote.id });
    expect(saved.status_id).toBe('TNC');
    expect(saved.details.header).toMatchObject({
      contract_start_date: '2027-03-01',
      contract_end_date: '2028-02-29',
      sla: '8/5',
    });

    // The summary shows the SLA as its list names it.
    await page.goto(`/cpq/quote-summary/${quote.id}/STANDARD`);
    await page.getByText('8/5 business hours').first().waitFor();
    // Its price date (in the printed letterhead) as every date of the app reads (spec §9).
    expect(await page.getByText(/^Prices as of \d{2}-[A-Z][a-z]{2}-\d{4}$/).count()).toBe(1);

    await page.goto(`/cpq/quote-history/${quote.id}/STANDARD`);
    const entry = page.getByRole('row').filter({ hasText: 'Support level (SLA)' });
    await entry.first().waitFor();
    expect(await entry.first().textContent()).toContain('24/7');
    await page.getByText('Changed the quote details').first().waitFor();
    await page.close();
  });

  it('refuses an end before the start under the field, and keeps the quote as it was; fits a phone', async () => {
    const page = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, 'sales@bastion.test');
    const quote = await quoteAtSummary(page, 'E2E header edit phone', [
      { sku: SUBSCRIPTION_SKU, quantity: 1 },
    ]);
    const before = await apiData<QuoteView>(page, '/api/dx/get-quote', { id: quote.id });
    await page.goto(`/cpq/view-quote/${quote.id}/STANDARD`);
    await page.getByRole('button', { name: 'Edit details' }).click();
    // Text that is not a date is kept for the user to correct, and the check says how to write one.
    await page.getByLabel('Contract start and end: from').fill('1st of June');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Enter the dates like 31-Mar-2027.').waitFor();
    expect(await page.getByLabel('Contract start and end: from').inputValue()).toBe('1st of June');
    await page.getByLabel('Contract start and end: from').fill('01-Jun-2027');
    await page.getByLabel('Contract start and end: to').fill('01-May-2027');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('The end date is before the start date.').waitFor();
    await screenshot(page, 'quote-details-edit-390');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const after = await apiData<QuoteView>(page, '/api/dx/get-quote', { id: quote.id });
    expect(after.details.header).toEqual(before.details.header);

    // The summary's header buttons wrap on the phone instead of widening the page.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`/cpq/quote-summary/${quote.id}/STANDARD`);
    await page.getByRole('button', { name: 'Print' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await screenshot(page, 'quote-summary-390');
    await page.close();
  });
});
