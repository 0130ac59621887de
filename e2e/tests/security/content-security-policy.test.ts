import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  signInThroughApi,
  signInThroughLoginPage,
} from '../../fixtures.ts';
import { quoteOnSummary } from '../approvals/approval-helpers.ts';

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

/**
 * Every Content-Security-Policy violation the page meets, from both of Chromium's channels: the
 * `securitypolicyviolation` event (recorded into window, so each check reads the document it is
 * on) and the console line Chromium writes for each refusal.
 */
async function watchedPage(): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  const page = await newPage(browser);
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  const violations = async () => [
    ...fromConsole,
    ...(await page.evaluate(
      () => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [],
    )),
  ];
  return { page, violations };
}

/** The policy is what the browser enforces: make sure it is the one the server sends. */
function expectPolicy(response: Response | null) {
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
}

/** Through the login page: the seller's walk checks signing in under the policy too. */
async function signIn(page: Page, email: string, landing: string) {
  expectPolicy(await page.goto('/login'));
  await signInThroughLoginPage(page, email);
  await page.waitForURL((url) => url.pathname === landing);
}

/** Signed in through the API, on `path`: for the pages after the sign-in. */
async function openSignedIn(page: Page, email: string, path: string) {
  await signInThroughApi(page, email);
  expectPolicy(await page.goto(path));
}

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { name, exact: true, level: 1 });

describe('the Content-Security-Policy', () => {
  it('is enforced: an injected inline script is refused and reported', async () => {
    const { page, violations } = await watchedPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const hasRun = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true;';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { inlineRan?: boolean }).inlineRan === true;
    });
    expect(hasRun).toBe(false);
    // Both channels saw it: the checks below would notice a real violation.
    await expect
      .poll(violations)
      .toEqual([
        expect.stringContaining('Content Security Policy'),
        'script-src-elem blocked inline',
      ]);
    await page.context().close();
  });

  it('lets a seller sign in and take a quote from the grid through configure to its summary', async () => {
    const { page, violations } = await watchedPage();
    await signIn(page, 'sales@bastion.test', '/cpq/grid/quotes/ref');
    await heading(page, 'Quotes').waitFor();
    expect(await violations()).toEqual([]);

    // Create, configure (with the Add products panel), shipping, terms and summary pages.
    const quoteId = await quoteOnSummary(page, 'CSP check', '5');
    await heading(page, 'Quote summary').waitFor();
    expect(await violations()).toEqual([]);

    await page.goto(`/cpq/configure-quote/${quoteId}/STANDARD`);
    await heading(page, 'Configure quote').waitFor();
    await page.getByText('BX-100F-TP').first().waitFor();
    expect(await violations()).toEqual([]);

    // The A4 print view: its letterhead, border and page numbers are stylesheet rules too.
    await page.goto(`/cpq/quote-summary/${quoteId}/STANDARD`);
    await heading(page, 'Quote summary').waitFor();
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'csp-summary-print');
    await page.emulateMedia({ media: 'screen' });
    expect(await violations()).toEqual([]);

    await page.goto('/cpq/grid/quotes/ref');
    await page.getByRole('table', { name: 'Quotes' }).getByText('CSP check').waitFor();
    // Bootstrap's styles and icon font come from /assets: styling must survive the policy.
    const newQuote = page.getByRole('link', { name: 'New quote' });
    expect(await newQuote.evaluate((link) => getComputedStyle(link).borderRadius)).not.toBe('0px');
    const hasIconFont = await page.evaluate(async () => {
      await document.fonts.ready;
      return document.fonts.check('16px bootstrap-icons');
    });
    expect(hasIconFont).toBe(true);
    await screenshot(page, 'csp-quotes-grid');
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('lets a catalogue administrator open the catalogue', async () => {
    const { page, violations } = await watchedPage();
    await openSignedIn(page, 'catalog@bastion.test', '/commcat/grid/catalog/ref');
    await heading(page, 'Product catalog').waitFor();
    await page.getByRole('table').first().waitFor();
    await screenshot(page, 'csp-catalog');
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('lets a root administrator open approval admin, the workflow diagram and the terms admin', async () => {
    const { page, violations } = await watchedPage();
    await openSignedIn(page, 'root@bastion.test', '/cpq/manage-approval-admin/new/ref');
    await heading(page, 'Approval admin').waitFor();
    await page.getByRole('complementary', { name: 'Approval groups' }).waitFor();
    expect(await violations()).toEqual([]);
    await page.goto('/cpq/manage-workflow-template/default/ref');
    await page.getByRole('list', { name: 'Workflow diagram: Standard approval' }).waitFor();
    await screenshot(page, 'csp-workflow-diagram');
    expect(await violations()).toEqual([]);
    await page.goto('/cpq/terms-condition');
    await heading(page, 'Terms & conditions').waitFor();
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('lets an approver open the approvals queue', async () => {
    const { page, violations } = await watchedPage();
    await openSignedIn(page, 'approver@bastion.test', '/cpq/grid/quote-approvals/ref');
    await heading(page, 'Quote approvals').waitFor();
    expect(await violations()).toEqual([]);
    await page.context().close();
  });
});
