import { multiplyRatio } from '@bastion/domain/pricing/decimal';
import type { RenewalConfiguration } from '@bastion/domain/renewals/schemas';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  sidebarLinks,
  signInAndLand,
  useOwnApp,
} from '../../fixtures.ts';
import { approvalsPanel, summaryStatus } from '../approvals/approval-helpers.ts';
import { apiData } from '../quotes/quote-api.ts';
import {
  addProduct,
  nextToSummary,
  nextToTerms,
  saveTerms,
  signIn,
} from '../quotes/quote-helpers.ts';

// On an app of its own: it switches renewals off for everyone for a while.
useOwnApp();

/*
 * Issue 18's "done when", clicked through the real app on the demo installed base
 * (packages/db/src/seed/renewals-demo-data.ts): a renewal by the renewals user, a co-term by the
 * deal desk, a true-up of 120 devices over 1,000, and the renewals switched off.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

const rowOf = (page: Page, contractNumber: string) =>
  page.locator('tbody tr', { has: page.getByRole('rowheader', { name: contractNumber }) });

async function openDesk(page: Page) {
  await page.goto('/cpq/grid/renewals/ref');
  await page.getByRole('heading', { name: 'Renewals & true-ups', level: 1 }).waitFor();
  await page.getByText(/\d+ contracts?$/).waitFor();
}

const quoteIdOf = (page: Page) => new URL(page.url()).pathname.split('/')[3] ?? '';

const configurationOf = (page: Page, id: string) =>
  apiData<RenewalConfiguration>(page, '/api/dx/renewals/quote-configuration', { id });

/** Next on a renewal page, then shipping (nothing to ship) and the terms, to the summary. */
async function walkToSummary(page: Page, quoteId: string) {
  await page.getByRole('button', { name: /Next: Shipping/ }).click();
  await page.waitForURL((url) => url.pathname === `/cpq/configure-sh-hw/${quoteId}/STANDARD`);
  await nextToTerms(page, quoteId, 'STANDARD');
  await page.getByRole('heading', { name: 'Terms & conditions', exact: true }).waitFor();
  const next = page.getByRole('link', { name: /Next: Summary/ });
  await next
    .or(page.getByRole('button', { name: /Next: Summary/ }))
    .first()
    .waitFor();
  if ((await next.count()) === 0) await saveTerms(page);
  await nextToSummary(page, quoteId, 'STANDARD');
}

/** Every prorated segment of the quote can be recomputed by hand: full × days / term, once. */
function expectRecomputable(config: RenewalConfiguration) {
  const segments = config.pricing.lines.flatMap((line) => line.proration);
  expect(segments.length).toBeGreaterThan(0);
  for (const s of segments) {
    expect(s.amount_minor).toBe(multiplyRatio(s.full_term_minor, s.days_used, s.days_in_term));
  }
}

