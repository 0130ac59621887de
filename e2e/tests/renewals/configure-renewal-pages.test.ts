import type {
  RenewalConfiguration,
  RenewalDraft,
  RenewalLine,
  RenewalPricing,
} from '@bastion/domain/renewals/schemas';
import { NO_RULE_OUTCOME } from '@bastion/domain/product-rules/schemas';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  draftReducer,
  fileProblems,
  initialDraft,
  localProblems,
  overageOf,
  toDraft,
} from '../../../apps/web/src/features/renewals/components/renewal-draft.ts';
import { timelineAxis } from '../../../apps/web/src/features/renewals/components/timeline-axis.ts';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import { signIn } from '../quotes/quote-helpers.ts';

/*
 * The renewal, co-term and true-up configurators against answers of the shape the server's
 * contract (packages/domain/src/renewals/schemas.ts) promises, served by the browser itself
 * (page.route): the pages' behaviour is checked without depending on the renewals data. The
 * pure parts (the timeline axis, the draft) are checked directly.
 */

const QUOTE_ID = '0e4a7b1c-7f36-4d4e-9a55-2b0d4f3c9a01';
const TARGET_ID = '5d0c1f7e-3c1a-4e8e-b7f4-0a9f7b6c1d01';
const MERGED_ID = '5d0c1f7e-3c1a-4e8e-b7f4-0a9f7b6c1d02';
const E_TP = '7a1b2c3d-0000-4000-8000-000000000001';
const E_SUP = '7a1b2c3d-0000-4000-8000-000000000002';
const E_HW = '7a1b2c3d-0000-4000-8000-000000000003';
const E_MERGED = '7a1b2c3d-0000-4000-8000-000000000004';

function contract(id: string, number: string, start: string, end: string) {
  return {
    id,
    contract_number: number,
    account_id: 'ACC-1',
    account_name: 'Acme Corp',
    region: 'NA',
    opportunity_id: null,
    currency_code: 'USD',
    start_date: start,
    end_date: end,
    days_to_end: 100,
    status: 'IN_PROGRESS' as const,
    status_label: 'Quote in progress',
    csm_name: 'Casey',
    cam_name: 'Cam',
    origin: 'QUOTE' as const,
    amount_to_renew_minor: 1_500_000,
    line_count: 2,
    renewal_quote: null,
    lost_reason: null,
  };
}

function entitlement(
  id: string,
  sku: string,
  options: Partial<{ quantity: number; billing: 'ANNUAL' | 'ONE_TIME'; successor: string }> = {},
) {
  return {
    id,
    sku,
    sku_name: `${sku} name`,
    billing: options.billing ?? ('ANNUAL' as const),
    quantity: options.quantity ?? 10,
    start_date: '2026-01-01',
    end_date: '2026-12-31',
    unit_net_minor: 120_000,
    currency_code: 'USD',
    successor_sku: options.successor ?? null,
    source_quote_id: null,
    source_quote_number: null,
  };
}

function line(overrides: Partial<RenewalLine>): RenewalLine {
  return {
    line_id: null,
    entitlement_id: null,
    contract_id: TARGET_ID,
    sku: 'SKU',
    sku_name: 'SKU name',
    billing: 'ANNUAL',
    sku_type: null,
    source_sku: null,
    successor_sku: null,
    quantity: 1,
    prior_quantity: null,
    prior_unit_net_minor: null,
    current_unit_list_minor: null,
    uplift_percent: null,
    uplift_reason: null,
    renewal_unit_minor: null,
    manual_discount_percent: null,
    period_start: null,
    period_end: null,
    measured_quantity: null,
    entitled_quantity: null,
    net_minor: null,
    proration: [],
    explanation: [],
    ...overrides,
  };
}

