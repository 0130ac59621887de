import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  sidebarLinks,
  signInAndLand,
  signInThroughApi,
  useOwnApp,
} from '../../fixtures.ts';

// On an app of its own: it edits the catalogue, hierarchy and bundles that other files configure.
useOwnApp();

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
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

/** Signed in through the API, on the catalogue grid: where catalog users land. */
function signIn(page: Page, email: string) {
  return signInAndLand(page, email, '/commcat/grid/catalog/ref');
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

    // Issue 34: the attributes product rules read, set on the panel and kept.
    const skuForm = () => panel.getByRole('form', { name: `Edit ${code}` });
    await skuForm().getByLabel('Model').fill('E2E-9');
    await skuForm().getByLabel('Form factor').selectOption('1U');
    await skuForm().getByLabel('Segment').selectOption('campus');
    await skuForm().getByLabel('HA-capable').selectOption('yes');
    await skuForm().getByRole('checkbox', { name: 'SFP28' }).check();
    await skuForm().getByRole('checkbox', { name: 'SFP+' }).check();
    await screenshot(page, 'catalog-sku-attributes', { fullPage: false });
    await skuForm().getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`Saved ${code}.`).waitFor();
    const stored = await apiData<{ attributes: unknown }>(page, 'skus/get', { sku: code });
    expect(stored.attributes).toEqual({
      model: 'E2E-9',
      form_factor: '1U',
      segment: 'campus',
      port_types: ['SFP+', 'SFP28'],
      ha_capable: true,
    });

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
    await signInThroughApi(page, 'catalog@bastion.test');
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

    // The SKUs go out and in the same way, from the catalogue, with their attributes (issue 34).
    await page.goto('/commcat/grid/catalog/ref');
    await page.getByRole('button', { name: 'Export / import' }).click();
    const csvPanel = page.getByRole('dialog', { name: 'SKUs as CSV' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      csvPanel.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const [header = '', ...rows] = readFileSync(await download.path(), 'utf8').split('\r\n');
    const cells = rows.find((row) => row.startsWith(`${code},`))?.split(',') ?? [];
    // model and form_factor, blank on the new SKU.
    expect(header.split(',').slice(8, 10)).toEqual(['model', 'form_factor']);
    cells.splice(8, 2, 'E2E-CSV', '1u');
    await csvPanel.getByLabel('SKU file').setInputFiles({
      name: 'skus.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\r\n${cells.join(',')}\r\n`),
    });
    await csvPanel.getByRole('button', { name: 'Import' }).click();
    await csvPanel.getByRole('status').getByText('1 row read: 1 SKU updated.').waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'catalog-sku-csv', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'catalog-sku-csv-narrow', { fullPage: false });
    await page.keyboard.press('Escape');
    await csvPanel.waitFor({ state: 'hidden' });
    await screenshot(page, 'catalog-grid-narrow', { fullPage: false });
    const stored = await apiData<{ attributes: unknown }>(page, 'skus/get', { sku: code });
    expect(stored.attributes).toEqual({ model: 'E2E-CSV', form_factor: '1U' });
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
    await page.getByRole('button', { name: 'Move', exact: true }).click();
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

  it('an admin filters the grid by several product lines', async () => {
    const page = await newPage(browser);
    page.setDefaultTimeout(15_000);
    await signIn(page, 'catalog@bastion.test');
    const tag = String(Date.now()).slice(-8);
    const first = await ownSku(page, `${tag}A`);
    const second = await ownSku(page, `${tag}B`);
    const grid = page.getByRole('table', { name: 'SKUs' });
    await grid.getByRole('row').nth(5).waitFor();

    const toggle = page.getByRole('button', { name: /^Product line/ });
    await toggle.click();
    const finder = page.getByRole('searchbox', { name: 'Find a product line' });
    await finder.fill(first.lineName);
    await page.getByRole('checkbox', { name: first.lineName }).check();
    await finder.fill(second.lineName);
    await page.getByRole('checkbox', { name: second.lineName }).check();
    await expect.poll(() => toggle.innerText()).toBe(`${first.lineName} +1`);
    await expect.poll(() => grid.getByRole('row').count()).toBe(3);
    expect(await grid.getByRole('row').nth(1).innerText()).toContain(first.code);
    expect(await grid.getByRole('row').nth(2).innerText()).toContain(second.code);
    await screenshot(page, 'catalog-grid-product-lines', { fullPage: false });

    // Unticking one line leaves the other's SKU.
    await finder.fill(first.lineName);
    await page.getByRole('checkbox', { name: first.lineName }).uncheck();
    await expect.poll(() => grid.getByRole('row').count()).toBe(2);
    expect(await grid.getByRole('row').nth(1).innerText()).toContain(second.code);

    // A line brings the lines below it, shown ticked and greyed.
    await finder.fill('');
    await page.getByRole('checkbox', { name: 'Network Security', exact: true }).check();
    const firewalls = page.getByRole('checkbox', {
      name: 'Network Security › Firewalls',
      exact: true,
    });
    expect(await firewalls.isChecked()).toBe(true);
    expect(await firewalls.isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByText(/^\d[\d,]* SKUs · USD list prices/).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => toggle.innerText()).toBe('All product lines');
    await page.context().close();
  });

  it('an admin puts sibling product lines in order with Move up and Move down', async () => {
    const page = await newPage(browser);
    page.setDefaultTimeout(15_000);
    await signInThroughApi(page, 'catalog@bastion.test');
    const tag = String(Date.now()).slice(-8);
    const parent = await apiData<{ id: string }>(page, 'hierarchy/add', {
      name: `E2E order ${tag}`,
    });
    for (const name of ['Alpha', 'Bravo', 'Charlie']) {
      await apiData(page, 'hierarchy/add', { name, parent_id: parent.id });
    }
    await page.goto('/commcat/producthierarchy/ref');
    await page.getByRole('button', { name: `Expand E2E order ${tag}` }).click();
    const order = () =>
      page
        .locator(`[data-line="E2E order ${tag}"] + ul [data-line]`)
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-line')));
    await expect.poll(order).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await page.getByRole('button', { name: 'Move Alpha up' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Move Charlie down' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Move Charlie up' }).click();
    await page.getByRole('status').getByText('Moved Charlie up: now 2nd of 3.').waitFor();
    await expect.poll(order).toEqual(['Alpha', 'Charlie', 'Bravo']);
    await page.getByRole('button', { name: 'Move Alpha down' }).click();
    await page.getByRole('status').getByText('Moved Alpha down: now 2nd of 3.').waitFor();
    await expect.poll(order).toEqual(['Charlie', 'Alpha', 'Bravo']);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'product-hierarchy-reordered');

    // The order is the server's: a reload shows it, numbered 1, 2, 3.
    await page.reload();
    await page.getByRole('button', { name: `Expand E2E order ${tag}` }).click();
    await expect.poll(order).toEqual(['Charlie', 'Alpha', 'Bravo']);
    const { nodes } = await apiData<{
      nodes: { parent_id: string | null; name: string; sort_order: number }[];
    }>(page, 'hierarchy/list', {});
    expect(
      nodes
        .filter((n) => n.parent_id === parent.id)
        .sort((a, b) => a.sort_order - b.sort_order)
        .map((n) => [n.name, n.sort_order]),
    ).toEqual([
      ['Charlie', 1],
      ['Alpha', 2],
      ['Bravo', 3],
    ]);
    await page.context().close();
  });

  it('an admin edits a bundle’s components; a refused row is explained and nothing is saved', async () => {
    const page = await newPage(browser);
    page.setDefaultTimeout(15_000);
    await signIn(page, 'catalog@bastion.test');
    const tag = String(Date.now()).slice(-8);
    const appliance = await ownSku(page, `${tag}HW`);
    const extra = await ownSku(page, `${tag}X`);
    const line = await apiData<{ id: string }>(page, 'hierarchy/add', {
      name: `E2E bundles ${tag}`,
      family_id: 'FIREWALL',
    });
    const bundle = `E2E-${tag}-BDL`;
    await apiData(page, 'skus/save', {
      is_new: true,
      sku: bundle,
      name: `E2E bundle ${tag}`,
      kind: 'BUNDLE',
      billing: 'ONE_TIME',
      family_id: 'FIREWALL',
      hierarchy_node_id: line.id,
      is_shippable: false,
      is_active: true,
    });

    await page.getByRole('searchbox', { name: 'Search' }).fill(bundle);
    const grid = page.getByRole('table', { name: 'SKUs' });
    await grid.getByRole('row').filter({ hasText: bundle }).click();
    const panel = page.getByRole('dialog', { name: bundle });
    const editor = panel.getByRole('form', { name: `Components of ${bundle}` });
    await editor.getByText('No components yet').waitFor();

    const find = editor.getByRole('searchbox', { name: 'Add a component' });
    await find.fill(appliance.code);
    await editor.getByRole('button', { name: `Add ${appliance.code}` }).click();
    await find.fill(extra.code);
    await editor.getByRole('button', { name: `Add ${extra.code}` }).click();
    // Neither a bundle nor a product already listed can be added.
    await find.fill(`E2E-${tag}`);
    const offered = editor.getByRole('list', { name: 'Products to add' });
    await offered
      .getByRole('listitem')
      .filter({ hasText: bundle })
      .getByText('This bundle')
      .waitFor();
    await offered
      .getByRole('listitem')
      .filter({ hasText: appliance.code })
      .getByText('Added')
      .waitFor();

    // A quantity of 0 is flagged as typed and blocks saving.
    const quantity = editor.getByRole('textbox', { name: `Quantity of ${appliance.code}` });
    await quantity.fill('0');
    await editor.getByText('A whole number from 1 to 1000.').waitFor();
    const saveButton = editor.getByRole('button', { name: 'Save components' });
    expect(await saveButton.isDisabled()).toBe(true);
    await quantity.fill('2');

    // Meanwhile the extra SKU is retired: the server refuses the list and says which row.
    const retired = await apiData<Record<string, unknown>>(page, 'skus/get', { sku: extra.code });
    await apiData(page, 'skus/save', {
      ...retired,
      is_new: false,
      description: '',
      size: null,
      pricing_model: null,
      is_active: false,
    });
    await saveButton.click();
    await editor
      .getByRole('alert')
      .getByText(`${extra.code} is inactive: only active SKUs can go into a bundle.`)
      .waitFor();
    await editor
      .getByText('Nothing was saved. Correct the rows marked in red and save again.')
      .waitFor();
    await screenshot(page, 'catalog-bundle-components-refused', { fullPage: false });
    expect(
      (await apiData<{ components: unknown[] }>(page, 'skus/get', { sku: bundle })).components,
    ).toEqual([]);

    await editor.getByRole('button', { name: `Remove ${extra.code}` }).click();
    await saveButton.click();
    await editor
      .getByRole('status')
      .getByText(`Saved 1 component of ${bundle}.`, { exact: false })
      .waitFor();
    await screenshot(page, 'catalog-bundle-components', { fullPage: false });
    const saved = await apiData<{ components: { sku: string; quantity: number }[] }>(
      page,
      'skus/get',
      { sku: bundle },
    );
    expect(saved.components.map((c) => [c.sku, c.quantity])).toEqual([[appliance.code, 2]]);

    // Issue 34: the demo's bundle with options shows its groups and each option's place.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await page.getByRole('searchbox', { name: 'Search' }).fill('BX-200F-FLEX');
    await grid.getByRole('row').filter({ hasText: 'BX-200F-FLEX' }).click();
    const flex = page
      .getByRole('dialog', { name: 'BX-200F-FLEX' })
      .getByRole('form', { name: 'Components of BX-200F-FLEX' });
    const groups = flex.getByRole('table', { name: 'Option groups' });
    await groups.waitFor();
    expect(
      await groups
        .getByRole('textbox', { name: /^Name of option group/ })
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
    ).toEqual(['Support tier', 'Subscriptions']);
    const chosen = (name: string) =>
      flex
        .getByRole('combobox', { name, exact: true })
        .evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.label);
    expect(await chosen('Group of BX-200F-SUP-PRM')).toBe('Support tier');
    expect(await chosen('Selection of BX-200F-SUP-PRM')).toBe('Default');
    await flex.getByRole('table', { name: 'Components' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'catalog-bundle-option-groups', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await groups.scrollIntoViewIfNeeded();
    await screenshot(page, 'catalog-bundle-option-groups-narrow', { fullPage: false });
    await page.context().close();
  });

  it('a catalog user sees the catalogue only, without hierarchy and pricing', async () => {
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

    // The server's refusal of hierarchy and pricing routes: authorization-matrix.test.ts.
    await page.goto('/commcat/skupricing/ref');
    await page.getByText('Catalogue admins only').waitFor();
    await page.context().close();
  });
});
