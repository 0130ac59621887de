import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  signInThroughApi,
} from '../../fixtures.ts';

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

/**
 * A demo opportunity of an EMEA customer (crmDemoId('006', 19) in the demo seed) that none of
 * the demo sellers works on, so renaming it changes nothing other browser tests look at.
 */
const OPPORTUNITY_ID = '006Bq0000000019AAA';

describe('the built-in CRM records', () => {
  it('an admin renames an opportunity and the lists show the new name', async () => {
    const page = await newPage(browser);
    page.setDefaultTimeout(15_000);
    await signInThroughApi(page, 'root@bastion.test');
    await page.goto('/cpq/sfdc');
    await page.getByRole('heading', { name: 'Built-in CRM records' }).waitFor();
    expect(
      await page.getByRole('tab', { name: 'Opportunities' }).getAttribute('aria-selected'),
    ).toBe('true');

    const opportunities = page.getByRole('table', { name: 'Opportunities' });
    await page.getByRole('searchbox', { name: 'Search opportunities' }).fill(OPPORTUNITY_ID);
    const row = opportunities.getByRole('row').filter({ hasText: OPPORTUNITY_ID });
    await row.waitFor();
    await expect.poll(() => opportunities.getByRole('row').count()).toBe(2);
    const oldName = (await row.getByRole('cell').first().innerText()).split('\n')[0]?.trim() ?? '';
    expect(oldName).toMatch(/^Rheinland/);

    await row.getByRole('button', { name: `Edit ${oldName}` }).click();
    const panel = page.getByRole('dialog', { name: 'Edit opportunity' });
    const name = panel.getByRole('textbox', { name: 'Name', exact: true });
    await expect.poll(() => name.inputValue()).toBe(oldName);
    // The panel is the spec's 500px offcanvas, at the right (once it has slid in).
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return box && { width: box.width, right: box.x + box.width };
      })
      .toEqual({ width: 500, right: 1400 });

    const newName = `Rheinland – firewall renewal, renamed ${Date.now()}`;
    await name.fill(newName);
    await screenshot(page, 'crm-records-edit-opportunity');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();

    await panel.waitFor({ state: 'hidden' });
    await page.getByRole('status').getByText(`Saved “${newName}”.`).waitFor();
    await row.getByText(newName, { exact: true }).waitFor();
    await screenshot(page, 'crm-records-opportunity-saved');

    // Saved for good, and stamped with the admin's e-mail.
    const saved = await page.request.post('/api/sfdc/opportunities/get', {
      data: { id: OPPORTUNITY_ID },
    });
    expect(saved.status()).toBe(200);
    expect((await saved.json()).data).toMatchObject({
      name: newName,
      modified_by: 'root@bastion.test',
    });
    await page.context().close();
  });
});