function configuration(overrides: Partial<RenewalConfiguration>): RenewalConfiguration {
  return {
    quote: {
      id: QUOTE_ID,
      quote_number: 'Q-RENEW-1',
      quote_name: 'Acme renewal',
      quote_type: 'STANDARD',
      deal_type: 'R',
      status_id: 'INCOMPLETE',
      version: 3,
      currency_code: 'USD',
      account_id: 'ACC-1',
      account_name: 'Acme Corp',
      region: 'NA',
      contract_length: 12,
      is_editable: true,
      read_only_reason: null,
    },
    kind: 'RENEWAL',
    contracts: [],
    available_contracts: [],
    term_start: null,
    term_end: null,
    measured_on: null,
    default_uplift_percent: '5',
    sku_type_required: false,
    drops: [],
    pricing: { lines: [], list_minor: null, net_minor: null, problems: [], ...NO_RULE_OUTCOME },
    timeline: [],
    ...overrides,
  };
}

const renewalConfiguration = (skuTypeRequired: boolean) => {
  const target = {
    ...contract(TARGET_ID, 'C-1001', '2026-01-01', '2026-12-31'),
    entitlements: [
      entitlement(E_TP, 'FW-100-TP', { successor: 'FW-200-TP' }),
      entitlement(E_SUP, 'FW-100-SUP'),
    ],
  };
  const stored = (id: string, sku: string, successor: string | null) =>
    line({
      line_id: `line-${sku}`,
      entitlement_id: id,
      sku,
      sku_name: `${sku} name`,
      source_sku: sku,
      successor_sku: successor,
      sku_type: skuTypeRequired ? null : 'SAME',
      quantity: 10,
      prior_quantity: 10,
      prior_unit_net_minor: 120_000,
      current_unit_list_minor: 150_000,
      uplift_percent: '5',
      renewal_unit_minor: 126_000,
      net_minor: 1_260_000,
    });
  return configuration({
    contracts: [target],
    term_start: '2027-01-01',
    term_end: '2027-12-31',
    sku_type_required: skuTypeRequired,
    pricing: {
      lines: [stored(E_TP, 'FW-100-TP', 'FW-200-TP'), stored(E_SUP, 'FW-100-SUP', null)],
      list_minor: 3_000_000,
      net_minor: 2_520_000,
      problems: skuTypeRequired
        ? [
            { path: 'lines.0.sku_type', message: 'Please select SKU Type' },
            { path: 'lines.1.sku_type', message: 'Please select SKU Type' },
          ]
        : [],
      ...NO_RULE_OUTCOME,
    },
  });
};

/** Serves the renewals calls from `config`, prices with `price`, and keeps the drafts priced. */
async function mockRenewals(
  page: Page,
  config: RenewalConfiguration,
  price: (draft: RenewalDraft) => RenewalPricing,
) {
  const priced: RenewalDraft[] = [];
  const ok = (data: unknown) => ({ json: { code: 200, data } });
  await page.route('**/api/dx/renewals/quote-configuration', (route) => route.fulfill(ok(config)));
  await page.route('**/api/dx/renewals/price', (route) => {
    const body = route.request().postDataJSON() as { draft: RenewalDraft };
    priced.push(body.draft);
    return route.fulfill(ok(price(body.draft)));
  });
  await page.route('**/api/dx/quote-attachments', (route) =>
    route.fulfill({ status: 404, json: { code: 404, message: 'No attachments here.' } }),
  );
  return priced;
}

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

