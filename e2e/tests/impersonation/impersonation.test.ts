import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
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

/** A JSON POST from inside the page, with its cookie: what the app itself would send. */
function postFromPage(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { data?: unknown } };
    },
    { path, body },
  );
}

const banner = (page: Page) => page.getByRole('alert').filter({ hasText: 'You are acting as' });

describe('acting as another user', () => {
  it('shows the banner on every page, records changes, and returns with one click', async () => {
    const page = await newPage(browser);
    await signInThroughApi(page, 'root@bastion.test');

    await page.goto('/cpq/user-detail/sales%40bastion.test/ref');
    await page.getByRole('button', { name: 'Act as this user' }).click();
    // A full reload lands on the salesperson's first page.
    await page.waitForURL((url) => url.pathname === '/cpq/grid/quotes/ref');
    await expect(banner(page).innerText()).resolves.toMatch(
      /You are acting as .*sales@bastion\.test.*Actions are recorded as made by you on their behalf\./s,
    );
    await expect(page.getByRole('button', { name: /sales@bastion\.test/ }).count()).resolves.toBe(
      1,
    );
    await screenshot(page, 'impersonation-banner-quotes', { fullPage: false });

    // Another page: the banner stays.
    await page
      .locator('nav[aria-label="Sidebar"]')
      .getByRole('link', { name: 'Approvals' })
      .click();
    await page.waitForURL((url) => url.pathname.includes('approvals'));
    await banner(page).waitFor();
    await screenshot(page, 'impersonation-banner-approvals', { fullPage: false });

    // A change made as the salesperson: a delegation planned far ahead, then withdrawn, so the
    // demo data is as it was (the audit log keeps both, with both users' ids).
    const candidates = await postFromPage(page, '/api/dx/delegations/candidates', {
      search: 'dealdesk',
    });
    const delegate = (candidates.body.data as { users: { id: string }[] }).users[0];
    expect(delegate).toBeDefined();
    const day = 86_400_000;
    const created = await postFromPage(page, '/api/dx/delegations/create', {
      delegate_user_id: delegate!.id,
      starts_at: new Date(Date.now() + 300 * day).toISOString(),
      ends_at: new Date(Date.now() + 301 * day).toISOString(),
      reason: 'Made while an administrator acted as me',
    });
    expect(created.status).toBe(200);
    const ended = await postFromPage(page, '/api/dx/delegations/end', {
      id: (created.body.data as { id: string }).id,
    });
    expect(ended.status).toBe(200);

    await banner(page).getByRole('button', { name: 'Return to my account' }).click();
    await page.waitForURL((url) => !url.pathname.includes('approvals'));
    await page.getByRole('button', { name: /root@bastion\.test/ }).waitFor();
    await expect(banner(page).count()).resolves.toBe(0);
    await screenshot(page, 'impersonation-returned', { fullPage: false });

    // The salesperson's history names the administrator who acted as them.
    await page.goto('/cpq/user-detail/sales%40bastion.test/ref');
    await page.getByRole('tab', { name: 'Change history' }).click();
    await page
      .getByText(/impersonation[ .]started/i)
      .first()
      .waitFor();
    await page
      .getByText(/impersonation[ .]stopped/i)
      .first()
      .waitFor();
    await screenshot(page, 'impersonation-user-history', { fullPage: false });
    await page.context().close();
  });
});
