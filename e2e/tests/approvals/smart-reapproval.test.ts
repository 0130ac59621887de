import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalState } from '@bastion/domain/approvals/api';
import {
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  signInThroughLoginPage,
} from '../../fixtures.ts';
import { apiData, pendingQuote } from '../quotes/quote-api.ts';
import { signIn } from '../quotes/quote-helpers.ts';
import { approvalsPanel } from './approval-helpers.ts';

/*
 * Issue 37 (decision 040): an approved quote whose discount is deepened goes back to the finance
 * approvers only; on a phone the approver reads why they are asked again and opens the comparison
 * of the revision they approved with the one submitted. The quote is set up through the API; the
 * reading and clicking under test are the summary's and the revisions page's.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await closeBrowser(browser);
});

const GROUP = 'Finance approvers';

describe('smart re-approval', () => {
  it('shows the approver what changed since they approved, on a phone', async () => {
    const sales = await newPage(browser);
    await signIn(sales, 'sales@bastion.test');
    const quote = await pendingQuote(sales, `Smart ${Date.now().toString(36)}`, '40');

    const approver = await newPage(browser, { width: 390, height: 844 });
    await signIn(approver, 'approver@bastion.test');
    const pending = await apiData<ApprovalState>(approver, '/api/dx/quote/approval', {
      action: 'get',
      quote_id: quote.id,
    });
    const step = pending.current?.stages
      .flatMap((stage) => stage.steps)
      .find((s) => s.group_name === GROUP && s.can_decide);
    if (!step) throw new Error('no finance step to decide');
    const approved = await apiData<ApprovalState>(approver, '/api/dx/quote/approval', {
      action: 'approve',
      quote_id: quote.id,
      step_id: step.id,
    });
    expect(approved.quote.status_id).toBe('APPROVED');
    const approvedRevision = approved.current?.revision_number;

    // The seller deepens the discount: the quote is submitted again, to finance only.
    await apiData(sales, '/api/dx/save-quote-configuration', {
      id: quote.id,
      version: approved.quote.version,
      advance: false,
      lines: [{ key: 'l1', sku: 'BX-100F-TP', quantities: [1], manual_discount_percent: '45' }],
    });

    await approver.goto(`/cpq/quote-summary/${quote.id}/STANDARD`);
    const panel = approvalsPanel(approver);
    const asked = panel.getByRole('listitem', { name: `${GROUP}: Pending` });
    await asked
      .getByText(
        `Approved on revision ${approvedRevision}; asked again: Largest seller discount rose from 40 % to 45 %.`,
      )
      .waitFor();
    await asked.scrollIntoViewIfNeeded();
    await screenshot(approver, 'smart-reapproval-asked-again-390', { fullPage: false });
    expect(await approver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await asked
      .getByRole('link', { name: `What changed since revision ${approvedRevision}` })
      .click();
    await approver.getByRole('heading', { name: 'Revisions', level: 1 }).waitFor();
    const firewall = approver
      .getByRole('table', { name: 'Lines compared' })
      .getByRole('row')
      .filter({ hasText: 'BX-100F-TP' });
    await firewall.waitFor();
    expect(await firewall.getByRole('cell').nth(3).innerText()).toBe('40% → 45%');
    await screenshot(approver, 'smart-reapproval-compare-390', { fullPage: false });
    await sales.context().close();
    await approver.context().close();
  }, 120_000);

  it('lets the approver decide from the e-mail on a phone, after signing in', async () => {
    const sales = await newPage(browser);
    await signIn(sales, 'sales@bastion.test');
    const name = `Mailed ${Date.now().toString(36)}`;
    const quote = { ...(await pendingQuote(sales, name, '40')), name };

    // The approval e-mail, as root reads it in the outbox.
    const root = await newPage(browser);
    await signIn(root, 'root@bastion.test');
    const outbox = await apiData<{ rows: { subject: string; text_body: string | null }[] }>(
      root,
      '/api/admin/outbox',
      { purpose: 'approval_pending', recipient: 'approver@bastion.test', page: 1, page_size: 20 },
    );
    const mail = outbox.rows.find((row) => row.subject.includes(quote.number));
    const link = mail?.text_body?.match(
      /https?:\/\/\S+\/cpq\/approval-link\/\S+decision=approve/,
    )?.[0];
    if (!link) throw new Error(`no approve link in ${mail?.text_body ?? 'no mail'}`);

    // Signed out, the link goes through sign-in and comes back to the page.
    const approver = await newPage(browser, { width: 390, height: 844 });
    await approver.goto(new URL(link).pathname + new URL(link).search);
    await approver.getByLabel('Email').waitFor();
    await signInThroughLoginPage(approver, 'approver@bastion.test');
    await approver.getByRole('heading', { name: 'Your approval' }).waitFor();
    await approver.getByText(`You are asked to approve it for ${GROUP}`).waitFor();
    await approver.getByText('Largest seller discount is 40 %, more than 30 %.').waitFor();
    expect(await approver.getByRole('radio', { name: 'Approve' }).isChecked()).toBe(true);
    await screenshot(approver, 'approval-link-390');
    expect(await approver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await approver.getByLabel('Comment (optional)').fill('Approved from my phone.');
    await approver.getByRole('button', { name: `Approve for ${GROUP}` }).click();
    await approver
      .getByText(`You approved ${quote.number} for ${GROUP}. The quote is now Approved.`)
      .waitFor();
    await screenshot(approver, 'approval-link-decided-390', { fullPage: false });

    // The seller's bell tells them, within a poll, and opens the quote.
    await sales.goto('/cpq/grid/quotes/ref');
    const bell = sales.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor({ timeout: 15_000 });
    await bell.click();
    const told = sales
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('list', { name: 'For you' })
      .getByRole('link', { name: `Quote approved: ${quote.number} ${quote.name}` });
    await told.waitFor();
    await screenshot(sales, 'notifications-bell-approved', { fullPage: false });
    await told.click();
    await sales.waitForURL((url) => url.pathname.includes(quote.id));

    // The link works once.
    await approver.goto(new URL(link).pathname + new URL(link).search);
    await approver
      .getByText(/^This approval link was already used: you approved through it on /)
      .waitFor();
    await sales.context().close();
    await root.context().close();
    await approver.context().close();
  }, 120_000);
});
