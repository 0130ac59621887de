import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  sidebarLinks,
  signInThroughLoginPage,
} from '../../fixtures.ts';

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

describe('signing in through the login page', () => {
  it.each([
    {
      email: 'sales@bastion.test',
      landing: '/cpq/grid/quotes/ref',
      heading: 'Quotes',
      groups: ['CPQ'],
      menus: ['Quotes', 'Approvals'],
    },
    {
      email: 'approver@bastion.test',
      landing: '/cpq/grid/quote-approvals/ref',
      heading: 'Quote approvals',
      groups: ['CPQ'],
      // A finance approver keeps the exchange rates (issue 35).
      menus: ['Approvals', 'Exchange rates'],
    },
    {
      email: 'catuser@bastion.test',
      landing: '/commcat/grid/catalog/ref',
      heading: 'Product catalog',
      groups: ['Commercial Catalog'],
      menus: ['Catalog', 'Price books', 'Discount schedules'],
    },
  ])(
    '$email lands on $landing and sees only its menus',
    async ({ email, landing, heading, groups, menus }) => {
      const page = await newPage(browser);
      await page.goto('/login');
      await signInThroughLoginPage(page, email);
      await page.waitForURL((url) => url.pathname === landing);
      await expect(page.getByRole('heading', { level: 1 }).first().innerText()).resolves.toBe(
        heading,
      );
      expect(await sidebarLinks(page)).toEqual(menus);
      const top = page.locator('nav[aria-label="Top"]');
      for (const group of ['CPQ', 'Commercial Catalog']) {
        expect(await top.getByRole('link', { name: group, exact: true }).count()).toBe(
          groups.includes(group) ? 1 : 0,
        );
      }
      await screenshot(page, `landing-${email.split('@')[0]}`);
      await page.context().close();
    },
  );

  it('shows one generic message for a wrong password', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await signInThroughLoginPage(page, 'sales@bastion.test', 'not-the-password');
    await expect(page.getByRole('alert').innerText()).resolves.toContain(
      'Invalid email or password.',
    );
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'login-wrong-password');
    await page.context().close();
  });

  it('opens an e-mailed unlock link on the sign-in page, which sends it with the password', async () => {
    const page = await newPage(browser);
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/security/auth/login') {
        sent.push(request.postDataJSON());
      }
    });
    await page.goto('/login?unlock=token-from-the-e-mail');
    await expect(page.getByRole('alert').innerText()).resolves.toContain(
      'Sign in with your password to unlock your account.',
    );
    await signInThroughLoginPage(page, 'sales@bastion.test');
    // This account is not paused, so the link is not needed and the sign-in goes ahead.
    await page.waitForURL((url) => url.pathname === '/cpq/grid/quotes/ref');
    expect(sent).toEqual([
      {
        email: 'sales@bastion.test',
        password: DEMO_PASSWORD,
        unlock_token: 'token-from-the-e-mail',
      },
    ]);
    await page.context().close();
  });

  it('sends a signed-out visitor of a deep link to /login and back there after signing in', async () => {
    const page = await newPage(browser);
    const deepLink = '/cpq/quote-summary/123/STANDARD';
    await page.goto(deepLink);
    await page.waitForURL((url) => url.pathname === '/login');
    await signInThroughLoginPage(page, 'sales@bastion.test');
    await page.waitForURL((url) => url.pathname === deepLink);
    await page.context().close();
  });

  it('signs out on the server, so the app asks for a sign-in again', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await signInThroughLoginPage(page, 'sales@bastion.test');
    await page.waitForURL((url) => url.pathname === '/cpq/grid/quotes/ref');
    const userMenu = page.getByRole('button', { name: /sales@bastion\.test/ });
    if (await userMenu.count()) await userMenu.first().click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/cpq/grid/quotes/ref');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.context().close();
  });

  it('shows the not-found page for an unknown route', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await signInThroughLoginPage(page, 'sales@bastion.test');
    await page.waitForURL((url) => url.pathname === '/cpq/grid/quotes/ref');
    await page.goto('/no/such/page');
    // The app reads the session before it decides what to show: wait for the page, not a frame.
    const heading = page.getByRole('heading', { name: 'Page not found' });
    await heading.waitFor();
    expect(await heading.isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    await screenshot(page, 'not-found');
    await page.context().close();
  });
});
