import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  signInAndLand,
  useOwnApp,
} from '../../fixtures.ts';

// On an app of its own: it puts the whole app into maintenance mode.
useOwnApp();

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

const MESSAGE = 'Upgrading the price book; back by 14:00 UTC.';

async function signedInPage(email: string, landing: string) {
  const page = await newPage(browser);
  await signInAndLand(page, email, landing);
  return page;
}

/** Whatever happened above, the app the next test files use is not left in maintenance. */
async function turnMaintenanceOff(page: Page) {
  const status = await page.evaluate(async () => {
    const response = await fetch('/api/security/maintenance_mode', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
    return response.status;
  });
  expect(status).toBe(200);
}

describe('maintenance mode', () => {
  it('moves a signed-in salesperson to the maintenance page and back', async () => {
    const seller = await signedInPage('sales@bastion.test', '/cpq/grid/quotes/ref');
    const root = await signedInPage('root@bastion.test', '/cpq/grid/quotes/ref');
    try {
      await root.getByRole('button', { name: /root@bastion\.test/ }).click();
      await root.getByRole('button', { name: 'Maintenance mode…' }).click();
      const dialog = root.getByRole('dialog', { name: 'Maintenance mode' });
      await dialog.getByLabel('Maintenance mode is on').check();
      await dialog.getByLabel('Message for users').fill(MESSAGE);
      await screenshot(root, 'maintenance-control', { fullPage: false });
      await dialog.getByRole('button', { name: 'Turn maintenance on' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const adminBanner = root.getByRole('alert').filter({ hasText: 'Maintenance mode is on' });
      await expect(adminBanner.innerText()).resolves.toContain(
        'other users see the maintenance page.',
      );
      await screenshot(root, 'maintenance-admin-banner', { fullPage: false });

      // The salesperson's next call is refused with the message: the page switches at once. That
      // call is the click, or the session poll (every 4 s here) when it comes first: then the
      // sidebar is gone before the click, which is given up.
      const maintenancePage = seller.getByRole('heading', {
        name: 'Bastion CPQ is under maintenance',
      });
      const approvalsLink = seller
        .locator('nav[aria-label="Sidebar"]')
        .getByRole('link', { name: 'Approvals' });
      await Promise.race([
        approvalsLink.click({ timeout: 10_000 }).catch(() => undefined),
        maintenancePage.waitFor(),
      ]);
      await maintenancePage.waitFor();
      await seller.getByText(MESSAGE).waitFor();
      await expect(seller.getByText(MESSAGE).count()).resolves.toBe(1);
      await screenshot(seller, 'maintenance-page', { fullPage: false });
      // A reload keeps it: the session read says maintenance is on.
      await seller.reload();
      await seller.getByRole('heading', { name: 'Bastion CPQ is under maintenance' }).waitFor();
      await seller.getByText(MESSAGE).waitFor();

      await adminBanner.getByRole('button', { name: 'Turn off' }).click();
      await adminBanner.waitFor({ state: 'detached' });
      await seller.reload();
      // Back in the app, on the page the switch found them on: Approvals when the click came
      // first, the quotes grid when the session poll did.
      await seller.locator('nav[aria-label="Sidebar"]').waitFor();
      await seller.locator('main h1').first().waitFor();
      await expect(
        seller.getByRole('heading', { name: 'Bastion CPQ is under maintenance' }).count(),
      ).resolves.toBe(0);
    } finally {
      await turnMaintenanceOff(root);
      await seller.context().close();
      await root.context().close();
    }
  });
});
