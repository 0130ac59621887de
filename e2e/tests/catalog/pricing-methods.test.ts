import type { Browser, Locator, Page } from 'playwright-core';
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
import { seriousViolations } from '../accessibility/axe.ts';

// On an app of its own: it changes SKUs' pricing methods and the discount schedules.
useOwnApp();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

const API = '/api/admin/catalog';
const today = new Date().toISOString().slice(0, 10);

async function apiData<T = Record<string, unknown>>(page: Page, path: string, data: unknown) {
  const response = await page.request.post(`${API}/${path}`, { data });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** A firewall SKU of the test's own, of a model of its own, on a line of its own. */
async function ownSku(page: Page, code: string, lineId: string, extra: Record<string, unknown>) {
  await apiData(page, 'skus/save', {
    is_new: true,
    sku: code,
    name: `E2E ${code}`,
    kind: 'HARDWARE',
    billing: 'ONE_TIME',
    family_id: 'FIREWALL',
    hierarchy_node_id: lineId,
    is_shippable: false,
    is_active: true,
    ...extra,
  });
}

/** Both widths the screens must look right at, each as its own screenshot of `subject`. */
async function screenshotsAt(page: Page, name: string, subject?: Locator) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await subject?.scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${width}`, { fullPage: false });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('pricing methods and discount schedules', () => {
  it('an admin schedules a percent-of-total method on a SKU and edits a schedule tier', async () => {
    const page = await newPage(browser, { width: 1440, height: 900 });
    page.setDefaultTimeout(15_000);
    await signInAndLand(page, 'catalog@bastion.test', '/commcat/grid/catalog/ref');
    expect(await sidebarLinks(page)).toEqual(expect.arrayContaining(['Discount schedules']));

    const tag = String(Date.now()).slice(-8);
    const line = await apiData<{ id: string }>(page, 'hierarchy/add', {
      name: `E2E pricing ${tag}`,
      family_id: 'FIREWALL',
    });
    const model = `E2E-M-${tag}`;
    const [hardware, support, other] = [`E2E-HW-${tag}`, `E2E-SUP-${tag}`, `E2E-SUP2-${tag}`];
    const supportSku = { kind: 'SUPPORT', billing: 'ANNUAL', attributes: { model } };
    await ownSku(page, hardware, line.id, { attributes: { model } });
    await ownSku(page, support, line.id, supportSku);
    await ownSku(page, other, line.id, supportSku);
    // Another support SKU already covers this one: covering it back is a cycle.
    await apiData(page, 'pricing-methods/schedule', {
      sku: other,
      method: 'PERCENT_OF_TOTAL',
      percent: '15',
      covers: { scope: 'SKU', skus: [support] },
      effective_from: today,
    });

    await page.getByRole('searchbox', { name: 'Search' }).fill(support);
    const grid = page.getByRole('table', { name: 'SKUs' });
    await grid.getByRole('row').filter({ hasText: support }).click();
    const panel = page.getByRole('dialog', { name: support });
    const form = panel.getByRole('form', { name: 'Schedule a pricing method' });
    await form.waitFor();
    await panel.getByText('No method set: the SKU is priced from its list price.').waitFor();

    await form.getByLabel('Method').selectOption({ label: 'Percent of total' });
    await form.getByLabel('Share of the covered net unit price').fill('20');
    await form.getByLabel('Covers').selectOption({ label: 'The SKUs named' });
    const picker = form.getByLabel('Add a SKU it covers');
    await picker.fill(other);
    await form.getByRole('button', { name: new RegExp(other) }).click();
    await form.getByLabel('Floor (USD)').fill('150');
    await form.getByLabel('From').fill(today);
    await form.getByRole('button', { name: 'Schedule' }).click();
    // The server's refusal, at the field it is about.
    const covered = form.getByRole('group', { name: 'SKUs it covers' });
    await covered.getByText(`${support} and ${other} cover each other.`).waitFor();

    await covered.getByRole('button', { name: `Remove ${other}` }).click();
    await picker.fill(hardware);
    await form.getByRole('button', { name: new RegExp(hardware) }).click();
    await form.getByRole('button', { name: 'Schedule' }).click();
    await panel
      .getByRole('status')
      .getByText(/^Scheduled Percent of total from /)
      .waitFor();
    const history = panel.getByRole('table', { name: `Pricing methods of ${support}` });
    const row = history.getByRole('row').filter({ hasText: 'Percent of total' });
    await row.getByText(`20 % of ${hardware}; at least $150.00`).waitFor();
    await row.getByText('In effect').waitFor();
    await panel
      .getByText(/^Today \(/)
      .locator('..')
      .getByText('Percent of total')
      .first()
      .waitFor();
    expect(await seriousViolations(page, { include: '.offcanvas' })).toEqual([]);
    await screenshotsAt(
      page,
      'catalog-pricing-method',
      panel.getByRole('heading', { name: 'Pricing method' }),
    );
    await screenshotsAt(page, 'catalog-pricing-method-form', covered);

    // Choosing a block price shows the bands, saved per currency; an overlap is refused in place.
    await form.getByLabel('Method').selectOption({ label: 'Block price' });
    const bands = panel.getByRole('form', { name: `USD bands of ${support}` });
    await bands.getByRole('button', { name: 'Add band' }).click();
    await bands.getByLabel('First quantity of band 1').fill('1');
    await bands.getByLabel('Last quantity of band 1').fill('5');
    await bands.getByLabel('Price of band 1').fill('2995');
    await bands.getByRole('button', { name: 'Add band' }).click();
    await bands.getByLabel('First quantity of band 2').fill('5');
    await bands.getByLabel('Price of band 2').fill('8995');
    await bands.getByText('Bands 1–5 and 5+ overlap.').waitFor();
    await bands.getByLabel('First quantity of band 2').fill('6');
    await bands.getByRole('button', { name: 'Save USD bands' }).click();
    await bands.getByRole('status').getByText('Saved 2 bands in USD.').waitFor();
    await screenshotsAt(page, 'catalog-price-blocks', bands);
    await form.getByLabel('Method').selectOption({ label: 'Percent of total' });

    const stored = await apiData<{ method_today: string; rows: { covers: unknown }[] }>(
      page,
      'pricing-methods/get',
      { sku: support },
    );
    expect(stored.method_today).toBe('PERCENT_OF_TOTAL');
    expect(stored.rows[0]?.covers).toEqual({ scope: 'SKU', skus: [hardware] });
    await page.keyboard.press('Escape');
    // Gone, not closing: its own "Discount schedules" link goes with it.
    await page.locator('.offcanvas').waitFor({ state: 'detached' });

    // A discount schedule of the test's own, its second tier changed on the page.
    const scheduleName = `E2E volume ${tag}`;
    await apiData(page, 'discount-schedules/save', {
      is_new: true,
      id: `E2E-${tag}`,
      name: scheduleName,
      schedule_type: 'RANGE',
      tiers: [
        { min_quantity: 100, percent: '5' },
        { min_quantity: 500, percent: '10' },
      ],
    });
    await page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: 'Discount schedules' })
      .click();
    await page.waitForURL((url) => url.pathname === '/commcat/discount-schedules/ref');
    const schedules = page.getByRole('table', { name: 'Discount schedules' });
    await schedules.getByRole('button', { name: `Edit ${scheduleName}` }).click();
    const editor = page.getByRole('form', { name: `Edit ${scheduleName}` });
    await editor.getByLabel('Slab').check();
    // Two tiers from one quantity are refused where they are typed.
    await editor.getByLabel('First unit of tier 2').fill('100');
    await editor.getByLabel('First unit of tier 2').blur();
    await editor.getByText('Two tiers start at 100 units: keep one.').waitFor();
    await editor.getByLabel('First unit of tier 2').fill('500');
    await editor.getByLabel('Discount of tier 2').fill('12.5');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAt(page, 'discount-schedule-editor');
    await editor.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByRole('status').getByText(`Saved ${scheduleName}.`).waitFor();
    const listed = schedules.getByRole('row').filter({ hasText: scheduleName });
    await listed.getByText('100+ 5 % · 500+ 12.5 %').waitFor();
    await listed.getByText(`E2E-${tag} · Slab`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAt(page, 'discount-schedules');
    await screenshotsAt(
      page,
      'term-discounts',
      page.getByRole('form', { name: 'Set a term discount' }),
    );
    await page.context().close();

    // A catalog user reads the same, and changes nothing.
    const reader = await newPage(browser, { width: 1440, height: 900 });
    reader.setDefaultTimeout(15_000);
    await signInAndLand(reader, 'catuser@bastion.test', '/commcat/grid/catalog/ref');
    await reader.getByRole('searchbox', { name: 'Search' }).fill(support);
    await reader
      .getByRole('table', { name: 'SKUs' })
      .getByRole('row')
      .filter({ hasText: support })
      .click();
    const readerPanel = reader.getByRole('dialog', { name: support });
    await readerPanel
      .getByRole('table', { name: `Pricing methods of ${support}` })
      .getByText(`20 % of ${hardware}; at least $150.00`)
      .waitFor();
    await readerPanel.getByText('Its own volume tiers (no discount schedule).').waitFor();
    expect(await readerPanel.getByRole('form').count()).toBe(0);
    await screenshotsAt(
      reader,
      'catalog-pricing-method-reader',
      readerPanel.getByRole('heading', { name: 'Pricing method' }),
    );
    await readerPanel.getByRole('link', { name: 'Discount schedules' }).click();
    await reader.getByText('Read only.').waitFor();
    await reader
      .getByRole('table', { name: 'Discount schedules' })
      .getByText(scheduleName)
      .waitFor();
    expect(await reader.getByRole('button', { name: 'New schedule' }).count()).toBe(0);
    expect(await reader.getByRole('form').count()).toBe(0);
    await reader.context().close();
  });
});