describe('the renewal configurator', () => {
  it('refuses a successor SKU where the catalogue has none, and shows the successor where it has', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    await mockRenewals(
      page,
      renewalConfiguration(false),
      () => renewalConfiguration(false).pricing,
    );
    await page.goto(`/cpq/configure-renewal-quote/${QUOTE_ID}/R`);
    await page.getByRole('heading', { name: 'Configure renewal quote' }).waitFor();
    expect(await page.getByTestId('contract-number').innerText()).toBe('C-1001');
    expect(await page.getByTestId('new-term').innerText()).toBe('01-Jan-2027 to 31-Dec-2027');

    const noSuccessor = page.getByLabel('SKU type of FW-100-SUP');
    const successorOption = noSuccessor.locator('option[value="SUCCESSOR"]');
    expect(await successorOption.isDisabled()).toBe(true);
    expect(await successorOption.getAttribute('title')).toBe('No successor SKU in the catalogue');
    await noSuccessor.hover();
    await page.getByRole('tooltip', { name: 'No successor SKU in the catalogue' }).waitFor();

    const withSuccessor = page.getByLabel('SKU type of FW-100-TP');
    expect(await withSuccessor.locator('option[value="SUCCESSOR"]').isDisabled()).toBe(false);
    await withSuccessor.selectOption('SUCCESSOR');
    expect(await page.getByTestId('successor-sku').innerText()).toContain('FW-200-TP');

    // A longer contract moves the new term's end.
    await page.getByLabel('Contract length').selectOption('24');
    expect(await page.getByTestId('new-term').innerText()).toBe('01-Jan-2027 to 31-Dec-2028');
    await screenshot(page, 'configure-renewal');
  });

  it('asks a deal-desk user for every SKU type with the server message under the field', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    await mockRenewals(page, renewalConfiguration(true), () => renewalConfiguration(true).pricing);
    await page.goto(`/cpq/configure-renewal-quote/${QUOTE_ID}/R`);
    const select = page.getByLabel('SKU type of FW-100-TP');
    await select.waitFor();
    expect(await select.inputValue()).toBe('');
    const describedBy = (await select.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ')[0]}"]`).innerText()).toBe(
      'Please select SKU Type',
    );
    expect(await page.getByRole('button', { name: /^Next/ }).isDisabled()).toBe(true);
  });

  it('drops a line only with a churn reason, and restores it', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    const priced = await mockRenewals(
      page,
      renewalConfiguration(false),
      () => renewalConfiguration(false).pricing,
    );
    await page.goto(`/cpq/configure-renewal-quote/${QUOTE_ID}/R`);
    await page.getByRole('button', { name: 'Drop FW-100-SUP name (FW-100-SUP)' }).click();

    const dropped = page.getByTestId('dropped-lines');
    await dropped.waitFor();
    expect(await page.getByTestId('renewal-line-FW-100-SUP').count()).toBe(0);
    const reason = dropped.getByLabel('Churn reason');
    expect(await reason.getAttribute('class')).toContain('is-invalid');
    expect(await dropped.innerText()).toContain('Give a reason for dropping this line.');
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    await reason.fill('Moved to a competitor');
    await expect.poll(() => page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(false);
    await expect
      .poll(() => priced.at(-1)?.drops)
      .toEqual([{ entitlement_id: E_SUP, reason: 'Moved to a competitor' }]);
    expect(priced.at(-1)?.lines.map((l) => l.entitlement_id)).toEqual([E_TP]);

    await dropped.getByRole('button', { name: 'Restore FW-100-SUP' }).click();
    await page.getByTestId('renewal-line-FW-100-SUP').waitFor();
    expect(await page.getByTestId('dropped-lines').count()).toBe(0);
    await expect.poll(() => priced.at(-1)?.drops).toEqual([]);

    // An uplift other than the default needs its reason.
    await page.getByLabel('Uplift % of FW-100-TP name (FW-100-TP)').fill('8');
    const upliftReason = page.getByLabel('Uplift reason of FW-100-TP name (FW-100-TP)');
    expect(await upliftReason.getAttribute('class')).toContain('is-invalid');
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await upliftReason.fill('List price rose');
    await expect.poll(() => page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(false);
  });

  it('shows a read-only quote with the reason and no inputs to change', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    const base = renewalConfiguration(false);
    await mockRenewals(
      page,
      { ...base, quote: { ...base.quote, is_editable: false, read_only_reason: 'In approval.' } },
      () => base.pricing,
    );
    await page.goto(`/cpq/configure-renewal-quote/${QUOTE_ID}/R`);
    expect(await page.getByTestId('read-only-reason').innerText()).toBe('In approval.');
    expect(await page.getByLabel('Quantity of FW-100-TP name (FW-100-TP)').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
  });
});

