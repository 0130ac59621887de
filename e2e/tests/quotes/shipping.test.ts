import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import {
  addProducts,
  addShippingLine,
  acceptRuleFix,
  nextToShipping,
  nextToSummary,
  nextToTerms,
  REALIGNMENT_NOTICE,
  saveTerms,
  shippingOf,
  signIn,
  startQuote,
} from './quote-helpers.ts';

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

describe('shipping and hardware', () => {
  it('a seller ships a STANDARD quote’s appliances, is told of a mismatch, and realigns after a change', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    const quoteId = await startQuote(page, {
      name: `E2E shipping ${Date.now()}`,
      type: 'STANDARD',
    });
    await addProducts(page, ['BX-100F-HW', 'AP-431-HW']);
    await page.getByLabel(/^Quantity of .*\(BX-100F-HW\)$/).fill('10');
    await acceptRuleFix(page, /^Add BX-100F-SUP-PRM for 10 units$/);
    await nextToShipping(page, quoteId, 'STANDARD');

    // Ten firewalls: six to EMEA, three to North America is one short.
    const firewalls = shippingOf(page, 'BX-100F');
    await addShippingLine(firewalls, 1, { region: 'EMEA', incoterm: 'DAP', quantity: '6' });
    await addShippingLine(firewalls, 2, { region: 'NA', incoterm: 'EXW', quantity: '3' });
    expect(await firewalls.getByText('1 left').isVisible()).toBe(true);
    // The access points are shipped nowhere: none to ship.
    const accessPoints = shippingOf(page, 'AP-431');
    await accessPoints.getByLabel('Total shipping quantity').fill('0');

    await page.getByRole('button', { name: /Next: Terms/ }).click();
    await firewalls
      .getByText('Total Shipping Quantity does not match with sum of Shipping Quantities')
      .waitFor();
    await screenshot(page, 'shipping-mismatch');
    await firewalls.getByLabel(/^Quantity of .*line 2$/).fill('4');
    expect(await firewalls.getByText('all allocated').isVisible()).toBe(true);
    await nextToTerms(page, quoteId, 'STANDARD');

    // Back to the products: two more firewalls invalidate their shipping.
    await page.goto(`/cpq/configure-quote/${quoteId}/STANDARD`);
    await page.getByLabel(/^Quantity of .*\(BX-100F-HW\)$/).fill('12');
    await acceptRuleFix(page, /^Add BX-100F-SUP-PRM for 2 units$/);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('realignment-notice').waitFor();
    expect(await page.getByTestId('realignment-notice').innerText()).toBe(REALIGNMENT_NOTICE);
    await screenshot(page, 'configure-realignment');

    // Going to shipping from here sends the user back to the configuration…
    await page.goto(`/cpq/configure-sh-hw/${quoteId}/STANDARD`);
    await page.waitForURL((url) => url.pathname === `/cpq/configure-quote/${quoteId}/STANDARD`);
    // …until Next: then only the firewalls need their shipping again; the access points keep theirs.
    await nextToShipping(page, quoteId, 'STANDARD');
    await firewalls.getByText('Products changed: add its shipping again').waitFor();
    expect(await firewalls.getByLabel(/^Region of/).count()).toBe(0);
    expect(await accessPoints.getByLabel('Total shipping quantity').inputValue()).toBe('0');
    await addShippingLine(firewalls, 1, { region: 'APJ', incoterm: 'DDP' });
    expect(await firewalls.getByLabel(/^Quantity of .*line 1$/).inputValue()).toBe('12');
    await screenshot(page, 'shipping-realigned');
    await nextToTerms(page, quoteId, 'STANDARD');

    // The summary reads like the document the customer receives, on screen and on A4. It opens
    // once the terms are saved (here as the rules propose them).
    await saveTerms(page);
    await nextToSummary(page, quoteId, 'STANDARD');
    expect(await page.getByTestId('summary-total').innerText()).toMatch(/^\$[\d,]+\.\d{2}$/);
    const shippingRows = page.getByRole('region', { name: 'Shipping' }).locator('tbody tr');
    expect(await shippingRows.count()).toBe(1);
    await screenshot(page, 'quote-summary');

    // Print waits 250 ms, prints under the quote's name, then gives the tab its name back.
    await page.evaluate(() => {
      const w = window as unknown as { printedAs: string[] };
      w.printedAs = [];
      window.print = () => w.printedAs.push(document.title);
    });
    await page.getByRole('button', { name: 'Print' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printedAs: string[] }).printedAs))
      .toEqual([expect.stringMatching(/^Q-\d{4}-\d{6} E2E shipping/)]);
    expect(await page.title()).toBe('Bastion CPQ');

    await page.setViewportSize({ width: 794, height: 1123 });
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.app-sidebar').isVisible()).toBe(false);
    expect(await page.locator('.print-border').isVisible()).toBe(true);
    expect(await page.locator('.print-letterhead').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await screenshot(page, 'quote-summary-print');
    await page.context().close();
  });
});
