import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot, signInAndLand } from '../../fixtures.ts';
import { pendingQuote, quoteAtSummary } from '../quotes/quote-api.ts';
import { signIn } from '../quotes/quote-helpers.ts';
import {
  approvalsPanel,
  setDiscountAndSave,
  SUBSCRIPTION_SKU,
  summaryStatus,
  walkToSummary,
} from './approval-helpers.ts';

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

/** The demo rule and group (packages/db/src/seed/approval-demo-data.ts). */
const RULE = 'Seller discount above 30 %';
const GROUP = 'Finance approvers';
const REJECTION = 'A 40 % discount needs a competitive reason; 35 % is the most I can approve.';
const APPROVAL = 'Approved at 35 % for the renewal commitment.';

const statusIs = async (page: Page, label: string) =>
  expect.poll(() => summaryStatus(page).innerText(), { timeout: 15_000 }).toBe(label);

/** The approver's Approvals entry in the sidebar, and its badge. */
const approvalsBadge = (page: Page) =>
  page.locator('nav[aria-label="Sidebar"]').getByTestId('pending-approvals-badge');

/** The queue's row for a quote, found through the search box. */
async function findInQueue(page: Page, quoteNumber: string) {
  await page.goto('/cpq/grid/quote-approvals/ref');
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(quoteNumber);
  const row = page.locator('table.data-grid tbody tr').filter({ hasText: quoteNumber });
  await row.waitFor();
  return row;
}

