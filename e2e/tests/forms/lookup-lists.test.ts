import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  signInAndLand,
  signInThroughApi,
} from '../../fixtures.ts';

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

describe('the lookup lists of the configuration page', () => {
  it('adds a shipping region that the shipping form then offers', async () => {
    const page = await newPage(browser);
    await signInAndLand(page, 'root@bastion.test', '/cpq/grid/quotes/ref');
    await page
      .locator('nav[aria-label="Sidebar"]')
      .getByRole('link', { name: 'Configuration' })
      .click();
    await page.waitForURL((url) => url.pathname === '/cpq/config-admin');

    await page.getByRole('tab', { name: 'Lists' }).click();
    await page.getByLabel('List', { exact: true }).selectOption({ label: 'Shipping regions' });
    await page.getByRole('heading', { name: 'Shipping regions' }).waitFor();
    const table = page.getByRole('table', { name: 'Values of Shipping regions' });
    expect(await table.getByLabel('Label of EMEA').inputValue()).toBe(
      'Europe, Middle East & Africa',
    );

    // A code already in the list is refused before anything is sent.
    await page.getByLabel('Code of the new value').fill('emea');
    await page.getByText('EMEA is already in the list: change its label above.').waitFor();
    expect(await page.getByRole('button', { name: 'Add value' }).isDisabled()).toBe(true);

    await page.getByLabel('Code of the new value').fill('ME');
    await page.getByLabel('Label of the new value').fill('Middle East');
    await page.getByRole('button', { name: 'Add value' }).click();
    await page.getByRole('status').filter({ hasText: 'Added ME' }).waitFor();
    expect(await table.getByLabel('Label of ME').inputValue()).toBe('Middle East');
    expect(await table.getByLabel('Offer ME').isChecked()).toBe(true);
    await screenshot(page, 'lookup-lists-added-region');

    // Saved on the server: a fresh page shows it too.
    await page.reload();
    await page.getByRole('tab', { name: 'Lists' }).click();
    await page.getByLabel('List', { exact: true }).selectOption({ label: 'Shipping regions' });
    expect(
      await page
        .getByRole('table', { name: 'Values of Shipping regions' })
        .getByLabel('Label of ME')
        .inputValue(),
    ).toBe('Middle East');

    // The shipping form offers it at once.
    await page.getByRole('tab', { name: 'Forms' }).click();
    await page.getByRole('button', { name: /^Shipping & hardware/ }).click();
    await page.getByRole('heading', { name: 'Shipping & hardware' }).waitFor();
    await page.getByRole('button', { name: 'Add shipping line' }).click();
    await page.getByLabel('Line 1 region').selectOption({ label: 'Middle East' });
    await page.context().close();
  });

  it("shows a list's families and the server's refusal under the field", async () => {
    const page = await newPage(browser);
    await signInThroughApi(page, 'root@bastion.test');
    await page.goto('/cpq/config-admin');
    await page.getByRole('tab', { name: 'Lists' }).click();
    await page.getByLabel('List', { exact: true }).selectOption({ label: 'Contract lengths' });
    const table = page.getByRole('table', { name: 'Values of Contract lengths' });
    await table.waitFor();
    expect(await table.getByLabel('Family of 36').inputValue()).toBe('MULTI_YEAR');

    await page.getByLabel('Code of the new value').fill('-72');
    await page.getByLabel('Label of the new value').fill('72 months');
    await page.getByLabel('Family of the new value').selectOption('MULTI_YEAR');
    await page.getByRole('button', { name: 'Add value' }).click();
    await page.getByText(/^A code has up to 40 letters/).waitFor();
    await screenshot(page, 'lookup-lists-refused-code');
    expect(await table.getByLabel(/^Label of \d/).count()).toBe(5);
    await page.context().close();
  });
});
