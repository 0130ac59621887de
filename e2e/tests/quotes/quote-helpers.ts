import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { signInThroughLoginPage } from '../../fixtures.ts';

export async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await signInThroughLoginPage(page, email);
  await page.waitForURL((url) => url.pathname.startsWith('/cpq/'));
}

/**
 * Fills the create-quote form on screen (whatever the opportunity left blank) and submits it;
 * resolves when the new quote's configure page is open, with its id.
 */
export async function fillAndCreateQuote(
  page: Page,
  options: { name: string; type: 'STANDARD' | 'ELA' },
): Promise<string> {
  await page.getByLabel('Quote name').fill(options.name);
  await page.getByLabel('Quote type').selectOption(options.type);
  if ((await page.getByLabel('Deal type').inputValue()) === '') {
    await page.getByLabel('Deal type').selectOption('NB');
  }
  const partnerType = page.getByLabel('Partner type');
  if ((await partnerType.count()) > 0 && (await partnerType.inputValue()) === '') {
    await partnerType.selectOption('AUTHORIZED');
  }
  const partnerEmail = page.getByLabel('Partner contact e-mail');
  if ((await partnerEmail.count()) > 0 && (await partnerEmail.inputValue()) === '') {
    await partnerEmail.fill('pat@partner.example');
  }
  const from = page.getByLabel('Contract start and end: from');
  if ((await from.inputValue()) === '') {
    await from.fill('2027-01-01');
    await page.getByLabel('Contract start and end: to').fill('2029-12-31');
  }
  const firewall = page.getByLabel('Network Firewall');
  if (!(await firewall.isChecked())) await firewall.check();
  await page.getByRole('button', { name: 'Create quote' }).click();
  await page.waitForURL((url) =>
    new RegExp(`^/cpq/configure-quote/[0-9a-f-]{36}/${options.type}$`).test(url.pathname),
  );
  return new URL(page.url()).pathname.split('/')[3] ?? '';
}

/** Finds a product by part number in the Add products panel and adds it. */
export async function addProduct(page: Page, sku: string) {
  const panel = page.locator('.offcanvas.show');
  await panel.getByLabel('Search').fill(sku);
  const item = panel.getByRole('listitem').filter({ hasText: sku }).first();
  await item.waitFor();
  await expect.poll(() => panel.getByRole('listitem').count()).toBeGreaterThan(0);
  await item.getByRole('button', { name: /^Add/ }).click();
  await panel.getByText(`Added ${sku}`).waitFor();
}

/** Starts a quote from the first opportunity the user is offered; resolves with its id. */
export async function startQuote(
  page: Page,
  options: { name: string; type: 'STANDARD' | 'ELA' },
): Promise<string> {
  await page.goto('/cpq/create-quote/new/ref');
  const choices = page.getByRole('list', { name: 'Opportunities' }).getByRole('listitem');
  await choices
    .first()
    .getByRole('button', { name: /^Choose/ })
    .click();
  await page.getByLabel('Quote name').waitFor();
  return fillAndCreateQuote(page, options);
}
