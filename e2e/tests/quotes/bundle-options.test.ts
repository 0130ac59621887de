import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import { apiData, createDirectQuote } from './quote-api.ts';
import { signIn } from './quote-helpers.ts';

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

const NO_TIER =
  'BX-200F-FLEX takes exactly one Support tier option: BX-200F-SUP-STD, BX-200F-SUP-PRM or BX-200F-SUP-ELT (none chosen).';
const FOUR_SUBSCRIPTIONS =
  'BX-200F-FLEX takes at most 3 Subscriptions options: BX-200F-TP, BX-200F-URL, BX-200F-SBX or BX-200F-SDWAN (4 chosen).';

describe('a bundle with options (issue 34)', () => {
  it('holds a bundle to exactly one support tier and at most three subscriptions, and its options follow its quantity', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    // A bundle saved without its support tier (an older client, or a tier taken out of the
    // catalogue's bundle since): the page says so and the quote cannot move on.
    const quoteId = await createDirectQuote(page, `E2E bundle options ${Date.now()}`);
    await apiData(page, '/api/dx/save-quote-configuration', {
      id: quoteId,
      version: 1,
      advance: false,
      lines: [
        { key: 'flex', sku: 'BX-200F-FLEX', quantities: [1] },
        { key: 'hw', sku: 'BX-200F-HW', quantities: [1], parent_key: 'flex' },
      ],
    });
    await page.goto(`/cpq/configure-quote/${quoteId}/STANDARD`);
    const checks = page.getByTestId('rule-checks');
    await checks.getByText(NO_TIER).waitFor();
    const next = page.getByRole('button', { name: /Next: Shipping/ });
    expect(await next.isDisabled()).toBe(true);

    // The check opens the bundle's options: nothing can be applied until one tier is chosen.
    await checks.getByRole('button', { name: 'Choose the options of BX-200F-FLEX' }).click();
    const panel = page.locator('.offcanvas.show');
    const supportTier = panel.getByRole('group', { name: 'Support tier' });
    await supportTier.getByText(NO_TIER).waitFor();
    expect(await panel.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await supportTier.getByLabel(/BX-200F-SUP-STD/).check();
    // One tier at a time: choosing Elite takes Standard off.
    await supportTier.getByLabel(/BX-200F-SUP-ELT/).check();
    expect(await supportTier.getByLabel(/BX-200F-SUP-STD/).isChecked()).toBe(false);
    expect(await supportTier.getByRole('radio', { checked: true }).count()).toBe(1);

    const subscriptions = panel.getByRole('group', { name: 'Subscriptions' });
    for (const code of ['TP', 'URL', 'SBX', 'SDWAN'])
      await subscriptions.getByLabel(new RegExp(`BX-200F-${code}\\)`)).check();
    await subscriptions.getByText(FOUR_SUBSCRIPTIONS).waitFor();
    expect(await panel.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await screenshot(page, 'configure-bundle-options');
    await subscriptions.getByLabel(/BX-200F-SDWAN\)/).uncheck();
    await panel.getByRole('button', { name: 'Apply' }).click();
    await panel.waitFor({ state: 'detached' });

    // The bundle, its appliance, one tier and three subscriptions; the error is gone.
    const rows = page.locator('.config-lines-scroll [role="row"]');
    await expect.poll(() => rows.count()).toBe(6);
    await page.getByTestId('rule-errors-hint').waitFor({ state: 'detached' });

    // Options follow the bundle's quantity.
    await page.getByLabel('Quantity of BX-200F Flex Bundle (BX-200F-FLEX)').fill('2');
    expect(
      await page.getByLabel('Quantity of BX-200F Elite Support', { exact: false }).inputValue(),
    ).toBe('2');
    expect(
      await page
        .getByLabel('Quantity of BX-200F next-generation firewall', { exact: false })
        .inputValue(),
    ).toBe('2');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();
    expect(await next.isDisabled()).toBe(false);

    // An HA-capable appliance line is switched to a high-availability pair: an odd quantity is
    // then an error, an even one is not.
    await page
      .getByLabel(
        'High-availability pair of BX-200F next-generation firewall appliance (BX-200F-HW)',
      )
      .check();
    const bundleQuantity = page.getByLabel('Quantity of BX-200F Flex Bundle (BX-200F-FLEX)');
    await bundleQuantity.fill('3');
    const oddPair = 'A high-availability pair needs an even number of BX-200F-HW appliances.';
    await checks.getByText(oddPair).waitFor();
    await screenshot(page, 'configure-ha-pair');
    await bundleQuantity.fill('4');
    await checks.getByText(oddPair).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();

    // A new bundle from the finder starts with its defaults (Premium, Threat Prevention).
    await page.getByRole('button', { name: 'Add products' }).click();
    const finder = page.locator('.offcanvas.show');
    await finder.getByLabel('Search').fill('BX-200F-FLEX');
    const item = finder.getByRole('listitem').filter({ hasText: 'BX-200F-FLEX' }).first();
    await item
      .getByText('You choose: Support tier (exactly one), Subscriptions (at most 3)')
      .waitFor();
    await item.getByRole('button', { name: /^Add/ }).click();
    const options = page.locator('.offcanvas.show');
    await options.getByRole('heading', { name: 'Choose bundle options' }).waitFor();
    expect(await options.getByLabel(/BX-200F-SUP-PRM/).isChecked()).toBe(true);
    expect(await options.getByLabel(/BX-200F-TP\)/).isChecked()).toBe(true);
    expect(await options.getByLabel(/BX-200F-HW/).isDisabled()).toBe(true);
    await options.getByRole('button', { name: 'Add to quote' }).click();
    await expect.poll(() => rows.count()).toBe(10);
    await screenshot(page, 'configure-bundle-lines');

    // On a phone the options panel takes the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByRole('button', { name: 'Choose the options of BX-200F Flex Bundle (BX-200F-FLEX)' })
      .first()
      .click();
    await page.locator('.offcanvas.show').getByRole('button', { name: 'Apply' }).waitFor();
    await screenshot(page, 'configure-bundle-options-phone');
  });
});
