import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import { apiData, quoteAtSummary } from '../quotes/quote-api.ts';
import { signIn } from '../quotes/quote-helpers.ts';

/*
 * Issue 37: a seller saves a named revision, changes the quote, compares the revision with the
 * working copy and with a later revision side by side, and restores the first one. The quote is
 * set up through the API with the page's cookies: the clicking under test is the revisions page's.
 */

let browser: Browser;
let page: Page;
const tag = Date.now().toString(36).toUpperCase();

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await signIn(page, 'sales@bastion.test');
});

afterAll(async () => {
  await closeBrowser(browser);
});

interface Saved {
  quote: { version: number };
}

describe('quote revisions', () => {
  it('compares two revisions side by side and restores one as the working copy', async () => {
    const quote = await quoteAtSummary(page, `Revisions ${tag}`, [
      { sku: 'BX-100F-TP', quantity: 3 },
      { sku: 'CM-VM-10', quantity: 1 },
    ]);
    await page.goto(`/cpq/quote-summary/${quote.id}/STANDARD`);
    await page.getByRole('link', { name: 'Revisions' }).click();
    await page.getByRole('heading', { name: 'Revisions', level: 1 }).waitFor();
    await page.getByText('No revision yet').waitFor();

    // Revision 1, by hand.
    await page.getByLabel(/^Name\b/).fill('First offer');
    await page.getByRole('button', { name: 'Save revision' }).click();
    await page.getByText('Saved as revision 1 “First offer”.').waitFor();
    const revisions = page.getByRole('table', { name: 'Revisions' });
    await revisions.getByRole('row').filter({ hasText: 'First offer' }).waitFor();

    // The seller changes the quantity and the discount, then saves revision 2.
    const changed = await apiData<Saved>(page, '/api/dx/save-quote-configuration', {
      id: quote.id,
      version: quote.version,
      advance: false,
      lines: [
        { key: 'a', sku: 'BX-100F-TP', quantities: [5], manual_discount_percent: '10' },
        { key: 'b', sku: 'CM-VM-10', quantities: [1] },
      ],
    });
    await page.reload();
    await page.getByLabel(/^Name\b/).fill('More seats');
    await page.getByRole('button', { name: 'Save revision' }).click();
    await page.getByText('Saved as revision 2 “More seats”.').waitFor();

    // Revision 1 against revision 2: the firewall line changed in quantity, discount and net.
    await page
      .getByLabel('From', { exact: true })
      .selectOption({ label: 'Revision 1 “First offer”' });
    await page.getByLabel('To', { exact: true }).selectOption({ label: 'Revision 2 “More seats”' });
    const lines = page.getByRole('table', { name: 'Lines compared' });
    const firewall = lines.getByRole('row').filter({ hasText: 'BX-100F-TP' });
    await firewall.waitFor();
    const cells = firewall.getByRole('cell');
    expect(await cells.nth(1).innerText()).toBe('changed');
    expect(await cells.nth(2).innerText()).toBe('3 → 5');
    expect(await cells.nth(3).innerText()).toBe('0% → 10%');
    // The support line (and whatever the product rules added with it) stayed as it was.
    expect(await lines.getByRole('row').count()).toBe(2);
    await page.getByText(/^\d+ other lines? (is|are) the same\.$/).waitFor();
    await screenshot(page, 'quote-revisions-compare');

    // Restore revision 1 over the working copy (version after the change).
    const first = revisions.getByRole('row').filter({ hasText: 'First offer' });
    await first.getByRole('button', { name: 'Restore Revision 1 “First offer”' }).click();
    await first.getByRole('button', { name: 'Restore revision 1' }).click();
    await page
      .getByText(`Revision 1 is the working copy again (version ${changed.quote.version + 1}).`)
      .waitFor();

    // Now the working copy is revision 1 again: comparing them finds nothing.
    await page
      .getByLabel('From', { exact: true })
      .selectOption({ label: 'Revision 1 “First offer”' });
    await page
      .getByLabel('To', { exact: true })
      .selectOption({ label: `Working copy (version ${changed.quote.version + 1})` });
    await page.getByText(/^No difference: Revision 1 “First offer” and Working copy/).waitFor();
    const configuration = await apiData<{ lines: { sku: string; quantities: number[] }[] }>(
      page,
      '/api/dx/quote-configuration',
      { id: quote.id },
    );
    expect(configuration.lines.find((l) => l.sku === 'BX-100F-TP')?.quantities).toEqual([3]);
  });
});
