import { amendRefusal, renewRefusal } from '@bastion/domain/renewals/contract-refusals';
import type { ContractsPage, ContractSummary } from '@bastion/domain/renewals/schemas';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import { apiData } from '../quotes/quote-api.ts';
import { signIn } from '../quotes/quote-helpers.ts';

/*
 * The renewals desk (issue 18) on the demo installed base (packages/db/src/seed/
 * renewals-demo-data.ts). Other browser tests renew and co-term some demo contracts, so this
 * file reads only what they leave alone (C-2025-000105 overdue, C-2025-000107 renewed) and
 * changes nothing: the mark-lost dialog is cancelled.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

async function openDesk(page: Page) {
  await page.goto('/cpq/grid/renewals/ref');
  await page.getByRole('heading', { name: 'Renewals & true-ups', level: 1 }).waitFor();
  await page.getByText(/\d+ contracts?$/).waitFor();
}

const rowOf = (page: Page, contractNumber: string) =>
  page.locator('tbody tr', { has: page.getByRole('rowheader', { name: contractNumber }) });

const summary = (changes: Partial<ContractSummary>): ContractSummary => ({
  id: 'c1',
  contract_number: 'C-1',
  account_id: 'A',
  account_name: 'Acme',
  region: 'North America',
  opportunity_id: '006A',
  currency_code: 'USD',
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  days_to_end: 20,
  status: 'NOT_STARTED',
  status_label: 'Not started',
  csm_name: '',
  cam_name: '',
  origin: 'DEMO',
  amount_to_renew_minor: 0,
  line_count: 0,
  renewal_quote: null,
  lost_reason: null,
  ...changes,
});

describe('when a contract can be renewed from the desk', () => {
  it('says why Renew is disabled, as the server would refuse', () => {
    expect(renewRefusal(summary({}))).toBeNull();
    expect(renewRefusal(summary({ status: 'RENEWED' }))).toBe('C-1 is already renewed.');
    expect(renewRefusal(summary({ status: 'LOST' }))).toBe('C-1 is marked lost.');
    expect(
      renewRefusal(
        summary({
          status: 'IN_PROGRESS',
          renewal_quote: {
            id: 'q',
            quote_number: 'Q-2026-000001',
            status_id: 'INCOMPLETE',
            target_path: '/x',
          },
        }),
      ),
    ).toBe('Renewal quote Q-2026-000001 is in progress.');
    expect(renewRefusal(summary({ opportunity_id: null }))).toBe(
      'C-1 has no opportunity to quote on.',
    );
    // A true-up or co-term may go on while the renewal is being quoted.
    expect(amendRefusal(summary({ status: 'IN_PROGRESS' }))).toBeNull();
  });
});

describe('the renewals desk', () => {
  it('lists a CSM’s contracts by end date, overdue ones flagged, with their lines on a click', async () => {
    const page = await newPage(browser);
    await signIn(page, 'renewals@bastion.test');
    await openDesk(page);

    const overdue = rowOf(page, 'C-2025-000105');
    await overdue.waitFor();
    // Seeded ten days before the day the demo was seeded: a day more for each midnight since.
    const [listed] = (
      await apiData<ContractsPage>(page, '/api/dx/renewals/contracts', { search: 'C-2025-000105' })
    ).rows;
    expect(listed?.days_to_end).toBeLessThanOrEqual(-10);
    expect(await overdue.innerText()).toContain(`overdue by ${-(listed?.days_to_end ?? 0)} days`);
    // Rene sees the North American contracts only (the EMEA and APJ ones are others').
    expect(await rowOf(page, 'C-2025-000104').count()).toBe(0);

    // Renewed contracts are past the window unless any end date is asked for.
    await page.getByLabel('Ends within').selectOption({ label: 'Any time' });
    const renewed = rowOf(page, 'C-2025-000107');
    await renewed.waitFor();
    expect(await renewed.getByText('Renewed', { exact: true }).count()).toBe(1);
    expect(await renewed.getByRole('button', { name: 'Renew C-2025-000107' }).isDisabled()).toBe(
      true,
    );
    await screenshot(page, 'renewals-desk');

    // No co-term for a user without COTERM_USER; marking lost asks for a reason first.
    await overdue.getByRole('button', { name: 'More actions for C-2025-000105' }).click();
    expect(await page.getByRole('button', { name: 'Co-term' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Mark lost…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Mark lost' }).click();
    await dialog.getByText('Say why the customer does not renew.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await renewed.locator('td', { hasText: 'Coho Logistics' }).click();
    const panel = page.getByRole('dialog', { name: 'Contract C-2025-000107' });
    await panel.getByRole('heading', { name: 'Lines' }).waitFor();
    // Once it has slid in.
    await expect
      .poll(async () => {
        const box = await page.locator('.offcanvas.show').boundingBox();
        return box ? Math.round(box.x + box.width) : null;
      })
      .toBeLessThanOrEqual(1400);
    expect(await panel.locator('tbody tr').count()).toBeGreaterThan(0);
    await screenshot(page, 'renewals-desk-contract', { fullPage: false });
    await page.close();
  });

  it('offers the deal desk co-terms too', async () => {
    const page = await newPage(browser);
    await signIn(page, 'dealdesk@bastion.test');
    await openDesk(page);
    const row = rowOf(page, 'C-2025-000105');
    await row.getByRole('button', { name: 'More actions for C-2025-000105' }).click();
    await page.getByRole('button', { name: 'Co-term' }).waitFor();
    expect(await page.getByRole('button', { name: 'Import contracts' }).count()).toBe(0);
    await page.close();
  });

  it('shows the installed base beside the create-quote form of the account’s opportunity', async () => {
    const page = await newPage(browser);
    await signIn(page, 'renewals@bastion.test');
    const found = await apiData<ContractsPage>(page, '/api/dx/renewals/contracts', {
      search: 'C-2025-000107',
    });
    const opportunityId = found.rows[0]?.opportunity_id;
    if (!opportunityId) throw new Error('C-2025-000107 has no opportunity');
    await page.goto(`/cpq/create-quote/new/${opportunityId}/ref`);
    const card = page.locator('.card', {
      has: page.getByRole('heading', { name: 'Installed base' }),
    });
    await card.getByRole('button', { name: /\d+ contracts? · \d+ lines?/ }).click();
    await card.getByRole('region', { name: 'Contract C-2025-000107' }).waitFor();
    expect(await card.innerText()).toContain('BX-100F-URL');
    await screenshot(page, 'installed-base-panel');
    await page.close();
  });
});
