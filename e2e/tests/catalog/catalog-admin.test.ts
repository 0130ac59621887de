import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  screenshot,
  sidebarLinks,
  signInThroughLoginPage,
} from '../../fixtures.ts';

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const API = '/api/admin/catalog';
const today = new Date().toISOString().slice(0, 10);
const addDays = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** DD-MMM-YYYY, as the app shows calendar dates. */
const shown = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
};

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await signInThroughLoginPage(page, email);
  await page.waitForURL((url) => url.pathname === '/commcat/grid/catalog/ref');
}

async function apiData<T = Record<string, unknown>>(page: Page, path: string, data: unknown) {
  const response = await page.request.post(`${API}/${path}`, { data });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** A SKU of the test's own on a line of its own, priced at 100.00 USD from today. */
async function ownSku(page: Page, tag: string) {
  const line = await apiData<{ id: string }>(page, 'hierarchy/add', {
    name: `E2E line ${tag}`,
    family_id: 'FIREWALL',
  });
  const code = `E2E-${tag}`;
  await apiData(page, 'skus/save', {
    is_new: true,
    sku: code,
    name: `E2E test firewall ${tag}`,
    kind: 'HARDWARE',
    billing: 'ONE_TIME',
    family_id: 'FIREWALL',
    hierarchy_node_id: line.id,
    is_shippable: true,
    is_active: true,
  });
  await apiData(page, 'prices/change', {
    sku: code,
    currency_code: 'USD',
    unit_price: '100',
    effective_from: today,
  });
  return { code, lineName: `E2E line ${tag}` };
}

interface History {
  rows: {
    currency_code: string;
    unit_price_minor: number;
    effective_from: string;
    status: string;
  }[];
}

describe('catalogue administration', () => {
  it('an admin finds a SKU in the grid and schedules a future price change', async () => {
    const page = await newPage(browser);
    page.setDefaultTimeout(15_000);
    await signIn(page, 'catalog@bastion.test');
    expect(await sidebarLinks(page)).toEqual(
      expect.arrayContaining(['Catalog', 'Product hierarchy', 'SKU pricing']),
    );
    const grid = page.getByRole('table', { name: 'SKUs' });
    await grid.getByRole('row').nth(5).waitFor();
    await screenshot(page, 'catalog-grid');

    const tag = String(Date.now()).slice(-8);
    const { code } = await ownSku(page, tag);
    await page.getByRole('searchbox', { name: 'Search' }).fill(code);
    const row = grid.getByRole('row').filter({ hasText: code });
    await row.waitFor();
    await expect.poll(() => grid.getByRole('row').count()).toBe(2);
    await row.getByText('Active', { exact: true }).waitFor();
    await row.click();

    const panel = page.getByRole('dialog', { name: code });
    await panel.getByRole('form', { name: `Edit ${code}` }).waitFor();
    await panel.getByRole('table', { name: 'USD prices' }).waitFor();
    // The spec's wide offcanvas: 700px on a screen of 1200px and more, at the right.
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return box && { width: box.width, right: box.x + box.width };
      })
      .toEqual({ width: 700, right: 1400 });
    await screenshot(page, 'catalog-sku-panel');

    await panel.getByRole('link', { name: 'Schedule a price change' }).click();
    await page.waitForURL((url) => url.pathname === '/commcat/skupricing/ref');
    const form = page.getByRole('form', { name: 'Schedule a price change' });
    await form.getByLabel('Currency').selectOption('USD');
    await form.getByLabel('New unit price').fill('1234.5');
    const from = addDays(30);
    await form.getByLabel('From').fill(from);
    await form.getByRole('button', { name: 'Schedule' }).click();
    await page
      .getByRole('status')
      .getByText(`Scheduled the USD price: $1,234.50 from ${shown(from)}.`)
      .waitFor();

    const usd = page.getByRole('table', { name: 'USD prices' });
    const scheduled = usd.getByRole('row').filter({ hasText: '$1,234.50' });
    await scheduled.getByText('Scheduled', { exact: true }).waitFor();
    expect(await scheduled.innerText()).toContain(shown(from));
    const current = usd.getByRole('row').filter({ hasText: '$100.00' });
    await current.getByText('In effect', { exact: true }).waitFor();
    expect(await current.innerText()).toContain(shown(from));
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'sku-pricing-scheduled');

    const history = await apiData<History>(page, 'prices/history', { sku: code });
    expect(history.rows.map((r) => [r.effective_from, r.unit_price_minor, r.status])).toEqual([
      [from, 123_450, 'scheduled'],
      [today, 10_000, 'in_effect'],
    ]);
    await page.context().close();
  });

  it('an admin imports a CSV with one bad row, sees its error, and nothing changes', async () => {
    const page = await newPage(browser);
    page.setDefaultTimeout(15_000);
    await signIn(page, 'catalog@bastion.test');
    const tag = String(Date.now()).slice(-8);
    const { code } = await ownSku(page, tag);
    await page.goto(`/commcat/skupricing/ref?sku=${code}`);
    await page.getByRole('table', { name: 'USD prices' }).waitFor();

    const from = addDays(45);
    const file = (price: string) => ({
      name: 'prices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'sku,currency,unit_price,effective_from',
          `${code},USD,110.00,${from}`,
          `${code},EUR,${price},${from}`,
          `"${code}",GBP,"85.5",${from}`,
          '',
        ].join('\r\n'),
      ),
    });
    const importForm = page.getByRole('form', { name: 'Import prices' });
    await importForm.getByLabel('Price file').setInputFiles(file('92.345'));
    await importForm.getByRole('button', { name: 'Import' }).click();
    const problems = page.getByRole('table', { name: 'Import problems' });
    await problems.waitFor();
    expect(await problems.getByRole('row').count()).toBe(2);
    expect(
      (await problems.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).map((t) =>
        t.trim(),
      ),
    ).toEqual(['3', 'unit_price', 'Prices have at most 2 decimals in EUR.']);
    await page
      .getByText(
        'Nothing was imported: 1 problem in 1 row of the file. Correct the file and import it again.',
      )
      .waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'sku-pricing-import-refused');

    // Nothing changed: the SKU still has only its USD price of today.
    const before = await apiData<History>(page, 'prices/history', { sku: code });
    expect(before.rows.map((r) => [r.currency_code, r.effective_from])).toEqual([['USD', today]]);

    await importForm.getByLabel('Price file').setInputFiles(file('92.35'));
    await importForm.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('status').getByText('Imported 3 prices.').waitFor();
    await page.getByRole('table', { name: 'GBP prices' }).getByText('£85.50').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'sku-pricing-imported');
    const after = await apiData<History>(page, 'prices/history', { sku: code });
    expect(after.rows.filter((r) => r.status === 'scheduled')).toHaveLength(3);
    await page.context().close();
  });

  it('an admin edits the product hierarchy, and a clash is explained in place', async () => {
    const page = await newPage(browser);
    page.setDefaultTimeout(15_000);
    await signIn(page, 'catalog@bastion.test');
    const tag = String(Date.now()).slice(-8);
    const { lineName } = await ownSku(page, tag);
    await page.getByRole('link', { name: 'Product hierarchy' }).first().click();
    await page.waitForURL((url) => url.pathname === '/commcat/producthierarchy/ref');
    const lines = page.getByRole('list', { name: 'Product lines' });
    await lines.getByText('Network Security', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Expand Network Security' }).click();
    await page.getByRole('button', { name: 'Expand Firewalls' }).click();

    await page.getByRole('button', { name: `Add a line under ${lineName}` }).click();
    const add = page.getByRole('form', { name: 'New product line' });
    await add.getByRole('textbox', { name: 'Name of the new line' }).fill('Rack kits');
    await add.getByRole('button', { name: 'Add line' }).click();
    await page.getByRole('status').getByText(`Added Rack kits under ${lineName}.`).waitFor();

    // A second line of the same name in another case is refused, and the row says why.
    await page.getByRole('button', { name: `Add a line under ${lineName}` }).click();
    await add.getByRole('textbox', { name: 'Name of the new line' }).fill('RACK KITS');
    await add.getByRole('button', { name: 'Add line' }).click();
    await add
      .getByRole('alert')
      .getByText(`There is already a product line called “Rack kits” under ${lineName}.`, {
        exact: false,
      })
      .waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'product-hierarchy-clash');
    await add.getByRole('button', { name: 'Cancel' }).click();

    // Moving offers no place under the line itself.
    await page.getByRole('button', { name: `More for ${lineName}` }).click();
    await page.getByRole('button', { name: 'Move' }).click();
    const move = page.getByRole('form', { name: `Move ${lineName}` });
    const choices = await move.getByRole('combobox').locator('option').allInnerTexts();
    expect(choices).toContain('(Top level)');
    expect(choices.some((choice) => choice.includes(`${lineName} › Rack kits`))).toBe(false);
    await move.getByRole('combobox').selectOption({ label: 'Network Security › Firewalls' });
    await move.getByRole('button', { name: 'Move' }).click();
    await page
      .getByRole('status')
      .getByText(`Moved ${lineName} under Network Security › Firewalls.`)
      .waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'product-hierarchy');
    await page.context().close();
  });

  it('a catalog user sees the catalogue only; the server refuses hierarchy and pricing', async () => {
    const page = await newPage(browser);
    page.setDefaultTimeout(15_000);
    await signIn(page, 'catuser@bastion.test');
    const menus = await sidebarLinks(page);
    expect(menus).toContain('Catalog');
    expect(menus).not.toContain('Product hierarchy');
    expect(menus).not.toContain('SKU pricing');
    const grid = page.getByRole('table', { name: 'SKUs' });
    await grid.getByRole('row').nth(3).click();
    const panel = page.getByRole('dialog');
    await panel.getByText('Product line').waitFor();
    expect(await panel.getByRole('form').count()).toBe(0);
    expect(await panel.getByText('Price history').count()).toBe(0);
    await screenshot(page, 'catalog-user-sku-panel');

    for (const [path, body] of [
      ['hierarchy/list', {}],
      ['prices/history', { sku: 'FW-60F-HW' }],
      ['prices/export', {}],
      ['skus/save', { is_new: true, sku: 'NOPE-1' }],
    ] as const) {
      const response = await page.request.post(`${API}/${path}`, { data: body });
      expect(response.status(), path).toBe(403);
      expect(await response.json()).toMatchObject({ error: 'FORBIDDEN' });
    }
    expect((await page.request.post(`${API}/skus/list`, { data: {} })).status()).toBe(200);

    await page.goto('/commcat/skupricing/ref');
    await page.getByText('Catalogue admins only').waitFor();
    await page.context().close();
  });
});
