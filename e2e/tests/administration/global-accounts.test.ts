import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import { createQuoteOn, visibleOpportunities } from '../quotes/quote-api.ts';
import { signIn } from '../quotes/quote-helpers.ts';

/*
 * Issue 19's global accounts on the demo data: gam@bastion.test owns "Contoso Financial Group"
 * (Contoso Bank in North America, Banque du Lac in EMEA, Harbour Bank in APJ). Without any region
 * of her own she sees those accounts' opportunities, quotes for one in APJ, and finds the quote
 * among the group's open quotes beside its installed base.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

describe('global accounts', () => {
  it('a GAM quotes for an account of her group in another region and sees it on the group page', async () => {
    const gam = await newPage(browser, { width: 1400, height: 1200 });
    await signIn(gam, 'gam@bastion.test');

    const accounts = new Set(
      (await visibleOpportunities(gam)).map((row) => String(row.account_name)),
    );
    expect(accounts).toContain('Harbour Bank');
    expect(accounts).toContain('Banque du Lac');
    // Nothing outside her groups.
    expect(accounts).not.toContain('Sakura Robotics');
    const name = `E2E global ${Date.now()}`;
    await createQuoteOn(gam, name, (row) => row.account_name === 'Harbour Bank');

    await gam.goto('/cpq/gam-account/ref');
    await gam.getByRole('heading', { level: 2, name: 'Contoso Financial Group' }).waitFor();
    const accountTable = gam.getByRole('table', { name: 'Accounts of Contoso Financial Group' });
    for (const account of ['Contoso Bank', 'Banque du Lac', 'Harbour Bank']) {
      await accountTable.getByText(account).first().waitFor();
    }
    const quotesTable = gam.getByRole('table', { name: 'Open quotes of Contoso Financial Group' });
    // The quote's row links to its page (the name is a detail column on narrow layouts).
    const row = quotesTable.getByRole('row').filter({ hasText: name });
    await row.getByRole('link').first().waitFor();
    await screenshot(gam, 'global-account');
    await gam.context().close();
  }, 90_000);
});