describe('the true-up configurator', () => {
  it('shows the overage as usage is typed, prices it with its explanation, and refuses negative usage', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    const target = {
      ...contract(TARGET_ID, 'C-3001', '2026-01-01', '2026-12-31'),
      entitlements: [
        entitlement(E_TP, 'FW-100-TP', { quantity: 100 }),
        entitlement(E_HW, 'FW-100-HW', { quantity: 2, billing: 'ONE_TIME' }),
      ],
    };
    const config = configuration({
      kind: 'TRUE_UP',
      quote: { ...configuration({}).quote, deal_type: 'TU' },
      contracts: [target],
    });
    await mockRenewals(page, config, (draft) => ({
      lines: draft.lines.map((l) => {
        const overage = Math.max(0, (l.measured_quantity ?? 0) - 100);
        return line({
          entitlement_id: l.entitlement_id ?? null,
          sku: 'FW-100-TP',
          entitled_quantity: 100,
          measured_quantity: l.measured_quantity ?? null,
          prior_unit_net_minor: 120_000,
          net_minor: overage * 30_000,
          explanation: overage
            ? [`$${overage * 1200}.00 × 92 / 365 days (0.252055), 01-Oct-2026 to 31-Dec-2026`]
            : [],
        });
      }),
      list_minor: null,
      net_minor: 0,
      problems: [],
      // Issue 34: the rules speak of a true-up's lines too; an error holds Next.
      rule_messages: draft.lines.some((l) => (l.measured_quantity ?? 0) > 120)
        ? [
            {
              rule_id: 'r-usage',
              rule_name: 'Usage ceiling',
              severity: 'error' as const,
              message: 'FW-100-TP usage over 120 needs the next model: quote a refresh instead.',
              line_keys: ['line-0'],
            },
          ]
        : [],
      rule_actions: [],
      rule_applied: [],
    }));
    await page.goto(`/cpq/configure-renewal-quote/${QUOTE_ID}/TU`);
    await page.getByRole('heading', { name: 'Configure true-up quote' }).waitFor();
    // Only the annual entitlements are trued up.
    expect(await page.getByTestId('true-up-line-FW-100-HW').count()).toBe(0);
    const row = page.getByTestId('true-up-line-FW-100-TP');
    expect(await row.getByTestId('entitled').innerText()).toBe('100');

    const usage = page.getByLabel('Measured usage of FW-100-TP');
    await usage.fill('130');
    expect(await row.getByTestId('overage').innerText()).toBe('30');
    await expect.poll(() => row.getByTestId('line-net').innerText()).toBe('$9,000.00');
    expect(await row.innerText()).toContain('× 92 / 365 days (0.252055)');
    const checks = page.getByTestId('rule-checks');
    await checks
      .getByText('FW-100-TP usage over 120 needs the next model: quote a refresh instead.')
      .waitFor();
    expect(await checks.innerText()).toContain('Lines: FW-100-TP');
    expect(await page.getByRole('button', { name: /Next: Shipping/ }).isDisabled()).toBe(true);

    await usage.fill('90');
    await checks.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: /Next: Shipping/ }).isDisabled()).toBe(false);
    expect(await row.getByTestId('overage').innerText()).toBe('0');

    await usage.fill('-5');
    expect(await row.innerText()).toContain(
      'The measured usage must be a whole number of 0 or more.',
    );
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await screenshot(page, 'configure-true-up');
  });
});

