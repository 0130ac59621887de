import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCAL_CLIENT_ID,
  LOCAL_CLIENT_SECRET,
  startLocalOpenIdProvider,
  type LocalOpenIdProvider,
} from '../../../apps/server/src/features/google-sign-in/local-openid-provider.ts';
import { closeBrowser, launchBrowser, newPage, screenshot, startOwnApp } from '../../fixtures.ts';
import type { RunningApp } from '../../global-setup.ts';

/*
 * Google sign-in in the browser, against a local OpenID provider (oidc-provider) standing in
 * for Google: an app of its own is started with the provider configured as its Google issuer.
 */

// Unset when a start failed; afterAll must not hide that error behind its own.
let browser: Browser;
let idp: LocalOpenIdProvider;
let app: RunningApp;

beforeAll(async () => {
  browser = await launchBrowser();
  idp = await startLocalOpenIdProvider();
  app = await startOwnApp((baseURL) => ({
    GOOGLE_ISSUER: idp.issuer,
    GOOGLE_CLIENT_ID: LOCAL_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: LOCAL_CLIENT_SECRET,
    PUBLIC_URL: baseURL,
  }));
  idp.acceptRedirectsTo(`${app.baseURL}/api/security/oauth/google`);
}, 120_000);

afterAll(async () => {
  await closeBrowser(browser);
  await app?.stop();
  await idp?.stop();
});

/** A fresh browser context on the Google-configured app. */
async function googleAppPage(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: app.baseURL,
    viewport: { width: 1400, height: 900 },
  });
  return context.newPage();
}

/** At the provider: its development sign-in page, then its consent page. */
async function signInAtProvider(page: Page, email: string) {
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('Google sign-in against a local OpenID provider', () => {
  it('signs a salesperson in through the provider and lands on their first menu', async () => {
    const page = await googleAppPage();
    await page.goto('/login');
    const button = page.getByRole('link', { name: 'Sign in with Google' });
    await button.waitFor();
    await screenshot(page, 'google-sign-in-login-page');
    await button.click();
    await signInAtProvider(page, 'sales@bastion.test');
    await page.waitForURL((url) => url.pathname === '/cpq/grid/quotes/ref');
    await expect(page.getByRole('heading', { level: 1 }).first().innerText()).resolves.toBe(
      'Quotes',
    );

    // /profile shows who is signed in, and how.
    await page.goto('/profile');
    await page.getByText('Last signed in with Google').waitFor();
    await expect(page.locator('dl').innerText()).resolves.toContain(
      'Local Provider User, sales@bastion.test',
    );
    await screenshot(page, 'google-sign-in-profile');
    await page.context().close();
  });

  it('returns to the page the user asked for before signing in', async () => {
    const page = await googleAppPage();
    await page.goto('/cpq/grid/quote-approvals/ref');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await signInAtProvider(page, 'sales@bastion.test');
    await page.waitForURL((url) => url.pathname === '/cpq/grid/quote-approvals/ref');
    await page.context().close();
  });

  it('refuses an e-mail without an account and says so on the login page', async () => {
    const page = await googleAppPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await signInAtProvider(page, 'stranger@bastion.test');
    await page.waitForURL(
      (url) =>
        url.pathname === '/login' && url.searchParams.get('google_error') === 'unknown_account',
    );
    const alert = page.getByRole('alert');
    await expect(alert.innerText()).resolves.toContain(
      'There is no Bastion CPQ account for that Google account',
    );
    await screenshot(page, 'google-sign-in-unknown-account');
    // Still signed out: the password form is there to use instead.
    await page.getByLabel('Password').waitFor();
    await page.context().close();
  });

  it('shows no Google button where Google sign-in is not configured', async () => {
    const page = await newPage(browser);
    // The options answer decides; wait for it before counting the buttons.
    const options = page.waitForResponse((r) => r.url().endsWith('/api/security/oauth/providers'));
    await page.goto('/login');
    await page.getByLabel('Password').waitFor();
    expect(await (await options).json()).toEqual({ code: 200, data: { google: false } });
    expect(await page.getByRole('link', { name: 'Sign in with Google' }).count()).toBe(0);
    await page.context().close();
  });
});
