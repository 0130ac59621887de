import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

describe('forgotten passwords', () => {
  it('asks for reset instructions from the sign-in page', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot');
    await page.getByLabel('Email').fill('sales@bastion.test');
    await page.getByRole('button', { name: 'Send instructions' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe(
      'If an account exists for that address, we have sent instructions.',
    );
    await screenshot(page, 'forgot-password-sent');
    await page.context().close();
  });

  it('checks the new password in the page, then says when the link is not valid', async () => {
    const page = await newPage(browser);
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('different');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Use at least 12 characters.').isVisible()).resolves.toBe(true);
    await expect(page.getByText('The passwords do not match.').isVisible()).resolves.toBe(true);
    await screenshot(page, 'reset-password-problems');

    await page.getByLabel('New password', { exact: true }).fill('A-long-enough-passphrase-9');
    await page.getByLabel('Confirm new password').fill('A-long-enough-passphrase-9');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe(
      'This password reset link is invalid or has expired. Ask for a new one.',
    );
    await screenshot(page, 'reset-password-invalid-link');
    await page.context().close();
  });
});
