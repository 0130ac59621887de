import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  launchBrowser,
  screenshot,
  signInAndLand,
  signInThroughApi,
  signInThroughLoginPage,
  startOwnApp,
} from '../../fixtures.ts';
import type { RunningApp } from '../../global-setup.ts';
import { fillAndCreateQuote } from '../quotes/quote-helpers.ts';

/*
 * User administration in the browser (issue 16): an administrator creates a salesperson limited
 * to EMEA, who sets their password through the e-mailed link and then sees EMEA quotes only; and
 * the guard rails (granting a role one lacks, disabling oneself).
 *
 * The set-password link is single-use, so the Outbox page never shows its body. To read it as the
 * new hire would, this file runs its own copy of the demo app that sends mail through an SMTP
 * server started here (as the server's approval-mail test does). It changes nothing in the app
 * the other browser tests share.
 */

interface Received {
  to: string[];
  text: string;
}

const received: Received[] = [];

/** The body of a plain-text message, quoted-printable undone. */
function bodyOf(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const text = /^Content-Transfer-Encoding: quoted-printable/im.test(head)
    ? Buffer.from(
        body
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8')
    : body;
  return text.replace(/\r\n/g, '\n');
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        text: bodyOf(Buffer.concat(chunks).toString('utf8')),
      });
      callback();
    });
  },
});

const PASSWORD = 'Bastion-demo-1';
const NEW_HIRE_PASSWORD = 'Emea-new-hire-passphrase-7';
const newHire = `e2e-emea-${Date.now().toString(36)}@bastion.test`;

// Unset when Chromium or the app failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
let app: RunningApp;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  app = await startOwnApp(() => ({ SMTP_URL: smtpUrl }));
  browser = await launchBrowser();
});

afterAll(async () => {
  await closeBrowser(browser);
  await app?.stop();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

/** A fresh browser context on this file's app, wide enough for the grids' region column. */
async function freshPage(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: app.baseURL,
    viewport: { width: 1500, height: 950 },
  });
  return context.newPage();
}

/** Through the login page: the new hire's first sign-in with the password they set. */
async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await signInThroughLoginPage(page, email, password);
  await page.waitForURL((url) => url.pathname.startsWith('/cpq/'));
}

