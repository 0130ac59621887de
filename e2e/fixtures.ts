import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { E2E_APP_ENV, startBuiltApp, type RunningApp } from './global-setup.ts';

export const DEMO_PASSWORD = 'Bastion-demo-1';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SCREENSHOT_DIR = path.join(root, '.test-results/screenshots');

/** The file's own app, when it has one (ownApp); else the run's shared app. */
let ownApp: RunningApp | undefined;

export function baseURL(): string {
  return ownApp?.baseURL ?? inject('baseURL');
}

/**
 * Starts an app of the calling file's own, from a copy of the run's seeded data, for its
 * beforeAll; the file's pages (newPage, baseURL) then talk to it. Browser files run in parallel
 * against one shared app: a file that changes what every user sees (application settings,
 * maintenance mode, the sign-in policy, broadcasts, the server clock, approval rules, the
 * catalogue, clause texts, webhooks) or needs other configuration runs on its own app instead,
 * so it cannot break the files running beside it (docs/testing.md).
 */
export function startOwnApp(
  env: (baseURL: string) => Record<string, string> = () => ({}),
): Promise<RunningApp> {
  return startBuiltApp({
    env: (url) => ({ ...E2E_APP_ENV, ...env(url) }),
    dataDirTemplate: inject('templateDataDir'),
  });
}

/** The calling file runs on an app of its own (startOwnApp), started before its tests. */
export function useOwnApp(env?: (baseURL: string) => Record<string, string>) {
  beforeAll(async () => {
    ownApp = await startOwnApp(env);
  }, 120_000);
  afterAll(async () => {
    await ownApp?.stop();
    ownApp = undefined;
  });
}

let workerBrowser: Promise<Browser> | undefined;

const CHROMIUM_LAUNCHER = path.join(root, 'e2e/chromium.sh');

/**
 * Browser UI no test sees. Each window loads the address bar's suggestion popup as a web page
 * of its own (WebUI, in its own renderer) when its tab navigates: measured on 2026-12-03, 40 % of
 * Chromium's CPU in a sign-in and two page loads, paid again in every test's new context.
 */
const UNSEEN_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/**
 * Debian's Chromium with the flags this workplace needs; never a downloaded browser. One per
 * test worker, shared by the files it runs one after another (the e2e project does not isolate
 * them): a launch costs about a second of the two CI cores, once per worker instead of once per
 * file. Each file hands it back with closeBrowser; the worker's exit closes it.
 */
export async function launchBrowser(): Promise<Browser> {
  const launched = await workerBrowser;
  if (launched?.isConnected()) return launched;
  workerBrowser = chromium.launch({
    // CHROMIUM_PATH or /usr/bin/chromium, through a script that keeps Playwright's disabled
    // features beside ours (Chromium reads only the last --disable-features).
    executablePath: CHROMIUM_LAUNCHER,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${UNSEEN_BROWSER_UI.join(',')}`,
    ],
  });
  // A failed launch is the file's error, and the next file tries again.
  workerBrowser.catch(() => (workerBrowser = undefined));
  return workerBrowser;
}

/**
 * A file's afterAll: closes every context the file opened (its pages, cookies and storage), so
 * the next file on the worker starts with none; the browser stays for it. Undefined when the
 * launch failed: beforeAll's error is the one to see.
 */
export async function closeBrowser(browser: Browser | undefined) {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}

export async function newPage(browser: Browser, viewport = { width: 1400, height: 900 }) {
  // Reduced motion: Bootstrap then skips its fades and slides, frames the two CI cores would
  // otherwise render for every dialog, panel and toast.
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport,
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

export async function signInThroughLoginPage(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs the page's context in through the login call (page.request shares the context's cookies)
 * and leaves the page where it is: for tests whose subject is not the login page. A sign-in on
 * the login page costs 1.3 to 2.3 s (its bootstrap, the form, then the landing page), the call
 * 0.05 to 0.15 s.
 */
export async function signInThroughApi(page: Page, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post('/api/security/auth/login', {
    data: { email, password },
  });
  expect(response.status(), `${email}: ${await response.text()}`).toBe(200);
}

/**
 * Signs in through the API and opens `path`; by default the user's landing page, where `/` sends
 * a signed-in user. A known path skips the login route's code and its redirect (about 0.1 s).
 */
export async function signInAndLand(page: Page, email: string, path = '/') {
  await signInThroughApi(page, email);
  await page.goto(path);
  if (path === '/') await page.waitForURL((url) => url.pathname !== '/');
}

export async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.locator('nav[aria-label="Sidebar"]');
  await nav.waitFor();
  // The collapsed sidebar shows icons only, so read each link's accessible name, not its text.
  return nav.getByRole('link').evaluateAll((links) =>
    links
      .map((l) => {
        // A count badge (pending approvals) is part of the link, not of its menu's name.
        const copy = l.cloneNode(true) as Element;
        copy.querySelectorAll('.badge').forEach((badge) => badge.remove());
        return (l.getAttribute('aria-label') ?? copy.textContent ?? '').trim();
      })
      .filter(Boolean),
  );
}

/**
 * Pictures for people to look at, taken only when asked (`E2E_SCREENSHOTS=1`): a run's 240 PNGs
 * cost a tenth of the browser tier's time (measured 2026-12-07: 334 s instead of 372 s), and
 * nobody looks at a CI run's (docs/testing.md, "Screenshots").
 */
export const SCREENSHOTS_TAKEN = process.env.E2E_SCREENSHOTS === '1';

/** The whole page, or (fullPage false) what is in view: panels over a long page need that. */
export async function screenshot(page: Page, name: string, options = { fullPage: true }) {
  if (!SCREENSHOTS_TAKEN) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), ...options });
}
