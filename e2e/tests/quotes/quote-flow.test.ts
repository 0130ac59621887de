import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import {
  addCustomClause,
  addLibraryClause,
  addProducts,
  addShippingLine,
  acceptRuleFix,
  nextToShipping,
  nextToSummary,
  nextToTerms,
  quoteClauses,
  REALIGNMENT_NOTICE,
  saveTerms,
  shippingOf,
  signIn,
  startQuote,
} from './quote-helpers.ts';

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

/** What differs between the two walks: how the appliance is counted, shipped and changed. */
interface Walk {
  type: 'STANDARD' | 'ELA';
  /** The appliance's quantity on the configure page (the first year's for an ELA). */
  applianceQuantity: RegExp;
  /** The appliance's shipping line, first with a wrong count, then right. */
  wrongLine: Parameters<typeof addShippingLine>[2];
  fix: { label: RegExp; value: string };
  mismatch: string;
  /** A clause the seeded rules attach to this quote (docs/decisions/012), and the rule. */
  attached: { title: string; rule: string };
  /** The appliance's new quantity, after the summary. */
  changedQuantity: string;
}

const WALKS: Walk[] = [
  {
    type: 'ELA',
    applianceQuantity: /^Year 1 quantity of .*\(BX-100F-HW\)$/,
    wrongLine: { region: 'NA', incoterm: 'DAP', year1: '2' },
    fix: { label: /^Year 1 of .*line 1$/, value: '1' },
    mismatch: 'Shipping Quantity does not match with sum of Deployment Schedule for Year 1.',
    attached: {
      title: 'Enterprise licence agreement: true-up',
      rule: 'Enterprise licence agreements',
    },
    changedQuantity: '2',
  },
  {
    type: 'STANDARD',
    applianceQuantity: /^Quantity of .*\(BX-100F-HW\)$/,
    wrongLine: { region: 'EMEA', incoterm: 'DAP', quantity: '3' },
    fix: { label: /^Quantity of .*line 1$/, value: '4' },
    mismatch: 'Total Shipping Quantity does not match with sum of Shipping Quantities',
    attached: { title: 'Hardware appliance warranty', rule: 'Quotes with hardware' },
    changedQuantity: '5',
  },
];

const OPTIONAL_CLAUSE = 'Export control';
const CUSTOM_CLAUSE = 'Pilot success criteria';

/** The refusal the summary page shows for a quote that has not reached it. */
const notReached = (page: Page) => page.getByTestId('summary-not-reached');

