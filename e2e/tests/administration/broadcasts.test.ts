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
import { apiData } from '../quotes/quote-api.ts';
import { signIn } from '../quotes/quote-helpers.ts';

// On an app of its own: its broadcasts reach every signed-in user.
useOwnApp();

/*
 * Issue 19's "done when" for broadcasts: an IT admin publishes a critical message; a salesperson
 * who is already signed in sees it within one poll (the e2e server polls every 4 s), and the
 * unread count falls as they read and dismiss.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

// The bell counts broadcasts and the user's own notifications (issue 37) together.
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

async function unreadCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) unread/.exec(label)?.[1] ?? 0);
}

describe('broadcast messages', () => {
  it('a critical broadcast reaches a signed-in user within one poll; reading lowers the count', async () => {
    const seller = await newPage(browser);
    // On a page of the app: its bell and its poll are what is tested.
    await signInAndLand(seller, 'sales@bastion.test', '/cpq/grid/quotes/ref');
    // What the server counts now (the bell may not have asked yet).
    const broadcasts = await apiData<{ unread_count: number }>(
      seller,
      '/api/dx/get-my-broadcast-count',
      {},
    );
    const notifications = await apiData<{ unread_count: number }>(
      seller,
      '/api/dx/my-notification-count',
      {},
    );
    const before = broadcasts.unread_count + notifications.unread_count;
    await expect.poll(() => unreadCount(seller), { timeout: 15_000 }).toBe(before);

    const admin = await newPage(browser, { width: 1400, height: 1100 });
    await signIn(admin, 'itadmin@bastion.test');
    await admin.goto('/cpq/manage-broadcast/all/ref');
    await admin.getByRole('heading', { level: 1, name: /Broadcast/ }).waitFor();
    await admin.getByRole('button', { name: 'New broadcast' }).click();
    const title = `Price list change ${Date.now()}`;
    await admin.getByLabel('Title').fill(title);
    await admin
      .getByLabel('Message (Markdown)')
      .fill('New **list prices** apply from 1 January.\n\n<script>alert(1)</script>');
    await admin.getByRole('radio', { name: /^Critical/ }).check();
    await admin
      .getByRole('region', { name: 'Preview' })
      .locator('strong', { hasText: 'list prices' })
      .first()
      .waitFor();
    await screenshot(admin, 'broadcast-editor', { fullPage: false });
    await admin.getByRole('button', { name: 'Create broadcast' }).click();
    // The grid's own cell: the admin's banner and the row's Edit button carry the title too.
    await admin.getByRole('cell', { name: title, exact: true }).waitFor();

    // No reload: the banner comes with the next poll.
    const banner = seller.getByRole('region', { name: 'Critical messages' });
    await banner.getByText(title).waitFor({ timeout: 15_000 });
    // Markdown is rendered; raw HTML stays text, never a script.
    expect(await banner.locator('strong').first().innerText()).toBe('list prices');
    expect(await banner.locator('script').count()).toBe(0);
    await expect.poll(() => unreadCount(seller), { timeout: 15_000 }).toBe(before + 1);
    await screenshot(seller, 'broadcast-critical-banner', { fullPage: false });

    // Reading the other messages in the bell lowers the count one by one.
    await bell(seller).click();
    const panel = seller.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText(title).first().waitFor();
    await screenshot(seller, 'broadcast-bell-panel', { fullPage: false });
    const markButtons = panel.getByRole('button', { name: /^Mark “.*” as read$/ });
    const unreadBefore = await unreadCount(seller);
    await panel.getByRole('button', { name: `Mark “${title}” as read` }).click();
    await expect.poll(() => unreadCount(seller)).toBe(unreadBefore - 1);
    expect(await panel.getByRole('button', { name: `Mark “${title}” as read` }).count()).toBe(0);
    // Read is not dismissed: a critical message stays until dismissed.
    await seller.keyboard.press('Escape');
    await banner.getByText(title).waitFor();
    await banner.getByRole('button', { name: `Dismiss “${title}”` }).click();
    await expect.poll(() => banner.getByText(title).count()).toBe(0);
    await seller.reload();
    await bell(seller).waitFor();
    expect(
      await seller.getByRole('region', { name: 'Critical messages' }).getByText(title).count(),
    ).toBe(0);
    expect(await markButtons.count()).toBeGreaterThanOrEqual(0);

    // Everyone else's count went up too; end it so later tests start clean.
    await admin.goto('/cpq/manage-broadcast/all/ref');
    await admin.getByText(title).first().click();
    const endThis = `End now: broadcast ${title}`;
    const end = admin.getByRole('button', { name: endThis });
    if ((await end.count()) > 0) {
      await end.click();
      await admin
        .getByRole('alertdialog', { name: endThis })
        .getByRole('button', { name: 'End now', exact: true })
        .click();
    }
    await seller.context().close();
    await admin.context().close();
  }, 120_000);
});
