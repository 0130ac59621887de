import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import { signIn } from '../quotes/quote-helpers.ts';

/* Issue 37 (decision 042): a user chooses, on their profile, which notifications also mail them. */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await closeBrowser(browser);
});

describe('notification choices', () => {
  it('keeps a switched-off e-mail choice, on a phone', async () => {
    const page = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, 'emea@bastion.test');
    await page.goto('/cpq/user-profile/ref/notifications');
    const rejected = page.getByLabel('Your quote is rejected: also by e-mail');
    await rejected.waitFor();
    expect(await rejected.isChecked()).toBe(true);
    expect(await page.getByLabel('Your quote is about to expire: also by e-mail').isChecked()).toBe(
      false,
    );
    await rejected.uncheck();
    await expect.poll(() => rejected.isChecked()).toBe(false);
    await screenshot(page, 'notification-preferences-390');
    await page.reload();
    await rejected.waitFor();
    expect(await rejected.isChecked()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.context().close();
  }, 60_000);
});
