import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  DEMO_PASSWORD,
  closeBrowser,
  launchBrowser,
  screenshot,
  useOwnApp,
} from '../../fixtures.ts';
import {
  NO_STATUS_LABEL,
  STATUS_LABEL_TONES,
  statusColor,
} from '@bastion/domain/quotes/status-display';
import { statusBadgeClassName } from '../../../apps/web/src/components/status-badge-class.ts';
import { apiData, createDirectQuote, createQuoteOn, quoteAtSummary } from '../quotes/quote-api.ts';
import { seriousViolations } from './axe.ts';

// On an app of its own: it adds a webhook endpoint and opens every page, which others change meanwhile.
useOwnApp();

/*
 * Issue 21: axe-core (WCAG 2.1 A and AA) finds no serious or critical violation on any screen of
 * spec §2. One browser; one context per demo user, signed in once through the API; the records
 * (quotes at each step, a renewal, a co-term, a legacy quote) are made through the API too.
 */

let browser: Browser;
const contexts = new Map<string, Promise<BrowserContext>>();

/** The demo user's context (null: nobody signed in), signed in through the API on first use. */
function contextOf(email: string | null): Promise<BrowserContext> {
  const key = email ?? 'anonymous';
  let context = contexts.get(key);
  if (!context) {
    context = (async () => {
      const created = await browser.newContext({
        baseURL: baseURL(),
        viewport: { width: 1400, height: 900 },
        reducedMotion: 'reduce',
      });
      if (email) {
        const answer = await created.request.post('/api/security/auth/login', {
          data: { email, password: DEMO_PASSWORD },
          headers: { origin: baseURL() },
        });
        if (answer.status() !== 200) throw new Error(`${email}: ${await answer.text()}`);
      }
      return created;
    })();
    contexts.set(key, context);
  }
  return context;
}

/** A new tab as the user: tests run side by side, each in its own tab. */
async function tabAs(email: string | null): Promise<Page> {
  return (await contextOf(email)).newPage();
}

/** The page's own content is on screen: its heading, and no loader or spinner left. */
async function settled(page: Page, heading?: string | RegExp) {
  const h1 = heading
    ? page.getByRole('heading', { level: 1, name: heading })
    : page.getByRole('heading', { level: 1 });
  await h1.first().waitFor({ timeout: 45_000 });
  // Not expect.poll: concurrent tests may only use their own expect.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('.spinner-border, .placeholder-glow')].every(
        (element) => (element as HTMLElement).offsetParent === null,
      ),
    undefined,
    { timeout: 45_000 },
  );
}

/** Opens `path` in the tab, waits for its content and answers axe's serious findings. */
async function check(
  page: Page,
  path: string,
  options: { heading?: string | RegExp; ready?: (page: Page) => Promise<unknown> } = {},
): Promise<string[]> {
  await page.goto(path);
  await settled(page, options.heading);
  await options.ready?.(page);
  return (await seriousViolations(page)).map((line) => `[${path}] ${line}`);
}

/** Each tab of the page in turn, with axe on each; answers every finding with the tab's name. */
async function checkTabs(page: Page, tabs: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await page.getByRole('tab', { name: tab, exact: true, selected: true }).waitFor();
    await settled(page);
    found.push(...(await seriousViolations(page)).map((line) => `[${tab}] ${line}`));
  }
  return found;
}

const SALES = 'sales@bastion.test';
const ROOT = 'root@bastion.test';
const APPROVER = 'approver@bastion.test';
const DESK = 'dealdesk@bastion.test';
const CATALOG = 'catalog@bastion.test';
const USER_ADMIN = 'useradmin@bastion.test';
const GAM = 'gam@bastion.test';

/** Records the pages show, made in beforeAll. */
const records = {
  configure: '',
  shipping: '',
  summary: '',
  pending: '',
  legacy: '',
  renewalPath: '',
  cotermPath: '',
};