/** A grid's rows on its first page (quotes or opportunities): name and region. */
async function gridRows(
  page: Page,
  module: 'quotes' | 'opportunities',
): Promise<{ name: string; region: string }[]> {
  await page.goto(`/cpq/grid/${module}/ref`);
  const table = page.getByRole('table', { name: module === 'quotes' ? 'Quotes' : 'Opportunities' });
  await table.locator('tbody tr').first().waitFor();
  return table.evaluate(
    (element, nameHeader) => {
      const headers = [...element.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
      const nameAt = headers.indexOf(nameHeader);
      const regionAt = headers.indexOf('Region');
      return [...element.querySelectorAll('tbody tr')].map((tr) => {
        const cells = [...tr.children].map((cell) => cell.textContent?.trim() ?? '');
        return { name: cells[nameAt] ?? '', region: cells[regionAt] ?? '' };
      });
    },
    module === 'quotes' ? 'Name' : 'Opportunity',
  );
}

/** The deal desk quotes the first opportunity of a region; resolves when the quote exists. */
async function quoteInRegion(page: Page, region: string, name: string) {
  await page.goto(`/cpq/grid/opportunities/ref?region=${encodeURIComponent(region)}`);
  const rows = page.locator('table.data-grid tbody tr');
  await rows.first().waitFor();
  await rows.first().getByRole('button', { name: 'Create quote' }).click();
  await page.getByLabel('Quote name').waitFor();
  await fillAndCreateQuote(page, { name, type: 'STANDARD' });
}

/** The set-password link e-mailed to `email`, once it has arrived. */
async function setPasswordTokenFor(email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mail = received.find((m) => m.to.includes(email));
    const token = mail ? /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1] : undefined;
    if (token) return token;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no set-password e-mail reached ${email}`);
}

/** A POST from the signed-in page, as its own scripts would make it: the status and message. */
function postFromPage(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'include',
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { message?: string };
      return { status: response.status, message: json.message ?? '' };
    },
    { path, body },
  );
}

describe('user administration', () => {
  it('creates a salesperson limited to EMEA, who sets a password and sees only EMEA deals', async () => {
    const page = await freshPage();
    await signInAndLand(page, 'root@bastion.test', '/cpq/grid/quotes/ref');

    // The Users menu leads to the grid.
    await page.locator('nav[aria-label="Sidebar"]').getByRole('link', { name: 'Users' }).click();
    await page.waitForURL((url) => url.pathname === '/cpq/grid/users/ref');
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    const grid = page.getByRole('table', { name: 'Users' });
    await grid.getByRole('link', { name: 'sales@bastion.test' }).waitFor();
    // The NA salesperson's role shows where it applies.
    const salesRow = grid.getByRole('row').filter({ hasText: 'sales@bastion.test' });
    expect(await salesRow.innerText()).toMatch(/SALES_USER · North America/);
    await screenshot(page, 'users-grid');

    // The CSV download is the browser's own download, of the users listed.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('users.csv');
    const csv = await new Promise<string>((resolve, reject) => {
      void download.createReadStream().then((stream) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        stream.on('error', reject);
      }, reject);
    });
    expect(csv).toContain('sales@bastion.test');

    // Root admins see the sign-in policy: off for every role in the demo data.
    await page.getByRole('button', { name: 'Sign-in policy' }).click();
    const policy = page.getByRole('dialog', { name: 'Sign-in policy' });
    await policy.getByRole('checkbox', { name: 'ROOT_ADMIN' }).waitFor();
    expect(await policy.getByRole('checkbox', { checked: true }).count()).toBe(0);
    await screenshot(page, 'users-sign-in-policy', { fullPage: false });
    await policy.getByRole('button', { name: 'Cancel' }).click();
    await policy.waitFor({ state: 'hidden' });

    // Filters narrow the list on the server.
    await page.getByLabel('Role', { exact: true }).selectOption('USER_ADMIN');
    await grid.getByRole('link', { name: 'useradmin@bastion.test' }).waitFor();
    await page.waitForFunction(
      () => !document.body.innerText.includes('sales@bastion.test'),
      undefined,
      { timeout: 10_000 },
    );
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // New user: a salesperson for EMEA, with a link to set the password.
    await page.getByRole('button', { name: 'New user' }).click();
    const panel = page.getByRole('dialog', { name: 'New user' });
    await panel.getByRole('textbox', { name: 'E-mail' }).fill(newHire);
    await panel.getByLabel('First name').fill('Erika');
    await panel.getByLabel('Last name').fill('Emea');
    await panel.getByRole('button', { name: 'Add role' }).click();
    await panel.getByLabel('Role', { exact: true }).selectOption('SALES_USER');
    await panel.getByLabel('Limit to').selectOption('REGION');
    await panel.getByRole('checkbox', { name: 'EMEA' }).check();
    expect(await panel.getByLabel('E-mail a link to set the password').isChecked()).toBe(true);
    await screenshot(page, 'users-new-user-panel', { fullPage: false });
    await panel.getByRole('button', { name: 'Create user' }).click();

    // On to the new user's page.
    await page.waitForURL(
      (url) => url.pathname === `/cpq/user-detail/${encodeURIComponent(newHire)}/ref`,
    );
    await page.getByRole('heading', { name: 'Erika Emea', level: 1 }).waitFor();
    await page.getByText(`Created ${newHire}.`).waitFor();
    const role = page.getByRole('combobox', { name: 'Role', exact: true });
    expect(await role.inputValue()).toBe('SALES_USER');
    expect(await page.getByRole('checkbox', { name: 'EMEA' }).isChecked()).toBe(true);
    await page.getByRole('tab', { name: 'Change history' }).click();
    await page
      .getByRole('table', { name: 'Change history' })
      .getByText('root@bastion.test')
      .first()
      .waitFor();
    await screenshot(page, 'users-detail');

    // The demo data has opportunities in every region but no quotes: the deal desk quotes one
    // opportunity in EMEA and one in North America.
    const stamp = Date.now().toString(36);
    const emeaQuote = `E2E EMEA ${stamp}`;
    const northAmericaQuote = `E2E North America ${stamp}`;
    const desk = await signedInAs('dealdesk@bastion.test');
    await quoteInRegion(desk, 'EMEA', emeaQuote);
    await quoteInRegion(desk, 'North America', northAmericaQuote);
    const deskQuotes = (await gridRows(desk, 'quotes')).map((q) => q.name);
    expect(deskQuotes).toEqual(expect.arrayContaining([emeaQuote, northAmericaQuote]));
    await desk.context().close();

    // The new hire sets a password through the e-mailed link, then signs in.
    const token = await setPasswordTokenFor(newHire);
    const hire = await freshPage();
    await hire.goto(`/reset-password?token=${token}`);
    await hire.getByLabel('New password', { exact: true }).fill(NEW_HIRE_PASSWORD);
    await hire.getByLabel('Confirm new password').fill(NEW_HIRE_PASSWORD);
    await hire.getByRole('button', { name: 'Change password' }).click();
    await hire.getByText('Your password has been changed.').waitFor();
    await signIn(hire, newHire, NEW_HIRE_PASSWORD);

    // EMEA only: the EMEA quote and not the North American one; EMEA opportunities only.
    const hireQuotes = await gridRows(hire, 'quotes');
    await screenshot(hire, 'users-emea-hire-quotes');
    expect(hireQuotes.map((q) => q.name)).toContain(emeaQuote);
    expect(hireQuotes.map((q) => q.name)).not.toContain(northAmericaQuote);
    expect(hireQuotes.every((q) => q.region === 'EMEA')).toBe(true);
    const hireOpportunities = await gridRows(hire, 'opportunities');
    expect(hireOpportunities.length).toBeGreaterThan(0);
    expect(hireOpportunities.every((o) => o.region === 'EMEA')).toBe(true);
    // The North American salesperson sees theirs, and not the EMEA quote.
    const sales = await signedInAs('sales@bastion.test');
    const salesQuotes = (await gridRows(sales, 'quotes')).map((q) => q.name);
    await sales.context().close();
    expect(salesQuotes).toContain(northAmericaQuote);
    expect(salesQuotes).not.toContain(emeaQuote);

    // The sign-in shows in the user's history.
    await page.goto(`/cpq/user-detail/${encodeURIComponent(newHire)}/ref`);
    await page
      .getByRole('table', { name: 'Sign-in history' })
      .getByText('Signed in', { exact: true })
      .first()
      .waitFor();
    await page.context().close();
    await hire.context().close();
  });

  it('refuses a user admin granting a role they lack, and changes nothing', async () => {
    const page = await signedInAs('useradmin@bastion.test');
    await page.goto('/cpq/grid/users/ref');
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(newHire);
    await page.getByRole('link', { name: newHire }).click();
    await page.getByRole('heading', { name: 'Erika Emea', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Add role' }).click();
    const roles = page.getByRole('combobox', { name: 'Role', exact: true });
    await roles.nth(1).selectOption('DEAL_DESK');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByRole('alert')
      .getByText('You cannot grant or remove DEAL_DESK: you do not hold it yourself.')
      .waitFor();
    await screenshot(page, 'users-grant-refused');

    // Nothing was saved: the page read afresh still shows the one role.
    await page.reload();
    await page.getByRole('heading', { name: 'Erika Emea', level: 1 }).waitFor();
    expect(await roles.count()).toBe(1);
    expect(await roles.first().inputValue()).toBe('SALES_USER');
    await page.context().close();
  });

  it('gives root no way to disable themselves, and the server refuses it too', async () => {
    const page = await signedInAs('root@bastion.test');
    await page.goto(`/cpq/user-detail/${encodeURIComponent('root@bastion.test')}/ref`);
    await page.getByRole('heading', { name: 'Account actions' }).waitFor();
    await page.getByText('This is you.').waitFor();
    expect(await page.getByRole('button', { name: /Disable/ }).count()).toBe(0);
    await expect(
      postFromPage(page, '/api/admin/set-user-disabled', {
        email: 'root@bastion.test',
        is_disabled: true,
      }),
    ).resolves.toEqual({ status: 400, message: 'You cannot disable your own account.' });

    // Tidy up: the new hire is disabled through the page, as an administrator would.
    await page.goto(`/cpq/user-detail/${encodeURIComponent(newHire)}/ref`);
    await page.getByRole('button', { name: `Disable user ${newHire}` }).click();
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await page.getByText('Disabled the user: they were signed out and cannot sign in.').waitFor();
    await page.getByRole('heading', { name: 'Erika Emea', level: 1 }).waitFor();
    await page.getByText('Disabled', { exact: true }).first().waitFor();
    await page.context().close();
  });
});

/** A fresh page signed in through the API; the caller opens the page it needs. */
async function signedInAs(email: string): Promise<Page> {
  const page = await freshPage();
  await signInThroughApi(page, email);
  return page;
}
