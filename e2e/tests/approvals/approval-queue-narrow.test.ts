import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import { signIn } from '../quotes/quote-helpers.ts';
import { apiData, pendingQuote } from '../quotes/quote-api.ts';

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

describe('the approvals queue on narrow and wide screens', () => {
  it('keeps its key columns in view, never scrolls sideways, and shows the rest in the row', async () => {
    const sales = await newPage(browser, { width: 1400, height: 1200 });
    await signIn(sales, 'sales@bastion.test');
    // A quote waiting for the approver, made by API: this test is about the queue's layout.
    const { id, number: quoteNumber } = await pendingQuote(
      sales,
      `E2E narrow queue ${Date.now()}`,
      '40',
    );
    const { account_name: account } = await apiData<{ account_name: string }>(
      sales,
      '/api/dx/get-quote',
      { id },
    );
    await sales.context().close();

    const approver = await newPage(browser, { width: 800, height: 1000 });
    await signIn(approver, 'approver@bastion.test');
    await approver.goto('/cpq/grid/quote-approvals/ref');
    await approver.getByRole('searchbox', { name: 'Search', exact: true }).fill(quoteNumber);
    const table = approver.locator('table.data-grid');
    const row = table.locator('tbody tr').filter({ hasText: quoteNumber });
    await row.waitFor();

    // Nothing sideways: the table fits the box it scrolls in.
    const fits = await table.evaluate((element) => {
      const box = element.parentElement as HTMLElement;
      const widths = [...element.querySelectorAll('thead th')]
        .filter((th) => (th as HTMLElement).offsetWidth > 0)
        .map((th) => `${th.textContent?.trim() || '·'} ${(th as HTMLElement).offsetWidth}`);
      return { scroll: box.scrollWidth, client: box.clientWidth, widths: widths.join(', ') };
    });
    await screenshot(approver, 'approvals-queue-narrow', { fullPage: false });
    expect(fits.scroll, fits.widths).toBeLessThanOrEqual(fits.client);

    // What is decided, for whom, since when and why, and the buttons to decide it, stay in the
    // row (issue 33: account, owner, submitted and waiting since in sight).
    const text = await row.innerText();
    expect(text).toContain('E2E narrow queue');
    expect(text).toContain('Seller discount above 30 %');
    expect(text).toContain('Finance approvers');
    expect(text).toContain(account);
    expect(await row.getByRole('button', { name: /^Approve / }).isVisible()).toBe(true);
    // The owner, the amount and the wait have given way to the row's detail.
    for (const label of ['Owner', 'Net total', 'Waiting']) {
      expect(await table.locator('thead th').filter({ hasText: label }).isVisible()).toBe(false);
    }
    await row.getByRole('button', { name: 'Show details' }).click();
    const detail = row.locator('xpath=following-sibling::tr[1]');
    await detail.waitFor();
    expect(await detail.innerText()).toMatch(
      /Owner[\s\S]*Sam Seller[\s\S]*Net total[\s\S]*\$[\s\S]*Waiting[\s\S]*minutes/,
    );
    await screenshot(approver, 'approvals-queue-narrow-detail', { fullPage: false });
    const afterOpen = await table.evaluate((element) => {
      const box = element.parentElement as HTMLElement;
      return { scroll: box.scrollWidth, client: box.clientWidth };
    });
    expect(afterOpen.scroll).toBeLessThanOrEqual(afterOpen.client);

    // On a laptop, beside the open sidebar, every column is in the row.
    await approver.setViewportSize({ width: 1400, height: 1000 });
    for (const label of ['Quote', 'Owner', 'Net total', 'Step', 'Waiting']) {
      await table.locator('thead th').filter({ hasText: label }).waitFor({ state: 'visible' });
    }
    expect(await row.innerText()).toContain('$');
    expect(await row.innerText()).toContain('Sam Seller');
    expect(await row.innerText()).toMatch(/a few minutes|\d+ minutes/);
    const wide = await table.evaluate((element) => {
      const box = element.parentElement as HTMLElement;
      return { scroll: box.scrollWidth, client: box.clientWidth };
    });
    await screenshot(approver, 'approvals-queue-wide', { fullPage: false });
    expect(wide.scroll).toBeLessThanOrEqual(wide.client);
    await approver.context().close();
  }, 180_000);
});