/** The seller's quotes: lines to configure, a line to ship, one at the summary, one pending. */
async function sellerRecords(stamp: number) {
  const sales = await tabAs(SALES);
  records.configure = await createDirectQuote(sales, `Axe configure ${stamp}`);
  await apiData(sales, '/api/dx/save-quote-configuration', {
    id: records.configure,
    version: 1,
    lines: [
      { key: 'a', sku: 'BX-100F-HW', quantities: [2] },
      { key: 'b', sku: 'BX-100F-TP', quantities: [2] },
    ],
  });
  records.shipping = await createDirectQuote(sales, `Axe shipping ${stamp}`);
  await apiData(sales, '/api/dx/save-quote-configuration', {
    id: records.shipping,
    version: 1,
    advance: true,
    // Issue 34: an appliance moves on with its support.
    lines: [
      { key: 'a', sku: 'BX-100F-HW', quantities: [3] },
      { key: 'b', sku: 'BX-100F-SUP-STD', quantities: [3] },
    ],
  });
  records.summary = (
    await quoteAtSummary(sales, `Axe summary ${stamp}`, [{ sku: 'BX-100F-TP', quantity: 3 }])
  ).id;
  // A 40 % discount asks the finance approvers (demo rule): the approver has it in the queue.
  const pending = await quoteAtSummary(sales, `Axe pending ${stamp}`, [
    { sku: 'BX-100F-TP', quantity: 2, discount: '40' },
  ]);
  records.pending = pending.id;
  const submitted = await apiData<{ quote: { status_id: string } }>(
    sales,
    '/api/dx/quote/approval',
    { action: 'submit', quote_id: pending.id, version: pending.version },
  );
  expect(submitted.quote.status_id).toBe('PENDING_APPROVAL');
  await sales.close();
}

