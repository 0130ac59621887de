import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  sidebarLinks,
  signInAndLand,
  useOwnApp,
} from '../../fixtures.ts';
import { SUBSCRIPTION_SKU } from '../approvals/approval-helpers.ts';
import { apiData, createDirectQuote } from '../quotes/quote-api.ts';
import { addProducts, signIn } from '../quotes/quote-helpers.ts';

// On an app of its own: it switches an application setting off for everyone.
useOwnApp();

/*
 * Issue 19's "done when" for application settings: an IT admin turns cpq_renewals_trueups off
 * on the settings page and the renewals menu of a renewals user who is signed in goes away at the
 * next poll (the e2e server polls every 4 s), without a reload; on again, it comes back.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

/** The sidebar entry's name (sidebarLinks reads names). */
const RENEWALS_MENU = 'Renewals & True-ups';

async function setSwitch(admin: Page, label: string, on: boolean) {
  const control = admin
    .getByRole('switch', { name: label, exact: true })
    .or(admin.getByRole('checkbox', { name: label, exact: true }));
  await control.setChecked(on);
  await admin.getByRole('button', { name: `Save ${label}` }).click();
}

describe('application settings', () => {
  it('turning renewals off hides the menu of a signed-in renewals user at the next poll', async () => {
    const renewals = await newPage(browser);
    // On a page of the app: its poll is what takes the menu away.
    await signInAndLand(renewals, 'renewals@bastion.test', '/cpq/grid/renewals/ref');
    expect(await sidebarLinks(renewals)).toContain(RENEWALS_MENU);

    const admin = await newPage(browser, { width: 1400, height: 1300 });
    await signIn(admin, 'itadmin@bastion.test');
    await admin.goto('/cpq/app-settings');
    await admin.getByRole('heading', { level: 1, name: /settings/i }).waitFor();
    await screenshot(admin, 'app-settings');
    try {
      await setSwitch(admin, 'Renewals & true-ups', false);
      await admin
        .getByText(/Last changed by .*itadmin@bastion\.test|Ivan Tech/)
        .first()
        .waitFor();

      // No reload: the next poll re-reads the session, and the menu goes.
      await expect
        .poll(() => sidebarLinks(renewals), { timeout: 15_000 })
        .not.toContain(RENEWALS_MENU);
      await screenshot(renewals, 'app-settings-renewals-menu-gone', { fullPage: false });

      await setSwitch(admin, 'Renewals & true-ups', true);
      await expect.poll(() => sidebarLinks(renewals), { timeout: 15_000 }).toContain(RENEWALS_MENU);
    } finally {
      await apiData(admin, '/api/admin/update-app-setting', {
        name: 'cpq_renewals_trueups',
        value: 'enable',
      });
    }
    await renewals.context().close();
    await admin.context().close();
  }, 90_000);

  it('with price adjustment on, a seller types a unit list price and the line is priced at it', async () => {
    const admin = await newPage(browser);
    await signIn(admin, 'itadmin@bastion.test');
    await apiData(admin, '/api/admin/update-app-setting', {
      name: 'price_adjustment',
      value: 'enable',
    });
    try {
      const seller = await newPage(browser, { width: 1400, height: 1000 });
      await signIn(seller, 'sales@bastion.test');
      const id = await createDirectQuote(seller, `Typed list ${Date.now()}`);
      await seller.goto(`/cpq/configure-quote/${id}/STANDARD`);
      await addProducts(seller, [SUBSCRIPTION_SKU]);
      const netTotal = seller.getByTestId('quote-net-total');
      await expect.poll(() => netTotal.innerText()).toMatch(/\d/);
      const before = await netTotal.innerText();

      const unitList = seller.getByRole('textbox', {
        name: `Unit list price for ${SUBSCRIPTION_SKU}`,
        exact: true,
      });
      await unitList.fill('100.00');
      await unitList.press('Tab');
      await expect.poll(() => netTotal.innerText()).not.toBe(before);
      expect(await netTotal.innerText()).toContain('100.00');
      await screenshot(seller, 'configure-typed-unit-list', { fullPage: false });

      // Reset goes back to the catalogue price.
      await seller
        .getByRole('button', {
          name: `Reset unit list price for ${SUBSCRIPTION_SKU} to the catalogue price`,
        })
        .click();
      await expect.poll(() => netTotal.innerText()).toBe(before);
      await seller.context().close();
    } finally {
      await apiData(admin, '/api/admin/update-app-setting', {
        name: 'price_adjustment',
        value: 'disabled',
      });
    }
    await admin.context().close();
  }, 90_000);
});
