import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signInThroughApi } from '../../fixtures.ts';

/**
 * Signs in through the API and leaves the page blank: the next step opens the page it needs, or
 * signInAndLand opens the landing page. Tests about signing in use the login page instead.
 */
export async function signIn(page: Page, email: string) {
  await signInThroughApi(page, email);
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
  // A renewal or true-up deal opens on the renewal configurator: these quotes are new business.
  const dealType = page.getByLabel('Deal type');
  if (['', 'R', 'TU'].includes(await dealType.inputValue())) {
    await dealType.selectOption('NB');
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

/** Spec §8, shown on the configure page once a product change undid its shipping. */
export const REALIGNMENT_NOTICE =
  'When navigating back, you will be redirected to the configuration page, as the shipping lines require realignment due to updates to the product configurator. Kindly re-add the appropriate shipping options for the relevant product(s) to proceed.';

type QuoteType = 'STANDARD' | 'ELA';

const onPage = (page: Page, route: string, quoteId: string, type: QuoteType) =>
  page.waitForURL((url) => url.pathname === `/cpq/${route}/${quoteId}/${type}`);

/** Opens the Add products panel, adds each part number, and closes it. */
export async function addProducts(page: Page, skus: readonly string[]) {
  await page.getByRole('button', { name: 'Add products' }).click();
  for (const sku of skus) await addProduct(page, sku);
  await page.keyboard.press('Escape');
}

/**
 * Accepts a configuration check's fix (issue 34) in one click; resolves once the lines are
 * checked again and no error holds the quote back.
 */
export async function acceptRuleFix(page: Page, label: RegExp) {
  await page.getByTestId('rule-checks').getByRole('button', { name: label }).click();
  await page.getByTestId('rule-errors-hint').waitFor({ state: 'detached' });
}

/** Next on the configure page; resolves on the shipping page. */
export async function nextToShipping(page: Page, quoteId: string, type: QuoteType) {
  await page.getByRole('button', { name: /Next: Shipping/ }).click();
  await onPage(page, 'configure-sh-hw', quoteId, type);
}

/** Next on the shipping page; resolves on the terms page. */
export async function nextToTerms(page: Page, quoteId: string, type: QuoteType) {
  await page.getByRole('button', { name: /Next: Terms/ }).click();
  await onPage(page, 'terms-condition', quoteId, type);
}

/** The shipping page's section of the product whose name starts with `name`. */
export const shippingOf = (page: Page, name: string) =>
  page.getByRole('region', { name: new RegExp(`^Shipping of ${name}`) });

/**
 * Adds line `n` (from 1) to a product's shipping and fills what is given; a first line takes
 * what is left to ship.
 */
export async function addShippingLine(
  product: Locator,
  n: number,
  line: { region: string; incoterm: string; quantity?: string; year1?: string },
) {
  await product.getByRole('button', { name: /Add shipping line/ }).click();
  await product.getByLabel(new RegExp(`^Region of .*line ${n}$`)).selectOption(line.region);
  await product.getByLabel(new RegExp(`^Incoterm of .*line ${n}$`)).selectOption(line.incoterm);
  if (line.quantity !== undefined) {
    await product.getByLabel(new RegExp(`^Quantity of .*line ${n}$`)).fill(line.quantity);
  }
  if (line.year1 !== undefined) {
    await product.getByLabel(new RegExp(`^Year 1 of .*line ${n}$`)).fill(line.year1);
  }
}

/** The terms page's list of the quote's clauses. */
export const quoteClauses = (page: Page) =>
  page.getByRole('list', { name: 'Clauses on this quote' });

/** Adds a clause from the library, found by a search word, and closes the panel. */
export async function addLibraryClause(page: Page, search: string, title: string) {
  await page.getByRole('button', { name: 'Add from library' }).click();
  const library = page.locator('.offcanvas.show');
  await library.getByLabel('Search the library').fill(search);
  await library.getByRole('button', { name: `Add ${title}` }).click();
  await library.getByRole('button', { name: 'Close' }).click();
  await quoteClauses(page).getByRole('listitem').filter({ hasText: title }).waitFor();
}

/** Adds a clause of the seller's own text; the page marks it non-standard. */
export async function addCustomClause(page: Page, clause: { title: string; text: string }) {
  await page.getByRole('button', { name: 'Add custom clause' }).click();
  const panel = page.locator('.offcanvas.show');
  await panel.getByLabel('Title').fill(clause.title);
  await panel.getByLabel('Clause text').fill(clause.text);
  await panel.getByRole('button', { name: 'Add to quote' }).click();
  await quoteClauses(page)
    .getByRole('listitem')
    .filter({ hasText: clause.title })
    .getByText('Non-standard')
    .waitFor();
}

/** Saves the terms as they stand on the terms page. */
export async function saveTerms(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('The terms are saved.').waitFor();
}

/** Next on the saved terms; resolves when the summary shows. */
export async function nextToSummary(page: Page, quoteId: string, type: QuoteType) {
  await page.getByRole('link', { name: /Next: Summary/ }).click();
  await onPage(page, 'quote-summary', quoteId, type);
  await page.getByRole('heading', { name: 'Quote summary' }).waitFor();
}
