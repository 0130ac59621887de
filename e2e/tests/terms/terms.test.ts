import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot, useOwnApp } from '../../fixtures.ts';
import {
  addLibraryClause,
  quoteClauses,
  saveTerms,
  signIn,
  startQuote,
} from '../quotes/quote-helpers.ts';

// On an app of its own: it edits a library clause into a new version.
useOwnApp();

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

const clauseTitles = (page: Page) =>
  quoteClauses(page)
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => item.querySelector('.fw-semibold')?.textContent?.trim() ?? ''),
    );

describe("a quote's terms", () => {
  it('the deal desk keeps the required clause, adds a library and a custom clause, reorders and saves', async () => {
    // Tall enough for the whole page in view: a full-page picture repeats the fixed top bar.
    const page = await newPage(browser, { width: 1400, height: 1700 });
    await signIn(page, 'dealdesk@bastion.test');
    const quoteId = await startQuote(page, { name: `E2E terms ${Date.now()}`, type: 'STANDARD' });
    await page.goto(`/cpq/terms-condition/${quoteId}/STANDARD`);
    await page.getByRole('heading', { name: 'Terms & conditions', exact: true }).waitFor();

    // The rules put the limitation of liability on every quote, locked.
    const clauses = quoteClauses(page);
    const liability = clauses.getByRole('listitem').filter({ hasText: 'Limitation of liability' });
    await liability.waitFor();
    expect(await liability.getByText('Required', { exact: true }).count()).toBe(1);
    expect(await liability.getByText('Limitation of liability is required').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Remove Limitation of liability' }).count()).toBe(
      0,
    );
    await page.getByText('Not saved', { exact: true }).waitFor();

    // An optional clause from the library.
    await addLibraryClause(page, 'export', 'Export control');

    // A custom clause: its placeholder is filled from the quote, and it is marked non-standard.
    await page.getByRole('button', { name: 'Add custom clause' }).click();
    const custom = page.locator('.offcanvas.show');
    await custom.getByLabel('Title').fill('Pilot success criteria');
    await custom.getByLabel('Clause text').fill('Quote {nickname} converts after the pilot.');
    await custom.getByText('{nickname} is not a placeholder.', { exact: false }).waitFor();
    await custom
      .getByLabel('Clause text')
      .fill(
        'The subscriptions of quote {quote_number} start once the 30-day pilot meets its agreed success criteria.',
      );
    await custom.getByText(/^The subscriptions of quote Q-\d{4}-\d{6} start/).waitFor();
    await custom.getByRole('button', { name: 'Add to quote' }).click();
    const pilot = clauses.getByRole('listitem').filter({ hasText: 'Pilot success criteria' });
    await pilot.getByText('Non-standard').waitFor();

    // Reorder: the export clause moves up one place.
    const before = await clauseTitles(page);
    const exportIndex = before.indexOf('Export control');
    await page.getByRole('button', { name: 'Move Export control up' }).click();
    const after = await clauseTitles(page);
    expect(after.indexOf('Export control')).toBe(exportIndex - 1);

    await saveTerms(page);
    await page.getByText(/^Saved \d{2}-\w{3}-\d{4}/).waitFor();
    await page.locator('.offcanvas.show').waitFor({ state: 'detached' });
    await screenshot(page, 'quote-terms', { fullPage: false });

    // What was saved comes back: same order, the custom clause kept, the preview filled.
    await page.reload();
    await clauses.waitFor();
    expect(await clauseTitles(page)).toEqual(after);
    const preview = page.getByRole('article', { name: 'Preview of the terms' });
    await preview.getByText(/^The subscriptions of quote Q-\d{4}-\d{6} start once/).waitFor();
    expect(await preview.getByText('{', { exact: false }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await page.close();
  });

  it('a root admin edits a clause into a new version and sees its history and the rules', async () => {
    const page = await newPage(browser);
    await signIn(page, 'root@bastion.test');
    await page.goto('/cpq/terms-condition');
    const table = page.getByRole('table', { name: 'Clauses' });
    await table.getByRole('row').filter({ hasText: 'Limitation of liability' }).waitFor();
    await screenshot(page, 'terms-library');

    await page.getByRole('button', { name: 'Edit Acceptance' }).click();
    const editor = page.locator('.offcanvas.show');
    const text = editor.getByLabel('Text');
    await text.fill(`${await text.inputValue()} Acceptance is deemed on {nickname}.`);
    await editor.getByRole('button', { name: 'Save new version' }).click();
    await editor.getByText('{nickname} is not a placeholder.', { exact: false }).waitFor();
    await text.fill(
      (await text.inputValue()).replace(
        ' Acceptance is deemed on {nickname}.',
        ' Partial acceptance is not possible.',
      ),
    );
    await editor.getByLabel('What changed (kept with the version)').fill('No partial acceptance');
    await page.locator('.offcanvas.show:not(.offcanvas-toggling)').waitFor();
    // Let the fields' border colours finish their transition before the picture.
    await page.waitForTimeout(300);
    await screenshot(page, 'terms-clause-editor', { fullPage: false });
    await editor.getByRole('button', { name: 'Save new version' }).click();
    await page.getByText('Saved “Acceptance” as version 2.').waitFor();

    await page.locator('.offcanvas.show').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'History of Acceptance' }).click();
    const history = page.locator('.offcanvas.show');
    const versions = history.getByRole('list', { name: 'Versions' }).getByRole('listitem');
    await expect.poll(() => versions.count(), { timeout: 15_000 }).toBe(2);
    await versions.first().getByText('“No partial acceptance”', { exact: false }).waitFor();
    await page.locator('.offcanvas.show:not(.offcanvas-toggling)').waitFor();
    await screenshot(page, 'terms-clause-history', { fullPage: false });
    await history.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('link', { name: 'Clause rules' }).click();
    const rules = page.getByRole('table', { name: 'Clause rules' });
    await rules.getByRole('row').filter({ hasText: 'Every quote limits liability' }).waitFor();
    await screenshot(page, 'terms-rules');
    await page.close();
  });
});