describe('a quote from configure to summary', () => {
  it.each(WALKS.map((walk) => [walk.type, walk] as const))(
    'a seller walks a %s quote through shipping and terms to its summary, then realigns it',
    async (_type, walk) => {
      const { type } = walk;
      // Tall enough for the summary's terms in one picture: a full page repeats the top bar.
      const page = await newPage(browser, { width: 1400, height: 1600 });
      await signIn(page, 'sales@bastion.test');
      const quoteId = await startQuote(page, { name: `E2E flow ${type} ${Date.now()}`, type });

      // Configure: an appliance (shipped) and its subscription (not shipped).
      await addProducts(page, ['BX-100F-HW', 'BX-100F-TP']);
      if (type === 'STANDARD') await page.getByLabel(walk.applianceQuantity).fill('4');
      // An appliance needs support (issue 34): the check's fix adds it.
      await acceptRuleFix(
        page,
        type === 'STANDARD'
          ? /^Add BX-100F-SUP-PRM for 4 units$/
          : /^Add BX-100F-SUP-PRM for 1 unit$/,
      );
      await nextToShipping(page, quoteId, type);

      // Shipping: a count that does not add up is refused with the spec's message.
      const appliance = shippingOf(page, 'BX-100F');
      await addShippingLine(appliance, 1, walk.wrongLine);
      await page.getByRole('button', { name: /Next: Terms/ }).click();
      await appliance.getByText(walk.mismatch, { exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/cpq/configure-sh-hw/${quoteId}/${type}`);
      await appliance.getByLabel(walk.fix.label).fill(walk.fix.value);
      await nextToTerms(page, quoteId, type);

      // Terms: the summary waits for them to be saved (Next would save them), and the server
      // says so too.
      await page.getByRole('heading', { name: 'Terms & conditions', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: /Next: Summary/ }).isEnabled()).toBe(true);
      await page.goto(`/cpq/quote-summary/${quoteId}/${type}`);
      await notReached(page)
        .getByText(
          "Save this quote's terms before opening its summary: The terms have not been saved yet.",
        )
        .waitFor();
      await screenshot(page, `quote-flow-${type.toLowerCase()}-summary-refused`, {
        fullPage: false,
      });
      await notReached(page).getByRole('link', { name: 'Back to terms & conditions' }).click();
      await page.waitForURL((url) => url.pathname === `/cpq/terms-condition/${quoteId}/${type}`);

      // A seeded rule attached one clause; the seller adds an optional one and one of their own.
      const attached = quoteClauses(page)
        .getByRole('listitem')
        .filter({ hasText: walk.attached.title });
      await attached.getByText('Attached by rule').waitFor();
      expect(await attached.innerText()).toContain(walk.attached.rule);
      await addLibraryClause(page, 'export', OPTIONAL_CLAUSE);
      await addCustomClause(page, {
        title: CUSTOM_CLAUSE,
        text: 'The subscriptions of quote {quote_number} start once the 30-day pilot meets its agreed success criteria.',
      });
      await saveTerms(page);
      await nextToSummary(page, quoteId, type);

      // The summary shows the three clauses; only the seller's own is marked non-standard.
      const terms = page.getByRole('region', { name: 'Terms & conditions' });
      const clause = (title: string) => terms.getByRole('listitem').filter({ hasText: title });
      for (const title of [walk.attached.title, OPTIONAL_CLAUSE, CUSTOM_CLAUSE]) {
        await clause(title).waitFor();
      }
      expect(await clause(CUSTOM_CLAUSE).getByText('Non-standard', { exact: true }).count()).toBe(
        1,
      );
      expect(await clause(CUSTOM_CLAUSE).innerText()).toMatch(
        /The subscriptions of quote Q-\d{4}-\d{6} start once the 30-day pilot/,
      );
      for (const title of [walk.attached.title, OPTIONAL_CLAUSE]) {
        expect(await clause(title).getByText('Non-standard').count()).toBe(0);
      }
      expect(await page.getByRole('region', { name: 'Shipping' }).locator('tbody tr').count()).toBe(
        1,
      );
      await clause(CUSTOM_CLAUSE).scrollIntoViewIfNeeded();
      await screenshot(page, `quote-flow-${type.toLowerCase()}-summary`, { fullPage: false });

      // Back to the products: one more appliance undoes its shipping.
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/cpq/configure-quote/${quoteId}/${type}`);
      await page.getByLabel(walk.applianceQuantity).fill(walk.changedQuantity);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('realignment-notice').waitFor();
      expect(await page.getByTestId('realignment-notice').innerText()).toBe(REALIGNMENT_NOTICE);

      // Going back to the summary, or to shipping, leads to the configuration and its notice.
      await page.goto(`/cpq/quote-summary/${quoteId}/${type}`);
      await notReached(page)
        .getByText(/^This quote has not reached its summary/)
        .waitFor();
      await notReached(page).getByRole('link', { name: 'Back to configure' }).click();
      await page.waitForURL((url) => url.pathname === `/cpq/configure-quote/${quoteId}/${type}`);
      await page.getByTestId('realignment-notice').waitFor();
      await page.goto(`/cpq/configure-sh-hw/${quoteId}/${type}`);
      await page.waitForURL((url) => url.pathname === `/cpq/configure-quote/${quoteId}/${type}`);
      expect(await page.getByTestId('realignment-notice').innerText()).toBe(REALIGNMENT_NOTICE);
      await screenshot(page, `quote-flow-${type.toLowerCase()}-realignment`, { fullPage: false });
      await page.context().close();
    },
    120_000,
  );
});
