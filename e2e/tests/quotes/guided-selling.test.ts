import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import { createDirectQuote } from './quote-api.ts';
import { signIn } from './quote-helpers.ts';

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

describe('guided selling (issue 34)', () => {
  it('proposes a branch-firewall bill of materials from a few answers; the seller keeps what fits', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    const quoteId = await createDirectQuote(page, `E2E guided selling ${Date.now()}`);
    await page.goto(`/cpq/configure-quote/${quoteId}/STANDARD`);
    await page.getByRole('button', { name: 'Guided selling' }).click();
    const panel = page.locator('.offcanvas.show');
    await panel.getByRole('heading', { name: 'Guided selling: branch firewalls' }).waitFor();

    // A question left out is said at its field.
    await panel.getByRole('button', { name: 'Propose products' }).click();
    await panel.getByText('Enter how many branch sites, a whole number.').waitFor();

    await panel.getByLabel('Branch sites').fill('5');
    await panel.getByLabel('Users per site').fill('40');
    await panel.getByLabel('Throughput a site needs (Mbps)').fill('400');
    await panel.getByLabel('High availability: two appliances per site').check();
    await panel.getByRole('button', { name: 'Propose products' }).click();

    const proposed = panel.getByRole('list', { name: 'Proposed products' }).getByRole('listitem');
    await expect.poll(() => proposed.count()).toBe(4);
    const item = (sku: string) => proposed.filter({ hasText: `(${sku})` });
    expect(await item('BX-60-HW').innerText()).toContain('Quantity 10 · high-availability pairs');
    expect(await item('BX-60-SUP-PRM').innerText()).toContain(
      'BX-60-HW needs a support contract for 10 units',
    );
    // The suggestion starts unticked; the rest is what the answers call for.
    expect(await item('AP-431-HW').getByRole('checkbox').isChecked()).toBe(false);
    expect(await item('BX-60-TP').getByRole('checkbox').isChecked()).toBe(true);
    await screenshot(page, 'configure-guided-proposal');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'configure-guided-proposal-phone');
    await page.setViewportSize({ width: 1400, height: 900 });

    await panel.getByRole('button', { name: 'Add 3 products to the quote' }).click();
    await panel.waitFor({ state: 'detached' });
    const rows = page.locator('.config-lines-scroll [role="row"]');
    await expect.poll(() => rows.count()).toBe(3);
    expect(
      await page
        .getByLabel('Quantity of BX-60 next-generation firewall appliance (BX-60-HW)')
        .inputValue(),
    ).toBe('10');
    expect(
      await page
        .getByLabel('High-availability pair of BX-60 next-generation firewall appliance (BX-60-HW)')
        .isChecked(),
    ).toBe(true);
    // Supported and in pairs: nothing holds the quote back.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /Next: Shipping/ }).isDisabled()).toBe(false);
  });
});
