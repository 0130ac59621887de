import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot, signInAndLand } from '../../fixtures.ts';
import { apiData, createDirectQuote } from '../quotes/quote-api.ts';
import { signIn } from '../quotes/quote-helpers.ts';

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

describe('product rules (issue 34)', () => {
  it('a catalogue admin tests a demo rule on a quote, then adds a rule and removes it', async () => {
    // A seller's quote with a firewall and no support, to test the rules on.
    const seller = await newPage(browser);
    await signIn(seller, 'sales@bastion.test');
    const quoteId = await createDirectQuote(seller, `E2E product rules ${Date.now()}`);
    const saved = await apiData<{ quote: { quote_number: string } }>(
      seller,
      '/api/dx/save-quote-configuration',
      { id: quoteId, version: 1, lines: [{ key: 'fw', sku: 'BX-60-HW', quantities: [1] }] },
    );
    const quoteNumber = saved.quote.quote_number;
    await seller.close();

    const page = await newPage(browser);
    await signInAndLand(page, 'catalog@bastion.test', '/commcat/grid/catalog/ref');
    await page.getByRole('link', { name: 'Product rules' }).click();
    await page.waitForURL((url) => url.pathname === '/commcat/product-rules/ref');
    const table = page.getByRole('table', { name: 'Product rules' });
    await table.getByRole('row').filter({ hasText: 'Appliances need support' }).waitFor();
    await screenshot(page, 'product-rules');

    // The demo rule, tested on the quote before anything is changed.
    await table.getByRole('button', { name: 'Appliances need support' }).click();
    const panel = page.getByRole('dialog', { name: 'Appliances need support' });
    await panel.getByLabel('Quote number to test against').fill(quoteNumber);
    await panel.getByRole('button', { name: 'Test', exact: true }).click();
    const result = panel.getByTestId('rule-preview');
    await result
      .getByText(
        'BX-60-HW needs a support contract for 1 unit: add BX-60-SUP-STD, BX-60-SUP-PRM or BX-60-SUP-ELT.',
      )
      .waitFor();
    await result.getByText('Offers: Add BX-60-SUP-PRM for 1 unit').waitFor();
    await screenshot(page, 'product-rule-preview', { fullPage: false });
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // A new warning, built with the condition builder; a fact it does not know is refused.
    const name = `E2E transceiver check ${Date.now()}`;
    await page.getByRole('button', { name: 'New rule' }).click();
    const editor = page.getByRole('dialog', { name: 'New product rule' });
    await editor.getByLabel('Name').fill(name);
    await editor.getByLabel('Severity').selectOption('warning');
    await editor.getByLabel('Fact of condition 1').fill('quantity:sku:NO-SUCH-SKU');
    await editor.getByLabel('Comparison of condition 1').selectOption('gt');
    await editor.getByLabel('Value of condition 1').fill('0');
    await editor.getByLabel('Message').fill('Check the optics of this quote.');
    await editor.getByRole('button', { name: 'Create rule' }).click();
    await editor
      .getByTestId('rule-problems')
      .getByText(/NO-SUCH-SKU is not a SKU/)
      .waitFor();
    await editor.getByLabel('Fact of condition 1').fill('quantity:sku:QSFP28-100G-SR4');
    await editor.getByRole('button', { name: 'Create rule' }).click();
    await page.getByText(`Created ${name}.`).waitFor();
    const row = table.getByRole('row').filter({ hasText: name });
    await row.getByText('Active').waitFor();
    expect(await row.innerText()).toContain('Warning');

    // And removed again: the list no longer has it.
    const edit = page.getByRole('dialog', { name });
    await edit.getByRole('button', { name: `Delete product rule ${name}` }).click();
    await edit.getByRole('button', { name: 'Delete rule' }).click();
    await page.getByText(`Deleted ${name}.`).waitFor();
    await expect.poll(() => row.count()).toBe(0);
  });
});
