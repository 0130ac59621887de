import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  useOwnApp,
} from '../../fixtures.ts';
import { approvalsPanel, SUBSCRIPTION_SKU, summaryStatus } from '../approvals/approval-helpers.ts';

// On an app of its own: it counts Tab stops through the approvals queue, which other files' quotes would lengthen.
useOwnApp();

// Issue 21: the quote flow and the approvals queue with the keyboard alone. No click, no mouse:
// locators only say where focus should be and what the page shows.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

/** What the focused element is, for a failure message. */
const focusedDescription = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing (the page body)';
    const name =
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent ??
      '';
    const role = el.getAttribute('role');
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}${el.id ? ` id=${el.id}` : ''}> “${name.trim().replace(/\s+/g, ' ').slice(0, 60)}”`;
  });

/**
 * The focused control shows where focus is: an outline (not none, wider than 0, not transparent)
 * or a box shadow. Transitions are off (reduced motion), so this is the settled style.
 */
async function expectVisibleFocus(page: Page) {
  const seen = await page.evaluate(() => {
    const el = document.activeElement;
    // Focus inside a part the browser draws (a date box's calendar button): it rings it itself.
    if (!el || el === document.body || !el.matches(':focus')) return null;
    const style = getComputedStyle(el);
    const isTransparent = (color: string) => /rgba\([^)]*,\s*0\)|transparent/.test(color);
    const hasOutline =
      style.outlineStyle !== 'none' &&
      parseFloat(style.outlineWidth) > 0 &&
      !isTransparent(style.outlineColor);
    const hasShadow = style.boxShadow !== 'none' && !isTransparent(style.boxShadow);
    return { isVisible: hasOutline || hasShadow, outline: style.outline, shadow: style.boxShadow };
  });
  if (!seen) return;
  if (!seen.isVisible) {
    throw new Error(
      `No visible focus on ${await focusedDescription(page)}: outline ${seen.outline}, box-shadow ${seen.shadow}`,
    );
  }
}

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement, undefined, { timeout: 2_000 });

/** Waits until focus is on `target`, failing with where it is instead. */
async function waitForFocus(page: Page, target: Locator) {
  const deadline = Date.now() + 5_000;
  while (!(await isFocused(target).catch(() => false))) {
    if (Date.now() > deadline) {
      throw new Error(`Focus did not go to the target; it is on ${await focusedDescription(page)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Focus is on the control `target` now, and shows. */
async function expectFocusOn(page: Page, target: Locator) {
  await waitForFocus(page, target);
  await expectVisibleFocus(page);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking at every stop that focus shows;
 * fails after `max` presses, saying where focus is instead.
 */
async function tabTo(page: Page, target: Locator, options: { max?: number; back?: boolean } = {}) {
  await target.waitFor();
  for (let presses = 0; presses < (options.max ?? 40); presses += 1) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page);
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab did not reach the target; focus is on ${await focusedDescription(page)}`);
}

/** Replaces a text box's content by typing, as a keyboard user does. */
async function typeOver(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  if (text) await page.keyboard.type(text);
}

/** Whether the element is in a live region: aria-live, or role alert/status/log. */
const isAnnounced = (target: Locator) =>
  target.evaluate(
    (el) =>
      el.closest(
        '[aria-live]:not([aria-live="off"]), [role="alert"], [role="status"], [role="log"]',
      ) !== null,
  );

/** The field says it is wrong, and points at the message that says why. */
async function expectInvalidField(page: Page, field: Locator, message: string | RegExp) {
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  expect(describedBy).not.toBe('');
  const texts = await Promise.all(
    describedBy.split(' ').map((id) => page.locator(`[id="${id}"]`).innerText()),
  );
  expect(texts.join(' ')).toMatch(message);
}

async function signInWithKeyboard(page: Page, email: string) {
  await page.goto('/login');
  const emailBox = page.getByLabel('Email');
  await expectFocusOn(page, emailBox);
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/cpq/'));
}

/** After a page change, focus starts at the new page's heading, not back at the top bar. */
async function expectFocusOnHeading(page: Page, name: string | RegExp) {
  await waitForFocus(page, page.getByRole('heading', { level: 1, name }));
}

describe('the keyboard alone', () => {
  it('creates, configures, ships, gives terms to and submits a quote; the approver rejects it', async () => {
    const sales = await newPage(browser, { width: 1400, height: 1000 });
    await sales.emulateMedia({ reducedMotion: 'reduce' });
    await signInWithKeyboard(sales, 'sales@bastion.test');

    // The quotes list's New quote, then a direct opportunity (no partner exception in the chain).
    await sales.goto('/cpq/grid/quotes/ref');
    await tabTo(sales, sales.getByRole('link', { name: 'New quote' }), { max: 60 });
    await sales.keyboard.press('Enter');
    await expectFocusOn(sales, sales.getByLabel('Which opportunity is this quote for?'));
    const direct = sales
      .getByRole('list', { name: 'Opportunities' })
      .getByRole('listitem')
      .filter({ hasText: /· Direct/ })
      .first();
    await tabTo(sales, direct.getByRole('button', { name: /^Choose/ }));
    await sales.keyboard.press('Enter');

    // The header form: an empty name is refused, said aloud, and focus goes to the field.
    const name = sales.getByLabel('Quote name');
    await name.waitFor();
    await expectFocusOnHeading(sales, 'Create quote');
    await tabTo(sales, name);
    await typeOver(sales, '');
    await sales.keyboard.press('Enter');
    const summary = sales.getByRole('alert').filter({ hasText: 'needs your attention' });
    await summary.waitFor();
    expect(await isAnnounced(summary)).toBe(true);
    await expectFocusOn(sales, name);
    await expectInvalidField(sales, name, /./);
    await screenshot(sales, 'keyboard-create-quote-error', { fullPage: false });
    const quoteName = `E2E keyboard ${Date.now()}`;
    await sales.keyboard.type(quoteName);
    // The rest of the header as the opportunity left it, with what a new-business quote needs.
    const dealType = sales.getByLabel('Deal type');
    if (['', 'R', 'TU'].includes(await dealType.inputValue())) {
      await tabTo(sales, dealType);
      await sales.keyboard.type('New');
    }
    const from = sales.getByLabel('Contract start and end: from');
    if ((await from.inputValue()) === '') {
      await tabTo(sales, from);
      await sales.keyboard.type('01012027');
      await tabTo(sales, sales.getByLabel('Contract start and end: to'));
      await sales.keyboard.type('12312029');
    }
    const firewall = sales.getByLabel('Network Firewall');
    if (!(await firewall.isChecked())) {
      await tabTo(sales, firewall);
      await sales.keyboard.press('Space');
    }
    await tabTo(sales, sales.getByRole('button', { name: 'Create quote' }));
    await sales.keyboard.press('Enter');
    await sales.waitForURL((url) =>
      /^\/cpq\/configure-quote\/[0-9a-f-]{36}\/STANDARD$/.test(url.pathname),
    );
    const quoteId = new URL(sales.url()).pathname.split('/')[3] ?? '';

    // Configure: the product panel opens, takes a product, closes with Escape, and gives focus back.
    await expectFocusOnHeading(sales, 'Configure quote');
    const addProducts = sales.getByRole('button', { name: 'Add products' });
    await tabTo(sales, addProducts);
    await sales.keyboard.press('Enter');
    const panel = sales.getByRole('dialog', { name: 'Add products' });
    await expectFocusOn(sales, panel.getByLabel('Search'));
    await sales.keyboard.type(SUBSCRIPTION_SKU);
    const item = panel.getByRole('listitem').filter({ hasText: SUBSCRIPTION_SKU }).first();
    await item.waitFor();
    await expect.poll(() => panel.getByRole('listitem').count()).toBe(1);
    await tabTo(sales, item.getByRole('button', { name: /^Add/ }));
    await sales.keyboard.press('Enter');
    const added = panel.getByText(`Added ${SUBSCRIPTION_SKU}`);
    await added.waitFor();
    expect(await isAnnounced(added)).toBe(true);
    await sales.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expectFocusOn(sales, addProducts);

    const quantity = sales.getByLabel(new RegExp(`^Quantity of .*\\(${SUBSCRIPTION_SKU}\\)$`));
    await tabTo(sales, quantity);
    await typeOver(sales, '3');
    await tabTo(
      sales,
      sales.getByLabel(new RegExp(`^Seller discount % of .*\\(${SUBSCRIPTION_SKU}\\)$`)),
    );
    await typeOver(sales, '40');
    const save = sales.getByRole('button', { name: 'Save', exact: true });
    await tabTo(sales, save);
    await screenshot(sales, 'keyboard-configure-focused-save', { fullPage: false });
    await sales.keyboard.press('Enter');
    await sales.getByRole('button', { name: 'Saved' }).waitFor();
    await tabTo(sales, sales.getByRole('button', { name: /Next: Shipping/ }));
    await sales.keyboard.press('Enter');
    await sales.waitForURL((url) => url.pathname === `/cpq/configure-sh-hw/${quoteId}/STANDARD`);

    // Shipping: a subscription ships nothing; on to the terms.
    await expectFocusOnHeading(sales, /Shipping/);
    await tabTo(sales, sales.getByRole('button', { name: /Next: Terms/ }));
    await sales.keyboard.press('Enter');
    await sales.waitForURL((url) => url.pathname === `/cpq/terms-condition/${quoteId}/STANDARD`);

    // Terms: saved, said so in a live region, then the summary.
    await expectFocusOnHeading(sales, /Terms/);
    await tabTo(sales, sales.getByRole('button', { name: 'Save', exact: true }));
    await sales.keyboard.press('Enter');
    const saved = sales.getByText('The terms are saved.');
    await saved.waitFor();
    expect(await isAnnounced(saved)).toBe(true);
    await tabTo(sales, sales.getByRole('link', { name: /Next: Summary/ }));
    await sales.keyboard.press('Enter');
    await sales.waitForURL((url) => url.pathname === `/cpq/quote-summary/${quoteId}/STANDARD`);

    // Summary: submit for approval.
    await expectFocusOnHeading(sales, 'Quote summary');
    const quoteNumber = (await sales.locator('.page-header p').innerText()).split(' · ')[0] ?? '';
    expect(quoteNumber).toMatch(/^Q-\d{4}-\d{6}$/);
    await tabTo(sales, approvalsPanel(sales).getByRole('button', { name: 'Submit for approval' }), {
      max: 80,
    });
    await sales.keyboard.press('Enter');
    await expect
      .poll(() => summaryStatus(sales).innerText(), { timeout: 15_000 })
      .toBe('Pending Approval');
    // The button went with the state it belonged to: focus is on the panel's heading, the new
    // state is said, and Tab goes on to what can be done now.
    await waitForFocus(sales, approvalsPanel(sales).getByRole('heading', { name: 'Approvals' }));
    expect(await isAnnounced(sales.getByTestId('approval-outcome'))).toBe(true);
    await tabTo(
      sales,
      approvalsPanel(sales).getByRole('button', { name: 'Recall the submission' }),
    );
    await sales.context().close();

    // The approver's queue: find the quote, close a dialog with Escape, reject with a reason.
    const approver = await newPage(browser, { width: 1400, height: 1000 });
    await approver.emulateMedia({ reducedMotion: 'reduce' });
    await signInWithKeyboard(approver, 'approver@bastion.test');
    await approver.waitForURL((url) => url.pathname === '/cpq/grid/quote-approvals/ref');
    await tabTo(approver, approver.getByRole('searchbox', { name: 'Search', exact: true }), {
      max: 60,
    });
    await approver.keyboard.type(quoteNumber);
    await approver.keyboard.press('Enter');
    await approver.waitForURL((url) =>
      [...url.searchParams.values()].some((value) => value.includes(quoteNumber)),
    );
    const row = approver.locator('table.data-grid tbody tr').filter({ hasText: quoteNumber });
    await expect.poll(() => approver.locator('table.data-grid tbody tr').count()).toBe(1);

    const approve = row.getByRole('button', { name: /^Approve / });
    await tabTo(approver, approve);
    await screenshot(approver, 'keyboard-queue-focused-approve', { fullPage: false });
    await approver.keyboard.press('Enter');
    const approveDialog = approver.getByRole('dialog');
    await expectFocusOn(approver, approveDialog.getByLabel('Comment (optional)'));
    await approver.keyboard.press('Escape');
    await approveDialog.waitFor({ state: 'detached' });
    await expectFocusOn(approver, approve);

    const reject = row.getByRole('button', { name: /^Reject / });
    await tabTo(approver, reject);
    await approver.keyboard.press('Enter');
    const dialog = approver.getByRole('dialog');
    const reason = dialog.getByLabel(/Reason for rejecting/);
    await expectFocusOn(approver, reason);
    // Focus stays in the dialog: Tab goes round it.
    for (let presses = 0; presses < 6; presses += 1) {
      await approver.keyboard.press('Tab');
      await expectVisibleFocus(approver);
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await tabTo(approver, dialog.getByRole('button', { name: 'Reject', exact: true }));
    await approver.keyboard.press('Enter');
    const missing = dialog.getByText('Say why you reject it');
    await missing.waitFor();
    expect(await isAnnounced(missing)).toBe(true);
    await expectFocusOn(approver, reason);
    await expectInvalidField(approver, reason, /Say why you reject it/);
    await screenshot(approver, 'keyboard-reject-error', { fullPage: false });
    await approver.keyboard.type('Forty per cent needs a competitive reason.');
    await tabTo(approver, dialog.getByRole('button', { name: 'Reject', exact: true }));
    await approver.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const notice = approver.getByText(`Rejected ${quoteNumber}`);
    await notice.waitFor();
    expect(await isAnnounced(notice)).toBe(true);
    // The row is gone with its buttons: focus is on the notice, not lost to the page.
    const noticeBox = approver.getByRole('status').filter({ hasText: `Rejected ${quoteNumber}` });
    await waitForFocus(approver, noticeBox);
    await expectVisibleFocus(approver);
    await screenshot(approver, 'keyboard-queue-after-reject', { fullPage: false });
    // Closing it sends focus back to the search, above the list.
    await tabTo(approver, noticeBox.getByRole('button', { name: /close/i }), { max: 3 });
    await approver.keyboard.press('Enter');
    await noticeBox.waitFor({ state: 'detached' });
    await expectFocusOn(approver, approver.getByRole('searchbox', { name: 'Search', exact: true }));
    await approver.context().close();
  }, 60_000);
});
