import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import { apiData, quoteAtSummary } from '../quotes/quote-api.ts';
import { signIn } from '../quotes/quote-helpers.ts';

/*
 * Issue 37 (decisions 043 and 044): on a phone, the seller names a quote as an option of its deal
 * and makes it the opportunity's primary quote from the summary; the built-in CRM's opportunity
 * then shows that quote's lines as its products.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await closeBrowser(browser);
});

describe('deal options', () => {
  it('names the option and makes it primary from the summary', async () => {
    const page = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, 'sales@bastion.test');
    const tag = Date.now().toString(36);
    // A direct opportunity still open: a won deal keeps its primary quote.
    const open = (row: Record<string, unknown>) =>
      row.sales_channel === 'DIRECT' &&
      !(typeof row.stage === 'string' && row.stage.startsWith('Closed'));
    const good = await quoteAtSummary(
      page,
      `Option good ${tag}`,
      [{ sku: 'BX-100F-TP', quantity: 1 }],
      open,
    );
    const better = await quoteAtSummary(
      page,
      `Option better ${tag}`,
      [{ sku: 'BX-100F-TP', quantity: 2 }],
      open,
    );
    await page.goto(`/cpq/quote-summary/${better.id}/STANDARD`);
    const options = page.getByRole('table', { name: 'Options of this deal' });
    const row = options.getByRole('row').filter({ hasText: better.number });
    await row.waitFor();
    const label = row.getByLabel('Option of this quote');
    await label.fill('Better');
    await label.press('Enter');
    await expect
      .poll(async () => {
        const answer = await apiData<{ quotes: { id: string; option_label: string | null }[] }>(
          page,
          '/api/dx/quote-options',
          { quote_id: better.id },
        );
        return answer.quotes.find((q) => q.id === better.id)?.option_label;
      })
      .toBe('Better');
    await row.getByRole('button', { name: `Make ${better.number} the primary quote` }).click();
    await row.getByText('Primary', { exact: true }).waitFor();
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'deal-options-390', { fullPage: false });

    // With two named options, they go to the customer as one PDF.
    await apiData(page, '/api/dx/set-quote-option', { quote_id: good.id, option_label: 'Good' });
    await page.reload();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Download the \d+ options as one PDF$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Options_${better.number}.pdf`);

    // Side by side with the other option: the line they share differs in quantity and net.
    await options.getByRole('link', { name: `Compare with ${good.number}` }).click();
    await page.getByRole('heading', { name: 'Compare options', level: 1 }).waitFor();
    const lines = page.getByRole('table', { name: 'Lines compared' });
    const shared = lines.getByRole('row').filter({ hasText: 'BX-100F-TP' });
    await shared.waitFor();
    expect(await shared.innerText()).toMatch(/differs[\s\S]*2\s*→\s*1/);
    await page
      .getByRole('region', { name: `Better (${better.number})` })
      .getByText('Primary')
      .waitFor();
    await screenshot(page, 'deal-options-compare-390');
    const { opportunity_id: opportunityId } = await apiData<{ opportunity_id: string }>(
      page,
      '/api/dx/quote-options',
      { quote_id: better.id },
    );
    await page.context().close();

    // The CRM admin finds the primary's lines among the opportunity's products.
    const admin = await newPage(browser, { width: 390, height: 844 });
    await signIn(admin, 'root@bastion.test');
    await expect
      .poll(async () => {
        const record = await apiData<{
          products: { product_code: string; quantity: number; description: string }[];
        }>(admin, '/api/sfdc/opportunities/get', { id: opportunityId });
        return record.products.find((p) => p.description === better.number)?.quantity;
      })
      .toBe(2);
    await admin.goto('/cpq/sfdc');
    await admin.getByRole('searchbox', { name: 'Search opportunities' }).fill(opportunityId);
    const opportunities = admin.getByRole('table', { name: 'Opportunities' });
    const found = opportunities.getByRole('row').filter({ hasText: opportunityId });
    await found.getByRole('button', { name: /^Edit / }).click();
    const products = admin
      .getByRole('dialog', { name: 'Edit opportunity' })
      .getByRole('table', { name: 'Products of the opportunity' });
    const product = products.getByRole('row').filter({ hasText: `From ${better.number}` });
    await product.waitFor();
    expect(await product.innerText()).toContain('BX-100F-TP');
    await product.scrollIntoViewIfNeeded();
    await screenshot(admin, 'crm-opportunity-products-390', { fullPage: false });
    await admin.context().close();
  }, 90_000);
});
