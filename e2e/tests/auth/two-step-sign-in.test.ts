import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  DEMO_PASSWORD,
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  signInThroughLoginPage,
  useOwnApp,
} from '../../fixtures.ts';

// On an app of its own: it changes the sign-in policy for everyone.
useOwnApp();

// A demo account no other browser test signs in as: its second factor is removed at the end.
const EMAIL = 'renewals@bastion.test';
// A renewal user lands on the renewals desk (decision 029).
const LANDING = '/cpq/grid/renewals/ref';

/** What the authenticator app shows `steps` periods from now (the server accepts ±1 period). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

let browser: Browser;
let recoveryCodes: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  // Put the demo account back as it was, whatever failed above: off, with a recovery code.
  const spare = recoveryCodes.at(-1);
  if (browser && spare) {
    const context = await browser.newContext({ baseURL: baseURL() });
    const headers = { origin: baseURL() };
    await context.request.post('/api/security/auth/login', {
      data: { email: EMAIL, password: DEMO_PASSWORD, otp: recoveryCodes.at(-2) },
      headers,
    });
    const off = await context.request.post('/api/security/update-mfa-enabled', {
      data: { enabled: false, code: spare },
      headers,
    });
    expect(off.status()).toBe(200);
    await context.close();
  }
  await closeBrowser(browser);
});

async function signOut(page: Page) {
  const userMenu = page.getByRole('button', { name: new RegExp(EMAIL.replace('.', '\\.')) });
  if (await userMenu.count()) await userMenu.first().click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

/** The sign-in policy, set as the root admin does on the Users screen. */
async function setPolicy(roles: string[]) {
  const context = await browser.newContext({ baseURL: baseURL() });
  const headers = { origin: baseURL() };
  await context.request.post('/api/security/auth/login', {
    data: { email: 'root@bastion.test', password: DEMO_PASSWORD },
    headers,
  });
  const answer = await context.request.post('/api/admin/update-sign-in-policy', {
    data: { mfa_required_roles: roles },
    headers,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  await context.close();
}

/** Scans the QR code (reads its key) and enters the code; answers the secret and the codes. */
async function enrolThroughPage(page: Page, options: { screenshotAs?: string } = {}) {
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  // The test is the authenticator app: it reads the key shown for apps that cannot scan.
  const secret = (await page.getByTestId('mfa-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (options.screenshotAs) await screenshot(page, options.screenshotAs);

  // A wrong code is refused with the reason, and nothing changes.
  const wrong = (await codeAt(secret)) === '000000' ? '111111' : '000000';
  await page.getByLabel('6-digit code from the app').fill(wrong);
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await page.getByText('That code does not match.').waitFor();

  await page.getByLabel('6-digit code from the app').fill(await codeAt(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  const codes = (await list.getByRole('listitem').allInnerTexts()).map((t) => t.trim());
  expect(codes).toHaveLength(10);
  return { secret, codes };
}

async function confirmCodesSaved(page: Page) {
  const done = page.getByRole('button', { name: 'Continue' });
  expect(await done.isDisabled()).toBe(true);
  await page.getByLabel('I have saved these codes somewhere safe').check();
  await done.click();
}

describe('two-step sign-in in the browser', () => {
  let secret = '';

  it('makes a user whose role requires it enrol before anything else opens', async () => {
    await setPolicy(['RENEWAL_USER']);
    try {
      const page = await newPage(browser);
      await page.goto('/login');
      await signInThroughLoginPage(page, EMAIL);
      await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
      // Any page of the app shows the same step until the second factor is set up.
      await page.goto('/cpq/grid/quotes/ref');
      await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
      await screenshot(page, 'mfa-required-step');

      const enrolled = await enrolThroughPage(page, { screenshotAs: 'mfa-enrol-qr' });
      secret = enrolled.secret;
      recoveryCodes = enrolled.codes;
      await screenshot(page, 'mfa-recovery-codes');
      await confirmCodesSaved(page);
      await page.getByRole('heading', { name: 'Quotes', level: 1 }).waitFor();
      await page.context().close();
    } finally {
      await setPolicy([]);
    }
  });

  it('asks for the code after the password, and signs in with it', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await signInThroughLoginPage(page, EMAIL);
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'login-code-step');

    await page.getByLabel('Code').fill('123 456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is not valid.').waitFor();

    // Enrolment spent this period's code; the next period's is accepted already.
    await page.getByLabel('Code').fill(await codeAt(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === LANDING);
    await signOut(page);
    await page.context().close();
  });

  it('signs in with a recovery code once', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await signInThroughLoginPage(page, EMAIL);
    await page.getByLabel('Code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === LANDING);
    await page.goto('/cpq/user-profile/ref/security');
    await page.getByText('9 of 10 recovery codes left.').waitFor();
    await signOut(page);

    await signInThroughLoginPage(page, EMAIL);
    await page.getByLabel('Code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is not valid.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('turns off and on again from the profile', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await signInThroughLoginPage(page, EMAIL);
    await page.getByLabel('Code').fill(recoveryCodes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === LANDING);

    await page.goto('/cpq/user-profile/ref/security');
    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByLabel('Code').fill(recoveryCodes[2]!);
    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByText('Two-step sign-in is off.').waitFor();

    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    const enrolled = await enrolThroughPage(page);
    recoveryCodes = enrolled.codes;
    await confirmCodesSaved(page);
    await page.getByText('Two-step sign-in is on.').waitFor();
    await page.getByText('10 of 10 recovery codes left.').waitFor();
    await screenshot(page, 'profile-security-mfa-on');
    await page.context().close();
  });
});
