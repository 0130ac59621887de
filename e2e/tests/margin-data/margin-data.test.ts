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

// On an app of its own: it changes the costs and markups every margin is figured from.
useOwnApp();

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

/** A demo appliance no other browser test prices, so its cost can change here. */
const SKU = 'ID-KEY-FIDO2';
const MARGIN_LINKS = [
  'Hardware SKU costs',
  'Cost lookup',
  'Support cases',
  'Markup',
  'Duration depreciation',
];
/** A demo family whose support no other browser test prices. */
const SUPPORT_FAMILY = { id: 'SECURE_ACCESS', name: 'Secure Access' };

interface SupportCaseRow {
  family_id: string;
  cases_per_unit_year: string;
  cost_per_case_usd_minor: number;
}

async function apiData<T>(page: Page, url: string, data: object): Promise<T> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

describe('margin data for the deal desk', () => {
  it('edits a markup and a hardware SKU cost, and finds them saved', async () => {
    const page = await newPage(browser);
    await signInAndLand(page, 'dealdesk@bastion.test', '/cpq/grid/quote-approvals/ref');
    const links = await sidebarLinks(page);
    expect(links).toEqual(expect.arrayContaining([...MARGIN_LINKS, 'Approval SKUs']));
    const sidebar = page.locator('nav[aria-label="Sidebar"]');
    await sidebar.getByRole('button', { name: 'Margin data' }).waitFor();

    // What the demo started with, put back at the end for the other browser tests.
    const markups = await apiData<{ rows: { product_kind: string; percent: string }[] }>(
      page,
      '/api/admin/margin/markups/list',
      {},
    );
    const supportMarkup = markups.rows.find((r) => r.product_kind === 'SUPPORT')?.percent ?? '0';
    const costs = await apiData<{ rows: { unit_cost_usd_minor: number | null }[] }>(
      page,
      '/api/admin/margin/hw-sku-costs/list',
      { focus_sku: SKU },
    );
    const originalCost = costs.rows[0]?.unit_cost_usd_minor ?? null;
    const supportCases = await apiData<{ rows: SupportCaseRow[] }>(
      page,
      '/api/admin/margin/support-cases/list',
      {},
    );
    const originalSupportCase =
      supportCases.rows.find((r) => r.family_id === SUPPORT_FAMILY.id) ?? null;

    try {
      // The markup: a bad value is explained in place and cannot be saved; a good one is.
      await sidebar.getByRole('link', { name: 'Markup', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/cpq/mc-markup/ref');
      await page.getByRole('heading', { name: 'Markup', level: 1 }).waitFor();
      const support = page.getByRole('textbox', { name: 'Markup for Support' });
      const saveSupport = page.getByRole('button', { name: 'Save Support markup' });
      await support.fill('101');
      await page.getByText('The markup must be between 0 and 100 %.').waitFor();
      expect(await saveSupport.isDisabled()).toBe(true);
      await screenshot(page, 'margin-markup-invalid');
      await support.fill('2.5');
      await saveSupport.click();
      await page.getByRole('status').getByText('Saved').waitFor();
      await page.reload();
      await page.getByRole('textbox', { name: 'Markup for Support' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Markup for Support' }).inputValue()).toBe(
        '2.50',
      );
      await screenshot(page, 'margin-markup-saved');

      // A hardware cost: found by search, its share of list price follows the typing.
      await page
        .getByRole('navigation', { name: 'Margin data' })
        .getByRole('link', {
          name: 'Hardware SKU costs',
        })
        .click();
      await page.waitForURL((url) => url.pathname === '/cpq/mc-hw-sku-costs/all/ref');
      await page.getByRole('searchbox', { name: 'Search' }).fill('FIDO2');
      const cost = page.getByRole('textbox', { name: `Unit cost of ${SKU} in US dollars` });
      await cost.waitFor();
      const table = page.getByRole('table', { name: 'Hardware SKU costs' });
      // The table is named by its caption (DataTable).
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('table')].find(
            (t) => t.caption?.textContent === 'Hardware SKU costs',
          )?.tBodies[0]?.rows.length === 1,
      );
      await cost.fill('19.6');
      // $19.60 of a $49.00 list price.
      await table.getByText('40.00 %').waitFor();
      await page.getByRole('button', { name: `Save unit cost of ${SKU}` }).click();
      await page.getByRole('status').getByText('Saved').waitFor();
      await screenshot(page, 'margin-hw-cost-saved');

      // The SKU's own page ({id}) shows the saved cost.
      await page.goto(`/cpq/mc-hw-sku-costs/${SKU}/ref`);
      const focused = page.getByRole('textbox', { name: `Unit cost of ${SKU} in US dollars` });
      await focused.waitFor();
      expect(await focused.inputValue()).toBe('19.60');
      await page.getByText(`Showing ${SKU} only.`).waitFor();
      await screenshot(page, 'margin-hw-cost-focused');

      // The other screens, for a look.
      await page.goto('/cpq/mc-cost-lookup/ref');
      await page.getByRole('table', { name: 'Cost lookups' }).waitFor();
      await screenshot(page, 'margin-cost-lookup');
      await page.goto('/cpq/mc-duration-depreciation/ref');
      await page.getByRole('table', { name: 'Duration depreciation' }).waitFor();
      await screenshot(page, 'margin-duration-depreciation');

      // Support cases: a family's row, its cost per unit-year following the typing.
      await page
        .getByRole('navigation', { name: 'Margin data' })
        .getByRole('link', { name: 'Support cases' })
        .click();
      await page.waitForURL((url) => url.pathname === '/cpq/mc-support-cases/ref');
      const supportTable = page.getByRole('table', { name: 'Support cases' });
      await supportTable.waitFor();
      await screenshot(page, 'margin-support-cases');
      const cases = page.getByRole('textbox', {
        name: `Cases per unit-year for ${SUPPORT_FAMILY.name}`,
      });
      const perCase = page.getByRole('textbox', {
        name: `Cost per case for ${SUPPORT_FAMILY.name} in US dollars`,
      });
      const saveCases = page.getByRole('button', {
        name: `Save support cases for ${SUPPORT_FAMILY.name}`,
      });
      await cases.fill('0.1234');
      await page.getByText('Cases per unit-year can have at most 3 decimals.').waitFor();
      expect(await saveCases.isDisabled()).toBe(true);
      await cases.fill('0.25');
      await perCase.fill('70');
      // 0.25 cases × $70.00 a case.
      await supportTable.getByText('$17.50').waitFor();
      await saveCases.click();
      await page.getByRole('status').getByText('Saved').waitFor();
      await page.reload();
      await cases.waitFor();
      expect(await cases.inputValue()).toBe('0.250');
      expect(await perCase.inputValue()).toBe('70.00');
      await supportTable.getByText('$17.50').waitFor();
      await screenshot(page, 'margin-support-cases-saved');
      // The deal desk reads the approval SKUs; its admins change them.
      await sidebar.getByRole('link', { name: 'Approval SKUs' }).click();
      await page.getByRole('table', { name: 'Approval SKUs' }).waitFor();
      await page.getByText('Read only.').waitFor();
      expect(await page.getByRole('button', { name: /^Save approval/ }).count()).toBe(0);
      await screenshot(page, 'approval-skus-read-only');
    } finally {
      if (originalSupportCase === null) {
        await page.request.post('/api/admin/margin/support-cases/delete', {
          data: { family_id: SUPPORT_FAMILY.id },
        });
      } else {
        await apiData(page, '/api/admin/margin/support-cases/save', {
          family_id: SUPPORT_FAMILY.id,
          cases_per_unit_year: originalSupportCase.cases_per_unit_year,
          cost_per_case_usd: (originalSupportCase.cost_per_case_usd_minor / 100).toFixed(2),
        });
      }
      await apiData(page, '/api/admin/margin/markups/save', {
        product_kind: 'SUPPORT',
        percent: supportMarkup,
      });
      if (originalCost === null) {
        await page.request.post('/api/admin/margin/hw-sku-costs/delete', { data: { sku: SKU } });
      } else {
        await apiData(page, '/api/admin/margin/hw-sku-costs/save', {
          sku: SKU,
          unit_cost_usd: (originalCost / 100).toFixed(2),
        });
      }
    }
    await page.context().close();
  });

  it('gives a catalog admin the margin data and approval SKUs in the catalogue group', async () => {
    const page = await newPage(browser);
    await signInAndLand(page, 'catalog@bastion.test', '/commcat/grid/catalog/ref');
    expect(await sidebarLinks(page)).toEqual(
      expect.arrayContaining([...MARGIN_LINKS, 'Approval SKUs']),
    );
    await page
      .locator('nav[aria-label="Sidebar"]')
      .getByRole('link', { name: 'Approval SKUs' })
      .click();
    await page.waitForURL((url) => url.pathname === '/commcat/ps-approval-sku/ref');
    await page.getByRole('form', { name: 'Add an approval SKU' }).waitFor();
    // Adding without a reason is refused in place, before anything is sent.
    await page.getByLabel('SKU', { exact: true }).fill('PS-PM-DAY');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Please enter why this SKU needs approval.').waitFor();
    await screenshot(page, 'approval-skus-editable');
    await page.context().close();
  });
});

describe('margin data for a seller', () => {
  it('shows no menu, and the page refuses', async () => {
    const page = await newPage(browser);
    await signInAndLand(page, 'sales@bastion.test', '/cpq/grid/quotes/ref');
    const links = await sidebarLinks(page);
    for (const link of [...MARGIN_LINKS, 'Approval SKUs']) expect(links).not.toContain(link);

    // The server's refusal of every margin route to a seller: authorization-matrix.test.ts.
    // Typing the address gets a plain refusal, not the data.
    await page.goto('/cpq/mc-markup/ref');
    await page.getByText('You do not have access to this page').waitFor();
    expect(await page.getByRole('table', { name: 'Markups' }).count()).toBe(0);
    await screenshot(page, 'margin-markup-refused');
    await page.context().close();
  });
});