describe('renewals, co-terms and true-ups', () => {
  it('renews a contract ending in 30 days at a 5 % uplift with one line dropped, and it is approved', async () => {
    const page = await newPage(browser);
    await signIn(page, 'renewals@bastion.test');
    await openDesk(page);
    const row = rowOf(page, 'C-2025-000101');
    expect(await row.innerText()).toContain('in 30 days');
    await row.getByRole('button', { name: 'Renew C-2025-000101' }).click();
    await page.waitForURL((url) =>
      /^\/cpq\/configure-renewal-quote\/[0-9a-f-]{36}\/R$/.test(url.pathname),
    );
    const quoteId = quoteIdOf(page);
    await page.getByRole('heading', { name: 'Configure renewal quote' }).waitFor();

    // Every line starts at the configured 5 % uplift.
    const uplifts = page.getByLabel(/^Uplift % of /);
    expect(await uplifts.count()).toBe(3);
    for (const uplift of await uplifts.all()) {
      expect(Number(await uplift.inputValue())).toBe(5);
    }
    await page.getByRole('button', { name: /^Drop .*\(BX-200F-SUP-PRM\)$/ }).click();
    await page
      .getByTestId('dropped-lines')
      .getByLabel('Churn reason')
      .fill('Firewalls consolidated onto the BX-400 cluster');
    await expect.poll(() => page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(false);
    await screenshot(page, 'renewal-configure');
    await walkToSummary(page, quoteId);

    const config = await configurationOf(page, quoteId);
    expect(config.pricing.lines.map((l) => Number(l.uplift_percent))).toEqual([5, 5]);
    expect(config.drops.map((d) => d.sku)).toEqual(['BX-200F-SUP-PRM']);
    for (const line of config.pricing.lines) {
      expect(line.renewal_unit_minor).toBe(multiplyRatio(line.prior_unit_net_minor ?? 0, 105, 100));
    }
    await page
      .getByText(/^Renewal of C-2025-000101 from /)
      .first()
      .waitFor();
    await page.getByText('Firewalls consolidated onto the BX-400 cluster').waitFor();

    await approvalsPanel(page).getByRole('button', { name: 'Submit for approval' }).click();
    await expect
      .poll(() => summaryStatus(page).innerText(), { timeout: 15_000 })
      .toMatch(/Pending Approval|Approved/);
    if ((await summaryStatus(page).innerText()).includes('Pending')) {
      const desk = await newPage(browser);
      await signIn(desk, 'dealdesk@bastion.test');
      await desk.goto(`/cpq/quote-summary/${quoteId}/STANDARD`);
      const panel = approvalsPanel(desk);
      await panel
        .getByRole('button', { name: /^Approve for / })
        .first()
        .click();
      const dialog = desk.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await desk.close();
      await page.reload();
    }
    await expect.poll(() => summaryStatus(page).innerText()).toBe('Approved');
    await screenshot(page, 'renewal-summary');

    // The desk shows the renewal quote in progress on the contract.
    await openDesk(page);
    expect(await rowOf(page, 'C-2025-000101').innerText()).toContain('Quote in progress');
    await page.close();
  });

  it('co-terms two new SKUs onto a running contract, with the proration on the timeline and the summary', async () => {
    const page = await newPage(browser);
    await signIn(page, 'dealdesk@bastion.test');
    await openDesk(page);
    const row = rowOf(page, 'C-2025-000110');
    await row.getByRole('button', { name: 'More actions for C-2025-000110' }).click();
    await page.getByRole('button', { name: 'Co-term' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/cpq/configure-renewal-coterm-quote/'));
    const quoteId = quoteIdOf(page);
    await page.getByRole('heading', { name: 'Configure co-term quote' }).waitFor();

    await page.getByRole('button', { name: 'Add product' }).click();
    await addProduct(page, 'EP-ADV-DEV');
    await addProduct(page, 'ID-MFA-USR');
    await page.keyboard.press('Escape');
    await page.getByLabel(/^Quantity of .*\(EP-ADV-DEV\)$/).fill('200');
    await page.getByLabel(/^Quantity of .*\(ID-MFA-USR\)$/).fill('150');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();

    const config = await configurationOf(page, quoteId);
    expect(config.pricing.lines.map((l) => l.sku).sort()).toEqual(['EP-ADV-DEV', 'ID-MFA-USR']);
    expectRecomputable(config);
    const endpoint = config.pricing.lines.find((l) => l.sku === 'EP-ADV-DEV')!;
    expect(endpoint.period_end).toBe(config.contracts[0]!.end_date);
    // The page shows the server's explanation of each line, and the timeline draws both lines.
    for (const line of config.pricing.lines) {
      for (const text of line.explanation) {
        await page.getByTestId(`coterm-line-${line.sku}`).getByText(text).first().waitFor();
      }
    }
    const timeline = page.getByTestId('coterm-timeline');
    expect(await timeline.locator('.coterm-bar[data-kind="NEW"]').count()).toBe(2);
    expect(await timeline.locator('.coterm-bar[data-kind="EXISTING"]').count()).toBeGreaterThan(0);
    const days = `${endpoint.proration[0]!.days_used} / ${endpoint.proration[0]!.days_in_term}`;
    expect(await page.getByTestId('coterm-line-EP-ADV-DEV').getByTestId('days').innerText()).toBe(
      days,
    );
    await screenshot(page, 'coterm-configure');

    await walkToSummary(page, quoteId);
    const segment = endpoint.explanation.find((text) => text.includes(' days ('))!;
    await page.getByText(segment).first().waitFor();
    await screenshot(page, 'coterm-summary');
    await page.close();
  });

  it('trues up 120 devices over a 1,000-device entitlement, from the measurement date to the end', async () => {
    const page = await newPage(browser);
    await signIn(page, 'renewals@bastion.test');
    await openDesk(page);
    // It ends in 200 days: beyond the desk's first window of 180.
    await page.getByLabel('Ends within').selectOption('');
    const row = rowOf(page, 'C-2025-000109');
    await row.getByRole('button', { name: 'More actions for C-2025-000109' }).click();
    await page.getByRole('button', { name: 'True-up' }).click();
    await page.waitForURL((url) =>
      /^\/cpq\/configure-renewal-quote\/[0-9a-f-]{36}\/TU$/.test(url.pathname),
    );
    const quoteId = quoteIdOf(page);
    await page.getByRole('heading', { name: 'Configure true-up quote' }).waitFor();

    const usage = page.getByLabel('Measured usage of SA-DB-ADV-L');
    await usage.fill('-5');
    await page
      .getByText('The measured usage must be a whole number of 0 or more.')
      .first()
      .waitFor();
    await usage.fill('1120');
    const line = page.locator('tr', { has: usage });
    await expect.poll(() => line.innerText()).toMatch(/\b120\b/);
    await page
      .getByText(/ days \(\d\.\d{6}\)/)
      .first()
      .waitFor();
    await screenshot(page, 'trueup-configure');
    await walkToSummary(page, quoteId);

    const config = await configurationOf(page, quoteId);
    const [trueUp] = config.pricing.lines;
    expect(trueUp).toMatchObject({
      sku: 'SA-DB-ADV-L',
      quantity: 120,
      measured_quantity: 1120,
      entitled_quantity: 1000,
    });
    expect(trueUp!.period_end).toBe(config.contracts[0]!.end_date);
    expectRecomputable(config);
    await page
      .getByText(/^True-up of C-2025-000109 from /)
      .first()
      .waitFor();
    await page.getByText(trueUp!.explanation.at(-1)!).first().waitFor();
    await page.close();
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const page = await newPage(browser);
    await signIn(page, 'renewals@bastion.test');
    // A contract of another region (EMEA, not Rene's): as if it did not exist.
    const desk = await apiData<{ rows: { contract_number: string }[] }>(
      page,
      '/api/dx/renewals/contracts',
      { page_size: 100 },
    );
    expect(desk.rows.map((r) => r.contract_number)).not.toContain('C-2025-000104');
    const root = await newPage(browser);
    await signIn(root, 'root@bastion.test');
    const all = await apiData<{ rows: { id: string; contract_number: string }[] }>(
      root,
      '/api/dx/renewals/contracts',
      { page_size: 100, search: 'C-2025-000104' },
    );
    const emea = all.rows.find((r) => r.contract_number === 'C-2025-000104')!;
    const refused = await page.request.post('/api/dx/renewals/create-quote', {
      data: { contract_id: emea.id, kind: 'RENEWAL' },
    });
    expect(refused.status()).toBe(404);
    // An end before a start is refused by the import, row by row, and nothing is imported.
    const badImport = await root.request.post('/api/dx/renewals/import-contracts', {
      data: {
        csv: 'contract_number,account_id,region,currency_code,contract_start,contract_end,sku,quantity,unit_net_price\nC-E2E-1,001X,North America,USD,2027-12-31,2027-01-01,EP-ADV-DEV,10,55.00\n',
      },
    });
    expect(badImport.status()).toBe(400);
    expect(await badImport.text()).toContain('Row 2');
    await page.close();
    await root.close();
  });

  it('hides the menu and refuses the renewals calls while cpq_renewals_trueups is disabled', async () => {
    const root = await newPage(browser);
    await signIn(root, 'root@bastion.test');
    await apiData(root, '/api/admin/update-app-setting', {
      name: 'cpq_renewals_trueups',
      value: 'disabled',
    });
    try {
      const page = await newPage(browser);
      // Through `/`: wherever the app now sends a renewals user without renewals.
      await signInAndLand(page, 'renewals@bastion.test');
      expect(await sidebarLinks(page)).not.toContain('Renewals & True-ups');
      const refused = await page.request.post('/api/dx/renewals/contracts', { data: {} });
      expect(refused.status()).toBe(403);
      expect(await refused.text()).toContain('cpq_renewals_trueups');
      await page.close();
    } finally {
      await apiData(root, '/api/admin/update-app-setting', {
        name: 'cpq_renewals_trueups',
        value: 'enable',
      });
    }
    await root.close();
  });
});