describe('the co-term configurator', () => {
  it('draws existing, new and extended lines on one axis with today and the co-term end', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    const target = {
      ...contract(TARGET_ID, 'C-2001', '2026-01-01', '2027-12-31'),
      entitlements: [entitlement(E_TP, 'FW-50-TP')],
    };
    const merged = {
      ...contract(MERGED_ID, 'C-2002', '2026-06-01', '2027-05-31'),
      entitlements: [entitlement(E_MERGED, 'FW-100-TP', { quantity: 3 })],
    };
    const segment = {
      start: '2027-01-01',
      end: '2027-12-31',
      full_term_minor: 50_000,
      days_used: 365,
      days_in_term: 365,
      factor: '1.000000',
      amount_minor: 50_000,
    };
    const pricing: RenewalPricing = {
      lines: [
        line({
          line_id: 'line-new',
          sku: 'AP-10-LIC',
          sku_name: 'Access point licence',
          quantity: 5,
          contract_id: null,
          period_start: '2027-01-01',
          period_end: '2027-12-31',
          proration: [segment],
          explanation: ['$500.00 × 365 / 365 days (1.000000), 01-Jan-2027 to 31-Dec-2027'],
          net_minor: 50_000,
        }),
        line({
          line_id: 'line-extended',
          entitlement_id: E_MERGED,
          contract_id: MERGED_ID,
          sku: 'FW-100-TP',
          quantity: 3,
          period_start: '2027-06-01',
          period_end: '2027-12-31',
          net_minor: 21_000,
        }),
      ],
      list_minor: 71_000,
      net_minor: 71_000,
      problems: [],
      ...NO_RULE_OUTCOME,
    };
    const config = configuration({
      kind: 'COTERM',
      contracts: [target, merged],
      term_start: '2027-01-01',
      term_end: '2027-12-31',
      pricing,
      timeline: [
        bar('existing', 'FW-50-TP × 10', 'EXISTING', '2026-01-01', '2027-12-31'),
        bar('extended', 'FW-100-TP × 3', 'EXTENDED', '2026-06-01', '2027-12-31'),
        bar('new', 'AP-10-LIC × 5', 'NEW', '2027-01-01', '2027-12-31'),
      ],
    });
    await mockRenewals(page, config, () => pricing);
    await page.goto(`/cpq/configure-renewal-coterm-quote/${QUOTE_ID}/R`);
    await page.getByRole('heading', { name: 'Configure co-term quote' }).waitFor();

    const timeline = page.getByTestId('coterm-timeline');
    expect(await timeline.getByTestId('coterm-bar-row').count()).toBe(3);
    const existing = timeline.locator('.coterm-bar[data-kind="EXISTING"]');
    expect(await existing.getAttribute('style')).toContain('left: 0%');
    expect(await existing.getAttribute('style')).toContain('width: 100%');
    expect(await timeline.getByTestId('coterm-end-marker').getAttribute('style')).toContain(
      'left: 100%',
    );
    // Screen readers read the same bars as a table.
    const table = await timeline.locator('table').innerText();
    expect(table).toContain('AP-10-LIC × 5');
    expect(table).toContain('01-Jan-2027');
    expect(table).toContain('C-2002');

    const newLine = page.getByTestId('coterm-line-AP-10-LIC');
    expect(await newLine.innerText()).toContain(
      '$500.00 × 365 / 365 days (1.000000), 01-Jan-2027 to 31-Dec-2027',
    );
    expect(await newLine.getByTestId('days').innerText()).toBe('365 / 365');
    await screenshot(page, 'configure-coterm');
  });
});

function bar(
  key: string,
  label: string,
  kind: 'EXISTING' | 'NEW' | 'EXTENDED',
  start: string,
  end: string,
) {
  return {
    key,
    label,
    kind,
    contract_number: kind === 'NEW' ? null : 'C-2002',
    start,
    end,
    quantity: 1,
  };
}

let datedKey = 0;
/** A bar of the timeline with only its dates mattering. */
const dated = (start: string, end: string) =>
  bar(`bar-${++datedKey}`, 'SKU × 1', 'EXISTING', start, end);

