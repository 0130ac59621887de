import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import { seriousViolations } from '../accessibility/axe.ts';
import { signIn, startQuote } from '../quotes/quote-helpers.ts';

/*
 * Issue 21: an administrator makes a service account and an API token in the browser; a
 * program reads a quote with that token through curl, as an integrator would; revoked, the token
 * gets 401; a catalogue-only account's token gets 403 on quotes.
 */

const run = promisify(execFile);

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await closeBrowser(browser);
});

/** curl's status and body for a POST with the token, as docs/integrators.md shows it. */
async function curlPost(token: string, path: string, body: object) {
  const { stdout } = await run('curl', [
    '--silent',
    '--show-error',
    '--write-out',
    '\n%{http_code}',
    '--header',
    `Authorization: Bearer ${token}`,
    '--header',
    'Content-Type: application/json',
    '--data',
    JSON.stringify(body),
    `${baseURL()}${path}`,
  ]);
  const split = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(split + 1)), body: stdout.slice(0, split) };
}

/** Creates a service account with one unlimited role in the new-user panel; opens its page. */
async function newServiceAccount(page: Page, email: string, role: string) {
  await page.goto('/cpq/grid/users/ref');
  await page.getByRole('button', { name: 'New user' }).click();
  const panel = page.getByRole('dialog', { name: 'New user' });
  await panel.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await panel.getByRole('checkbox', { name: 'Service account' }).check();
  // A program has no sign-in choices.
  await panel.getByRole('group', { name: 'Signs in with' }).waitFor({ state: 'detached' });
  await panel.getByLabel('First name').fill('Order');
  await panel.getByLabel('Last name').fill('System');
  await panel.getByRole('button', { name: 'Add role' }).click();
  await panel.getByLabel('Role', { exact: true }).selectOption(role);
  await panel.getByRole('button', { name: 'Create user' }).click();
  await page.waitForURL(
    (url) => url.pathname === `/cpq/user-detail/${encodeURIComponent(email)}/ref`,
  );
  await page.getByRole('heading', { name: 'API tokens' }).waitFor();
}

/** Creates a token on the service account's page; the token as shown, once. */
async function newToken(page: Page, name: string): Promise<string> {
  const form = page.getByRole('form', { name: 'New API token' });
  await form.getByLabel('Token name').fill(name);
  await form.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('alert', { name: 'New API token' }).getByText(/^bcpq_/);
  await shown.waitFor();
  return (await shown.innerText()).trim();
}

describe('API tokens', () => {
  it('a token made in the browser reads a quote with curl until it is revoked', async () => {
    const stamp = Date.now().toString(36);
    const seller = await newPage(browser);
    await signIn(seller, 'sales@bastion.test');
    const quoteId = await startQuote(seller, { name: `E2E token read ${stamp}`, type: 'STANDARD' });
    await seller.context().close();

    const admin = await newPage(browser);
    await signIn(admin, 'root@bastion.test');
    const account = `order-system-${stamp}@integrations.bastion.test`;
    await newServiceAccount(admin, account, 'DEAL_DESK');
    const token = await newToken(admin, 'Order system');
    expect(token).toMatch(/^bcpq_/);
    await screenshot(admin, 'users-api-token-created');
    // The service account's page, its token on show, passes axe like every page.
    expect(await seriousViolations(admin)).toEqual([]);

    const read = await curlPost(token, '/api/dx/get-quote', { id: quoteId });
    expect(read.status, read.body).toBe(200);
    expect(JSON.parse(read.body)).toMatchObject({ code: 200, data: { id: quoteId } });

    // The list shows the token's use, not the token.
    await admin.getByRole('button', { name: 'I have copied it' }).click();
    await admin.reload();
    const row = admin.getByRole('table', { name: 'API tokens' }).getByRole('row', {
      name: /Order system/,
    });
    await row.getByText('Active').waitFor();
    expect(await admin.locator('body').innerText()).not.toContain(token);

    await row.getByRole('button', { name: 'Revoke token Order system' }).click();
    await row
      .getByRole('alertdialog', { name: 'Revoke token Order system' })
      .getByRole('button', { name: 'Revoke', exact: true })
      .click();
    await row.getByText('Revoked').first().waitFor();
    await screenshot(admin, 'users-api-token-revoked');
    const refused = await curlPost(token, '/api/dx/get-quote', { id: quoteId });
    expect(refused.status).toBe(401);

    // A catalogue-only account's token may not read quotes at all.
    await newServiceAccount(
      admin,
      `catalog-feed-${stamp}@integrations.bastion.test`,
      'CATALOG_USER',
    );
    const catalogToken = await newToken(admin, 'Catalogue feed');
    const forbidden = await curlPost(catalogToken, '/api/dx/get-quote', { id: quoteId });
    expect(forbidden.status, forbidden.body).toBe(403);
    await admin.context().close();
  });
});
