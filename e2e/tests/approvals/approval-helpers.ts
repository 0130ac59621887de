import type { Page } from 'playwright-core';
import {
  addProducts,
  fillAndCreateQuote,
  nextToShipping,
  nextToSummary,
  nextToTerms,
  saveTerms,
} from '../quotes/quote-helpers.ts';

/** A subscription: nothing to ship, and small enough that no net-total rule asks the CFO. */
export const SUBSCRIPTION_SKU = 'BX-100F-TP';

const discountOf = (page: Page, sku: string) =>
  page.getByLabel(new RegExp(`^Seller discount % of .*\\(${sku}\\)$`));

/**
 * Starts a quote from the user's first direct opportunity: no partner, so no partner exception
 * brings the deal desk into the chain. Resolves with the quote's id.
 */
export async function startDirectQuote(page: Page, name: string): Promise<string> {
  await page.goto('/cpq/create-quote/new/ref');
  const direct = page
    .getByRole('list', { name: 'Opportunities' })
    .getByRole('listitem')
    .filter({ hasText: /· Direct/ })
    .first();
  await direct.getByRole('button', { name: /^Choose/ }).click();
  await page.getByLabel('Quote name').waitFor();
  return fillAndCreateQuote(page, { name, type: 'STANDARD' });
}

/** Sets the line's manual discount and saves the configuration. */
export async function setDiscountAndSave(page: Page, sku: string, percent: string) {
  await discountOf(page, sku).fill(percent);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  await page.getByRole('button', { name: 'Saved' }).waitFor();
}

/** From the configure page through shipping (nothing to ship) and terms to the summary. */
export async function walkToSummary(page: Page, quoteId: string) {
  await nextToShipping(page, quoteId, 'STANDARD');
  await nextToTerms(page, quoteId, 'STANDARD');
  await page.getByRole('heading', { name: 'Terms & conditions', exact: true }).waitFor();
  const next = page.getByRole('link', { name: /Next: Summary/ });
  await next
    .or(page.getByRole('button', { name: /Next: Summary/ }))
    .first()
    .waitFor();
  // Until the terms are saved, Next is a disabled button; saved terms stay saved on a revision.
  if ((await next.count()) === 0) await saveTerms(page);
  await nextToSummary(page, quoteId, 'STANDARD');
}

/** A quote with one subscription discounted by `percent`, open on its summary. */
export async function quoteOnSummary(page: Page, name: string, percent: string) {
  const quoteId = await startDirectQuote(page, name);
  await addProducts(page, [SUBSCRIPTION_SKU]);
  await setDiscountAndSave(page, SUBSCRIPTION_SKU, percent);
  await walkToSummary(page, quoteId);
  return quoteId;
}

/** The summary's approvals panel. */
export const approvalsPanel = (page: Page) => page.getByRole('region', { name: 'Approvals' });

/** The quote's status badge in the summary's header. */
export const summaryStatus = (page: Page) => page.locator('.page-header .badge').first();