describe('the co-term timeline axis', () => {
  it('places bars by inclusive days between the earliest start and the latest end', () => {
    const axis = timelineAxis([
      dated('2027-01-01', '2027-12-31'),
      dated('2027-07-01', '2027-12-31'),
    ]);
    expect(axis).not.toBeNull();
    if (!axis) return;
    expect(axis.days).toBe(365);
    expect(axis.bars[0]).toMatchObject({ left: 0, width: 100 });
    expect(axis.bars[1]?.left).toBeCloseTo((181 / 365) * 100, 1);
    expect(axis.bars[1]?.width).toBeCloseTo((184 / 365) * 100, 1);
    expect(axis.startOf('2027-01-01')).toBe(0);
    expect(axis.endOf('2027-12-31')).toBe(100);
    expect(axis.startOf('2028-01-02')).toBeNull();
    expect(axis.tickUnit).toBe('month');
    // A year's months are all drawn, the quarters named.
    expect(axis.ticks.map((t) => t.label)).toEqual([
      'Jan 2027',
      '',
      '',
      'Apr',
      '',
      '',
      'Jul',
      '',
      '',
      'Oct',
      '',
      '',
    ]);
    const short = timelineAxis([dated('2027-02-10', '2027-06-30')]);
    expect(short?.ticks.map((t) => t.label)).toEqual(['Mar 2027', 'Apr', 'May', 'Jun']);
    expect(axis.ticks[1]?.left).toBeCloseTo((31 / 365) * 100, 10);
  });

  it('counts 29 February and switches to quarters, then years, on longer axes', () => {
    expect(timelineAxis([dated('2028-01-01', '2028-12-31')])?.days).toBe(366);
    const quarters = timelineAxis([dated('2026-02-15', '2029-12-31')]);
    expect(quarters?.tickUnit).toBe('quarter');
    expect(quarters?.ticks.slice(0, 4).map((t) => t.label)).toEqual([
      'Apr 2026',
      'Jul',
      'Oct',
      'Jan 2027',
    ]);
    const years = timelineAxis([dated('2026-01-01', '2032-12-31')]);
    expect(years?.tickUnit).toBe('year');
    expect(years?.ticks.map((t) => t.label)).toEqual([
      '2026',
      '2027',
      '2028',
      '2029',
      '2030',
      '2031',
      '2032',
    ]);
  });

  it('leaves off bars with unreadable or reversed dates, and has no axis without bars', () => {
    expect(timelineAxis([])).toBeNull();
    expect(timelineAxis([dated('2027-02-30', '2027-12-31')])).toBeNull();
    const axis = timelineAxis([
      dated('2027-01-01', '2027-01-10'),
      dated('2027-05-01', '2027-04-01'),
    ]);
    expect(axis?.bars).toHaveLength(1);
    expect(axis?.days).toBe(10);
  });
});

describe('the renewal draft', () => {
  it('computes the true-up overage as usage above the entitlement, never below 0', () => {
    expect(overageOf({ measured_quantity: '130', entitled_quantity: 100 })).toBe(30);
    expect(overageOf({ measured_quantity: '90', entitled_quantity: 100 })).toBe(0);
    expect(overageOf({ measured_quantity: '-5', entitled_quantity: 100 })).toBeNull();
    expect(overageOf({ measured_quantity: '', entitled_quantity: 100 })).toBeNull();
  });

  it('needs a reason for a dropped line and sends it with the draft', () => {
    const config = renewalConfiguration(false);
    let state = initialDraft(config);
    const key = state.lines[1]?.key ?? '';
    state = draftReducer(state, { type: 'drop', key });
    expect(localProblems(state).get('drops.0.reason')).toBe(
      'Give a reason for dropping this line.',
    );
    state = draftReducer(state, { type: 'drop-reason', entitlement_id: E_SUP, value: 'Churned' });
    expect(localProblems(state).size).toBe(0);
    expect(toDraft(state).drops).toEqual([{ entitlement_id: E_SUP, reason: 'Churned' }]);
    state = draftReducer(state, { type: 'restore', entitlement_id: E_SUP });
    expect(state.drops).toEqual([]);
    expect(state.lines.map((l) => l.entitlement_id)).toEqual([E_TP, E_SUP]);
    expect(state.lines[1]?.successor_sku).toBeNull();
  });

  it('files the server problems under the lines that were sent', () => {
    const state = initialDraft(renewalConfiguration(true));
    const filed = fileProblems(
      [
        { path: 'draft.lines.1.sku_type', message: 'Please select SKU Type' },
        { path: 'term_start', message: 'Start date: …' },
        { path: 'id', message: 'Something else.' },
      ],
      state,
    );
    expect(filed.byField.get(`${state.lines[1]?.key}.sku_type`)).toBe('Please select SKU Type');
    expect(filed.byField.get('term_start')).toBe('Start date: …');
    expect(filed.general).toEqual(['Something else.']);
  });
});