describe('a quote through approval', () => {
  it('is submitted, rejected, revised, resubmitted, approved and accepted, with every step in the trail', async () => {
    const sales = await newPage(browser, { width: 1400, height: 1400 });
    await signIn(sales, 'sales@bastion.test');
    // Walking a quote to its summary by hand is the keyboard walk's and create-quote's subject.
    const { id: quoteId, number: quoteNumber } = await quoteAtSummary(
      sales,
      `E2E approval ${Date.now()}`,
      [{ sku: SUBSCRIPTION_SKU, quantity: 1, discount: '40' }],
    );
    await sales.goto(`/cpq/quote-summary/${quoteId}/STANDARD`);
    await sales.locator('.page-header p').getByText(quoteNumber).waitFor();

    // Before submitting: who must approve and why, with the quote's own value.
    const panel = approvalsPanel(sales);
    const preview = panel.getByRole('region', { name: 'Who must approve' });
    await preview.getByText(RULE, { exact: true }).waitFor();
    expect(await preview.innerText()).toContain('Largest seller discount is 40 %, more than 30 %.');
    expect(
      await preview.getByRole('list', { name: 'Approval chain' }).getByText(GROUP).count(),
    ).toBeGreaterThan(0);
    await expect(panel.getByRole('button', { name: 'Submit as budgetary' }).count()).resolves.toBe(
      1,
    );
    await panel.scrollIntoViewIfNeeded();
    await screenshot(sales, 'approvals-summary-before-submit', { fullPage: false });

    await panel.getByRole('button', { name: 'Submit for approval' }).click();
    await statusIs(sales, 'Pending Approval');
    const stages = panel.getByRole('list', { name: 'Approval stages' });
    await stages.getByRole('listitem', { name: `${GROUP}: Pending` }).waitFor();
    // The seller cannot decide; they may recall.
    expect(await panel.getByRole('button', { name: `Approve for ${GROUP}` }).count()).toBe(0);
    await panel.getByRole('button', { name: 'Recall the submission' }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await screenshot(sales, 'approvals-summary-after-submit', { fullPage: false });

    // The approver sees the count on the Approvals menu and the quote in the queue.
    const approver = await newPage(browser, { width: 1400, height: 1000 });
    // Through `/`: where the approver lands is part of what is checked.
    await signInAndLand(approver, 'approver@bastion.test');
    await approver.waitForURL((url) => url.pathname === '/cpq/grid/quote-approvals/ref');
    await approvalsBadge(approver).waitFor();
    expect(Number((await approvalsBadge(approver).innerText()).match(/\d+/)?.[0])).toBeGreaterThan(
      0,
    );
    // Collapsed, the sidebar still shows the count, over the icon.
    await approver.getByRole('button', { name: 'Collapse sidebar' }).click();
    await approvalsBadge(approver).waitFor();
    await screenshot(approver, 'approvals-badge-collapsed', { fullPage: false });
    await approver.getByRole('button', { name: 'Expand sidebar' }).click();
    // On a narrow screen the menu is behind the top bar's button, which carries the count.
    await approver.setViewportSize({ width: 800, height: 1000 });
    await approver
      .getByRole('button', { name: 'Open menu' })
      .getByTestId('pending-approvals-badge')
      .waitFor();
    await screenshot(approver, 'approvals-badge-narrow', { fullPage: false });
    await approver.setViewportSize({ width: 1400, height: 1000 });
    const row = await findInQueue(approver, quoteNumber);
    expect(await row.innerText()).toContain(RULE);
    expect(await row.innerText()).toContain(GROUP);
    await screenshot(approver, 'approvals-queue');

    // A rejection needs a comment.
    await row.getByRole('button', { name: /^Reject / }).click();
    const dialog = approver.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.getByText('Say why you reject it').waitFor();
    await dialog.getByLabel(/Reason for rejecting/).fill(REJECTION);
    await screenshot(approver, 'approvals-reject-modal', { fullPage: false });
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await approver.getByText(`Rejected ${quoteNumber}`).waitFor();
    await expect
      .poll(() =>
        approver.locator('table.data-grid tbody tr').filter({ hasText: quoteNumber }).count(),
      )
      .toBe(0);

    // The seller reads why, revises, lowers the discount and submits again.
    await sales.reload();
    await statusIs(sales, 'Rejected');
    await approvalsPanel(sales).getByText(REJECTION).first().waitFor();
    await sales
      .getByRole('toolbar', { name: 'Quote actions' })
      .getByRole('button', { name: 'Revise' })
      .click();
    await sales.getByRole('dialog').getByRole('button', { name: 'Revise' }).click();
    await sales.waitForURL((url) => url.pathname === `/cpq/configure-quote/${quoteId}/STANDARD`);
    await setDiscountAndSave(sales, SUBSCRIPTION_SKU, '35');
    await walkToSummary(sales, quoteId);
    await approvalsPanel(sales)
      .getByRole('region', { name: 'Who must approve' })
      .getByText('35 %')
      .first()
      .waitFor();
    await approvalsPanel(sales).getByRole('button', { name: 'Submit for approval' }).click();
    await statusIs(sales, 'Pending Approval');

    // The approver opens the quote from the queue and approves it on its summary.
    const again = await findInQueue(approver, quoteNumber);
    await again.getByRole('link', { name: quoteNumber }).click();
    await approver.waitForURL((url) => url.pathname.startsWith(`/cpq/quote-summary/${quoteId}/`));
    const approverPanel = approvalsPanel(approver);
    await approverPanel.getByRole('list', { name: 'Approval trail' }).waitFor();
    // The steps show where the quote is, but do not send the approver to pages closed to them.
    const approverSteps = approver.getByRole('navigation', { name: 'Quote steps' });
    await approverSteps.getByText('Configure').waitFor();
    expect(await approverSteps.getByRole('link').count()).toBe(0);
    // Nor to the history, which an internal tester may read only on quotes they can see.
    expect(await approver.getByRole('link', { name: 'History' }).count()).toBe(0);
    const sellerSteps = sales.getByRole('navigation', { name: 'Quote steps' });
    expect(await sellerSteps.getByRole('link', { name: /Configure/ }).count()).toBe(1);
    await screenshot(approver, 'approvals-summary-approver-top', { fullPage: false });
    await approverPanel.scrollIntoViewIfNeeded();
    await screenshot(approver, 'approvals-summary-approver', { fullPage: false });
    await approverPanel.getByRole('button', { name: `Approve for ${GROUP}` }).click();
    const approve = approver.getByRole('dialog');
    await approve.getByLabel('Comment (optional)').fill(APPROVAL);
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await approve.waitFor({ state: 'detached' });
    await statusIs(approver, 'Approved');

    // The seller marks it accepted; the trail keeps both submissions and every decision.
    await sales.reload();
    await statusIs(sales, 'Approved');
    await sales
      .getByRole('toolbar', { name: 'Quote actions' })
      .getByRole('button', { name: 'Mark accepted' })
      .click();
    await sales.getByRole('dialog').getByRole('button', { name: 'Mark accepted' }).click();
    await statusIs(sales, 'Accepted');
    await sales.evaluate(() => window.scrollTo(0, 0));
    await screenshot(sales, 'approvals-summary-accepted', { fullPage: false });

    const trail = approvalsPanel(sales).getByRole('list', { name: 'Approval trail' });
    const second = trail.getByRole('listitem', { name: 'Submission 2' });
    const first = trail.getByRole('listitem', { name: 'Submission 1' });
    await second.waitFor();
    expect(await second.innerText()).toMatch(/Approved/);
    expect(await second.innerText()).toContain(APPROVAL);
    expect(await second.innerText()).toContain('Avery Approver');
    expect(await first.innerText()).toMatch(/Rejected/);
    expect(await first.innerText()).toContain(REJECTION);
    await trail.scrollIntoViewIfNeeded();
    await screenshot(sales, 'approvals-trail', { fullPage: false });

    // Nothing is left for the approver.
    await approver.goto('/cpq/grid/quote-approvals/ref');
    await approver.getByRole('heading', { name: 'Quote approvals' }).waitFor();
    await sales.context().close();
    await approver.context().close();
  }, 240_000);

  it('the deal desk, as the approver’s delegate, approves several quotes at once', async () => {
    const sales = await newPage(browser, { width: 1400, height: 1200 });
    await signIn(sales, 'sales@bastion.test');
    const batch = `E2E bulk ${Date.now()}`;
    // Submitting on screen is the first test's; here the quotes are made and submitted by API.
    const quotes = [
      await pendingQuote(sales, `${batch} A`, '45'),
      await pendingQuote(sales, `${batch} B`, '45'),
    ];
    const numbers = quotes.map((quote) => quote.number);

    // The approver chooses between what waits for them and what they decided; the deal desk
    // has every view (spec §6's, with issue 33's), each named for people, not by its code.
    const approver = await newPage(browser);
    await signInAndLand(approver, 'approver@bastion.test', '/cpq/grid/quote-approvals/ref');
    // The list waits for the filter's options, so once it shows they are known.
    await approver.getByRole('group', { name: 'Selected approvals' }).waitFor();
    expect(
      await approver.getByLabel('Approvals to show').locator('option').allInnerTexts(),
    ).toEqual(['Waiting for me', 'Decided by me']);
    await approver.context().close();

    const desk = await newPage(browser);
    await signIn(desk, 'dealdesk@bastion.test');
    await desk.goto('/cpq/grid/quote-approvals/ref');
    const assignedTo = desk.getByLabel('Approvals to show');
    await assignedTo.waitFor();
    expect(await assignedTo.locator('option').allInnerTexts()).toEqual([
      'Waiting for anyone',
      'Waiting for me',
      'Delegated to me',
      'Decided by me',
      'My quotes in approval',
    ]);
    await assignedTo.selectOption('DELEGATED');
    await desk.getByRole('searchbox', { name: 'Search', exact: true }).fill(batch);
    const rows = desk.locator('table.data-grid tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().innerText()).toContain('for Avery Approver');
    for (const number of numbers) {
      await desk.getByRole('checkbox', { name: new RegExp(`^Select ${number} `) }).check();
    }
    await desk.getByText('2 selected of 2').waitFor();
    await desk.getByRole('button', { name: 'Approve selected' }).click();
    const dialog = desk.getByRole('dialog');
    await dialog
      .getByLabel('Comment for every selected step (optional)')
      .fill('Covering for Avery.');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    const results = desk.getByRole('status', { name: 'Bulk approval results' });
    await results.getByText('Approved 2 steps.').waitFor();
    for (const number of numbers) expect(await results.innerText()).toContain(number);
    await expect.poll(() => rows.count()).toBe(0);
    await screenshot(desk, 'approvals-bulk-results', { fullPage: false });

    // The trail says who decided, and for whom.
    await sales.goto(`/cpq/quote-summary/${quotes[1]?.id ?? ''}/STANDARD`);
    await statusIs(sales, 'Approved');
    const step = approvalsPanel(sales)
      .getByRole('list', { name: 'Approval trail' })
      .getByRole('listitem', { name: 'Submission 1' });
    expect(await step.innerText()).toMatch(/Dana Desk\s+on behalf of Avery Approver/);
    await sales.context().close();
    await desk.context().close();
  }, 240_000);

  it('a budgetary quote says so on screen and on paper', async () => {
    const sales = await newPage(browser, { width: 1400, height: 1200 });
    await signIn(sales, 'sales@bastion.test');
    const quote = await quoteAtSummary(sales, `E2E budgetary ${Date.now()}`, [
      { sku: SUBSCRIPTION_SKU, quantity: 1, discount: '10' },
    ]);
    await sales.goto(`/cpq/quote-summary/${quote.id}/STANDARD`);
    const panel = approvalsPanel(sales);
    await panel.getByRole('button', { name: 'Submit as budgetary' }).click();
    await sales.getByRole('dialog').getByRole('button', { name: 'Submit as budgetary' }).click();
    await statusIs(sales, 'Budgetary');
    const marker = sales.getByTestId('budgetary-marker');
    await marker.waitFor();
    expect(await marker.innerText()).toContain('Budgetary — indicative price, not approved');
    await sales.evaluate(() => window.scrollTo(0, 0));
    await screenshot(sales, 'approvals-budgetary', { fullPage: false });

    await sales.emulateMedia({ media: 'print' });
    expect(await marker.isVisible()).toBe(true);
    expect(await sales.locator('.budgetary-watermark').isVisible()).toBe(true);
    expect(await panel.isVisible()).toBe(false);
    await screenshot(sales, 'approvals-budgetary-print');
    await sales.context().close();
  }, 180_000);
});

describe('delegation and the outbox', () => {
  it('an approver delegates from the user menu, and root reads the approval mail', async () => {
    const approver = await newPage(browser);
    await signInAndLand(approver, 'approver@bastion.test', '/cpq/grid/quote-approvals/ref');
    await approver.getByRole('button', { name: /Avery Approver/ }).click();
    await approver
      .locator('.dropdown-menu.show')
      .getByRole('link', { name: 'Delegate my approvals' })
      .click();
    await approver.getByRole('heading', { name: 'Delegate my approvals' }).waitFor();
    // The demo's delegation to the deal desk runs now.
    const mine = approver.getByRole('region', { name: 'My delegations' });
    await mine.getByText('Dana Desk').waitFor();
    expect(await mine.innerText()).toContain('Active');

    // A delegation for leave after the demo's one ends (they may not overlap), then cancelled.
    const year = new Date().getFullYear() + 2;
    await approver.getByLabel('Find a colleague').fill('Sam');
    await approver
      .getByLabel('Delegate to')
      .selectOption({ label: 'Sam Seller (sales@bastion.test)' });
    await approver.getByLabel('From').fill(`${year}-07-01T09:00`);
    await approver.getByLabel('Until').fill(`${year}-07-15T18:00`);
    await approver.getByLabel('Reason (optional)').fill('Summer leave');
    await approver.getByRole('button', { name: 'Delegate my approvals' }).click();
    await approver.getByText(/Sam Seller now decides your approvals until/).waitFor();
    const planned = mine.getByRole('row').filter({ hasText: 'Summer leave' });
    expect(await planned.innerText()).toContain('Scheduled');
    await screenshot(approver, 'approvals-delegations', { fullPage: false });
    await planned.getByRole('button', { name: 'End the delegation to Sam Seller' }).click();
    // A cancelled delegation that never started is gone; one that ran shows as ended.
    await expect
      .poll(async () => (await planned.count()) === 0 || /Ended/.test(await planned.innerText()))
      .toBe(true);
    await approver.context().close();

    const root = await newPage(browser);
    await signInAndLand(root, 'root@bastion.test', '/cpq/grid/quotes/ref');
    await root.getByRole('button', { name: /root@bastion\.test|Root/ }).click();
    await root
      .locator('.dropdown-menu.show')
      .getByRole('link', { name: 'Outgoing e-mail' })
      .click();
    await root.getByRole('heading', { name: 'Outgoing e-mail' }).waitFor();
    // Run with the tests above, the approvers' and the seller's mail about them is here.
    await root.getByLabel('Recipient').fill('@bastion.test');
    const rows = root.locator('table tbody tr');
    await rows.first().or(root.getByText('No e-mail matches.')).waitFor();
    if ((await rows.count()) > 0) {
      expect(await root.locator('table tbody').innerText()).toMatch(/approv/i);
    }
    await screenshot(root, 'approvals-outbox');
    await root.context().close();
  }, 120_000);
});