/** The deal desk's: a renewal and a co-term on demo contracts, and a legacy quote. */
async function deskRecords(stamp: number) {
  const desk = await tabAs(DESK);
  const contracts = await apiData<{
    rows: { id: string; contract_number: string; renewal_quote: { target_path: string } | null }[];
  }>(desk, '/api/dx/renewals/contracts', {});
  // Contracts no other browser test works on (packages/db/src/seed/renewals-demo-data.ts); a
  // second run in the same server finds its quotes there already.
  const openOn = async (contractNumber: string, kind: 'RENEWAL' | 'COTERM') => {
    const contract = contracts.rows.find((row) => row.contract_number === contractNumber);
    if (!contract) throw new Error(`the demo data has no ${contractNumber}`);
    if (contract.renewal_quote) return contract.renewal_quote.target_path;
    const created = await apiData<{ target_path: string }>(desk, '/api/dx/renewals/create-quote', {
      contract_id: contract.id,
      kind,
    });
    return created.target_path;
  };
  records.renewalPath = await openOn('C-2025-000102', 'RENEWAL');
  records.cotermPath = await openOn('C-2025-000103', 'COTERM');
  expect(records.renewalPath).toMatch(/^\/cpq\/configure-renewal-quote\//);
  expect(records.cotermPath).toMatch(/^\/cpq\/configure-renewal-coterm-quote\//);
  records.legacy = await createQuoteOn(
    desk,
    `Axe legacy ${stamp}`,
    (row) => row.sales_channel === 'DIRECT',
    'LEGACY',
  );
  await desk.close();
}

beforeAll(async () => {
  browser = await launchBrowser();
  const stamp = Date.now();
  await Promise.all([sellerRecords(stamp), deskRecords(stamp)]);
}, 120_000);

afterAll(async () => {
  await closeBrowser(browser);
});

const waitForRows = (page: Page) => page.locator('table tbody tr').first().waitFor();

/*
 * Concurrent: each test has its own tab, and a few run at once (the wait is mostly the server's
 * and the renderers'); side by side each takes longer than alone, hence the timeout. Soft
 * assertions, so one run lists every page's findings.
 */
describe.concurrent(
  'axe: no serious or critical WCAG 2.1 AA violation',
  { timeout: 150_000 },
  () => {
    describe('public pages', () => {
      it('sign-in (/ and /login)', async ({ expect }) => {
        const page = await tabAs(null);
        expect.soft(await check(page, '/login', { heading: 'Sign in' })).toEqual([]);
        expect.soft(await check(page, '/', { heading: 'Sign in' })).toEqual([]);
        await page.close();
      });

      it('sign-in, its code step (two-step sign-in)', async ({ expect }) => {
        const page = await tabAs(null);
        // The password is right and a code is due: the server's answer, without enrolling anyone.
        await page.route('**/api/security/auth/login', (route) =>
          route.fulfill({ json: { data: { mfa_required: true } } }),
        );
        await page.goto('/login');
        await page.getByLabel('Email').fill(SALES);
        await page.getByLabel('Password').fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByLabel('Code', { exact: true }).waitFor();
        await settled(page);
        expect.soft(await seriousViolations(page)).toEqual([]);
        await page.close();
      });

      it('forgot password, reset password (a refused link), Google profile', async ({ expect }) => {
        const page = await tabAs(null);
        expect.soft(await check(page, '/forgot')).toEqual([]);
        expect.soft(await check(page, '/reset-password?token=not-a-real-token')).toEqual([]);
        expect.soft(await check(page, '/profile')).toEqual([]);
        await page.close();
      });
    });

    describe('signed-in notices', () => {
      it('no menus, page not found', async ({ expect }) => {
        const page = await tabAs(SALES);
        expect.soft(await check(page, '/no-menus')).toEqual([]);
        expect.soft(await check(page, '/cpq/no-such-page/ref')).toEqual([]);
        await page.close();
      });

      it('second factor required by the sign-in policy', async ({ expect }) => {
        const page = await tabAs(SALES);
        // The session as the server sends it when the policy wants a second factor first.
        await page.route('**/api/security/introspect', async (route) => {
          const answer = await route.fetch();
          const body = (await answer.json()) as { data: { user: Record<string, unknown> } };
          body.data.user.mfa_enrolment_required = true;
          await route.fulfill({ response: answer, json: body });
        });
        expect.soft(await check(page, '/cpq/grid/quotes/ref')).toEqual([]);
        await page.close();
      });
    });

    describe('quotes (seller)', () => {
      it('quote grids: quotes, my quotes, opportunities', async ({ expect }) => {
        const page = await tabAs(SALES);
        for (const module of ['quotes', 'my-quotes', 'opportunities']) {
          expect
            .soft(await check(page, `/cpq/grid/${module}/ref`, { ready: waitForRows }))
            .toEqual([]);
        }
        await page.close();
      });

      it('create quote: the opportunity picker, then the form', async ({ expect }) => {
        const page = await tabAs(SALES);
        expect.soft(await check(page, '/cpq/create-quote/new/ref')).toEqual([]);
        await page
          .getByRole('list', { name: 'Opportunities' })
          .getByRole('listitem')
          .first()
          .getByRole('button', { name: /^Choose/ })
          .click();
        await page.getByLabel('Quote name').waitFor();
        await settled(page);
        expect.soft(await seriousViolations(page)).toEqual([]);
        await page.close();
      });

      it('configure quote, its Add products panel and a bundle’s options panel open', async ({
        expect,
      }) => {
        const page = await tabAs(SALES);
        const path = `/cpq/configure-quote/${records.configure}/STANDARD`;
        const lines = (p: Page) => p.getByText('BX-100F-HW').first().waitFor();
        expect.soft(await check(page, path, { ready: lines })).toEqual([]);
        await page.getByRole('button', { name: 'Add products' }).click();
        const panel = page.locator('.offcanvas.show');
        await panel.getByLabel('Search').fill('BX-100F');
        await panel.getByRole('listitem').first().waitFor();
        await settled(page);
        expect.soft(await seriousViolations(page)).toEqual([]);
        // Issue 34: a bundle with options opens its options panel.
        await panel.getByLabel('Search').fill('BX-200F-FLEX');
        await panel
          .getByRole('listitem')
          .filter({ hasText: 'BX-200F-FLEX' })
          .getByRole('button', { name: /^Add/ })
          .click();
        await page.getByRole('heading', { name: 'Choose bundle options' }).waitFor();
        await settled(page);
        expect.soft(await seriousViolations(page)).toEqual([]);
        await page.close();
      });

      it('shipping and hardware, terms, summary, history, view quote', async ({ expect }) => {
        const page = await tabAs(SALES);
        const shippingLine = (p: Page) =>
          p
            .getByRole('button', { name: /Add shipping line/ })
            .first()
            .waitFor();
        const summary = { heading: 'Quote summary' };
        const detailsEditor = (p: Page) =>
          p.getByRole('button', { name: 'Save details' }).waitFor();
        const pages: [string, Parameters<typeof check>[2]][] = [
          [`/cpq/configure-sh-hw/${records.shipping}/STANDARD`, { ready: shippingLine }],
          [`/cpq/terms-condition/${records.summary}/STANDARD`, {}],
          [`/cpq/quote-summary/${records.summary}/STANDARD`, summary],
          [`/cpq/quote-history/${records.summary}/STANDARD`, {}],
          [`/cpq/view-quote/${records.summary}/STANDARD`, {}],
          // Its header editor, date fields and all (issue 33).
          [`/cpq/view-quote/${records.summary}/STANDARD?edit=details`, { ready: detailsEditor }],
          [`/cpq/quote-summary/${records.pending}/STANDARD`, summary],
        ];
        for (const [path, options] of pages) {
          expect.soft(await check(page, path, options)).toEqual([]);
        }
        await page.close();
      });

      it('user profile: its details, a tab by address, the other tab', async ({ expect }) => {
        const page = await tabAs(SALES);
        expect.soft(await check(page, '/cpq/user-profile/ref')).toEqual([]);
        expect.soft(await check(page, '/cpq/user-profile/ref/delegations')).toEqual([]);
        expect.soft(await checkTabs(page, ['Security'])).toEqual([]);
        await page.close();
      });
    });

    describe('approvals (approver)', () => {
      it('the approvals queue, and its reject dialog open', async ({ expect }) => {
        const page = await tabAs(APPROVER);
        const queueRows = (p: Page) => p.locator('table.data-grid tbody tr').first().waitFor();
        expect
          .soft(await check(page, '/cpq/grid/quote-approvals/ref', { ready: queueRows }))
          .toEqual([]);
        await page
          .locator('table.data-grid tbody tr')
          .getByRole('button', { name: /^Reject / })
          .first()
          .click();
        await page
          .getByRole('dialog')
          .getByLabel(/Reason for rejecting/)
          .waitFor();
        expect.soft(await seriousViolations(page)).toEqual([]);
        await page.close();
      });

      it('a pending quote on its summary, as the approver sees it', async ({ expect }) => {
        const page = await tabAs(APPROVER);
        const path = `/cpq/quote-summary/${records.pending}/STANDARD`;
        expect.soft(await check(page, path, { heading: 'Quote summary' })).toEqual([]);
        await page.close();
      });
    });

    describe('renewals, legacy quotes and reports (deal desk)', () => {
      it('renewals desk, renewal and co-term configuration, legacy summary', async ({ expect }) => {
        const page = await tabAs(DESK);
        const counted = (p: Page) => p.getByText(/\d+ contracts?$/).waitFor();
        expect.soft(await check(page, '/cpq/grid/renewals/ref', { ready: counted })).toEqual([]);
        expect.soft(await check(page, records.renewalPath)).toEqual([]);
        expect.soft(await check(page, records.cotermPath)).toEqual([]);
        const legacy = `/cpq/legacy-quote-summary/${records.legacy}/LEGACY`;
        expect.soft(await check(page, legacy, { heading: 'Quote summary' })).toEqual([]);
        await page.close();
      });

      it('quote reports, each tab', async ({ expect }) => {
        const page = await tabAs(DESK);
        expect
          .soft(await check(page, '/cpq/report/quotes/ref', { heading: 'Quote reports' }))
          .toEqual([]);
        // The page opens on Pipeline.
        const tabs = ['By region', 'Discounts', 'Approval cycle time', 'Win rate', 'Top accounts'];
        expect.soft(await checkTabs(page, tabs)).toEqual([]);
        await page.close();
      });
    });

    describe('administration', () => {
      // The root admin opens every admin screen the menus offer.
      const adminPages = [
        '/cpq/config-admin',
        '/cpq/terms-condition',
        '/cpq/manage-terms-condition',
        '/cpq/sfdc',
        '/cpq/app-settings',
        '/cpq/manage-broadcast/all/ref',
        '/cpq/manage-partner-exception/all/ref',
        '/cpq/manage-workflow-template/default/ref',
        '/cpq/manage-approval-admin/new/ref',
        '/cpq/ps-approval-sku/ref',
        '/cpq/mc-cost-lookup/ref',
        '/cpq/mc-support-cases/ref',
        '/cpq/mc-markup/ref',
        '/cpq/mc-duration-depreciation/ref',
        '/cpq/mc-hw-sku-costs/all/ref',
        // Not in §2: the integrations page of issue 21.
        '/cpq/webhooks',
      ];
      // In tabs of five screens each: fewer tests, same coverage.
      for (let first = 0; first < adminPages.length; first += 5) {
        const group = adminPages.slice(first, first + 5);
        it(`${group.join(', ')} (root admin)`, async ({ expect }) => {
          const page = await tabAs(ROOT);
          for (const path of group) expect.soft(await check(page, path)).toEqual([]);
          await page.close();
        });
      }

      it('users grid and a user detail (user admin)', async ({ expect }) => {
        const page = await tabAs(USER_ADMIN);
        expect
          .soft(await check(page, '/cpq/grid/users/ref', { heading: 'Users', ready: waitForRows }))
          .toEqual([]);
        const detail = `/cpq/user-detail/${encodeURIComponent(SALES)}/ref`;
        expect.soft(await check(page, detail, { heading: 'Sam Seller' })).toEqual([]);
        await page.close();
      });

      it('global accounts (global account manager)', async ({ expect }) => {
        const page = await tabAs(GAM);
        expect.soft(await check(page, '/cpq/gam-account/ref')).toEqual([]);
        await page.close();
      });

      it('catalogue grid, product hierarchy, SKU pricing, product rules (catalog admin)', async ({
        expect,
      }) => {
        const page = await tabAs(CATALOG);
        expect
          .soft(await check(page, '/commcat/grid/catalog/ref', { ready: waitForRows }))
          .toEqual([]);
        expect.soft(await check(page, '/commcat/producthierarchy/ref')).toEqual([]);
        expect.soft(await check(page, '/commcat/skupricing/ref')).toEqual([]);
        const rulesPath = '/commcat/product-rules/ref';
        expect
          .soft(
            await check(page, rulesPath, {
              ready: (p) => p.getByRole('table', { name: 'Product rules' }).waitFor(),
            }),
          )
          .toEqual([]);
        // And the rule editor, with its condition builder, open.
        await page.getByRole('button', { name: 'Appliances need support' }).click();
        await page.getByRole('dialog', { name: 'Appliances need support' }).waitFor();
        await settled(page);
        expect
          .soft((await seriousViolations(page)).map((line) => `[rule editor] ${line}`))
          .toEqual([]);
        await page.close();
      });
    });
  },
);

describe('status badges (spec §4)', () => {
  it('every label in its colour reaches 4.5:1, measured on the app styles', async () => {
    const page = await tabAs(SALES);
    await page.goto('/cpq/grid/quotes/ref');
    await settled(page);
    // Each label of §4, one the spec does not colour (grey), and no status at all.
    const labels = [...Object.keys(STATUS_LABEL_TONES), 'Completed', NO_STATUS_LABEL];
    const badges = labels.map((label) => ({
      label,
      className: statusBadgeClassName(statusColor(label)),
    }));
    const ratios = await page.evaluate((list) => {
      const box = document.createElement('div');
      box.id = 'axe-status-badges';
      box.className = 'd-flex flex-wrap gap-2 p-3';
      for (const badge of list) {
        const span = document.createElement('span');
        span.className = badge.className;
        span.textContent = badge.label;
        box.append(span);
      }
      document.querySelector('main')?.prepend(box);
      const luminance = (css: string) => {
        const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map(Number);
        const lin = (c: number) => {
          const v = c / 255;
          return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
      };
      return [...box.children].map((span) => {
        const style = getComputedStyle(span);
        const [dark, light] = [luminance(style.color), luminance(style.backgroundColor)].sort(
          (a, b) => a - b,
        );
        return {
          label: span.textContent,
          ratio: Math.round((((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)) * 100) / 100,
        };
      });
    }, badges);
    await screenshot(page, 'status-badges', { fullPage: false });
    expect(ratios).toHaveLength(labels.length);
    expect(ratios.filter((r) => r.ratio < 4.5)).toEqual([]);
    expect(await seriousViolations(page, { include: '#axe-status-badges' })).toEqual([]);
    await page.close();
  });
});

describe('the check itself', () => {
  it('reports a serious finding when a page has one', async () => {
    const page = await tabAs(SALES);
    await page.goto('/cpq/grid/quotes/ref');
    await settled(page);
    // A button with no name and an image with no text alternative: both critical in axe.
    await page.evaluate(() => {
      const box = document.createElement('div');
      box.id = 'axe-planted';
      box.innerHTML = '<button type="button"></button><img src="/favicon.svg">';
      document.querySelector('main')?.prepend(box);
    });
    const found = await seriousViolations(page, { include: '#axe-planted' });
    expect(found.map((line) => line.split(' ')[0]).sort()).toEqual(['button-name', 'image-alt']);
    await page.close();
  });
});
