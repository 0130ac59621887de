import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot, signInAndLand } from '../../fixtures.ts';

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

const EMAIL_MESSAGE = 'Please enter a valid Partner Contact Email.';

async function openQuoteDetailsPreview(page: Page) {
  await signInAndLand(page, 'root@bastion.test', '/cpq/grid/quotes/ref');
  await page
    .locator('nav[aria-label="Sidebar"]')
    .getByRole('link', { name: 'Configuration' })
    .click();
  await page.waitForURL((url) => url.pathname === '/cpq/config-admin');
  await page.getByRole('button', { name: /^Quote details/ }).click();
  await page.getByRole('heading', { name: 'Quote details' }).waitFor();
}

describe('a form drawn from its recipe', () => {
  it('runs its rules live, shows its messages, and the server says the same', async () => {
    const page = await newPage(browser);
    await openQuoteDetailsPreview(page);
    const partnerEmail = page.getByLabel('Partner contact e-mail');
    const partnerType = page.getByLabel('Partner type');

    // A direct deal has no partner: the SHOW rule keeps the partner fields hidden.
    expect(await partnerEmail.count()).toBe(0);
    await page.getByLabel('Sales channel').selectOption('T1');
    await partnerEmail.waitFor();
    expect(await partnerType.isVisible()).toBe(true);

    // An invalid e-mail says so once the user leaves the field.
    await partnerEmail.fill('not-an-email');
    await partnerEmail.blur();
    await page.getByText(EMAIL_MESSAGE).waitFor();
    await screenshot(page, 'recipe-form-invalid-email');

    // Changing the channel clears the fields in its reset list, though they stay visible.
    await page.getByLabel('Sales channel').selectOption('T2');
    expect(await partnerEmail.inputValue()).toBe('');
    expect(await partnerEmail.isVisible()).toBe(true);

    // The first submit shows every problem at once, the revealed field now required among them.
    await page.getByRole('button', { name: 'Check on the server' }).click();
    await page.getByText('problems need your attention').waitFor();
    for (const message of [
      'Please enter Quote Name',
      'Please select Partner Type',
      EMAIL_MESSAGE,
    ]) {
      expect(await page.getByText(message, { exact: true }).isVisible()).toBe(true);
    }
    await screenshot(page, 'recipe-form-all-errors');

    // The server refuses the same bad payload, sent directly, with the same message.
    const direct = await page.request.post('/api/dx/validate-form', {
      data: {
        name: 'quote_details',
        values: { sales_channel: 'T1', partner_contact_email: 'not-an-email' },
      },
    });
    expect(direct.status()).toBe(400);
    const body = (await direct.json()) as { errors: { path: string; message: string }[] };
    expect(body.errors).toContainEqual({ path: 'partner_contact_email', message: EMAIL_MESSAGE });
    await page.context().close();
  });

  it('is accepted by the server once every field is valid', async () => {
    const page = await newPage(browser);
    await openQuoteDetailsPreview(page);
    await page.getByLabel('Quote name').fill('Acme secure access 2027');
    await page.getByLabel('Quote type').selectOption('ELA');
    // The ELA rules narrow the terms to multi-year ones and default to 36 months.
    expect(await page.getByLabel('Contract length').inputValue()).toBe('36');
    await page.getByLabel('Deal type').selectOption('NB');
    await page.getByLabel('Sales channel').selectOption('T1');
    await page.getByLabel('Partner type').selectOption('PREMIER');
    await page.getByLabel('Partner contact e-mail').fill('pat@partner.example');
    await page.getByLabel('Contract start and end: from').fill('2027-01-01');
    await page.getByLabel('Contract start and end: to').fill('2029-12-31');
    await page.getByLabel('Network Firewall').check();
    await page.getByRole('button', { name: 'Check on the server' }).click();
    await page.getByText('The server accepted the form.').waitFor();
    expect(await page.locator('.recipe-payload').innerText()).toContain('"contract_length": "36"');
    await screenshot(page, 'recipe-form-accepted');
    await page.context().close();
  });
});

describe('composite fields', () => {
  it('checks an ELA deployment schedule against the products, year by year', async () => {
    const page = await newPage(browser);
    await openQuoteDetailsPreview(page);
    await page.getByRole('button', { name: /^Shipping & hardware/ }).click();
    await page.getByRole('heading', { name: 'Shipping & hardware' }).waitFor();
    await page.getByLabel('Quote type').selectOption('ELA');
    await page.getByRole('button', { name: 'Add shipping line' }).click();
    await page.getByLabel('Line 1 product').selectOption('FW-200');
    await page.getByLabel('Line 1 region').selectOption('EMEA');
    await page.getByLabel('Line 1 incoterm').selectOption('DAP');
    await page.getByLabel('Line 1 year 1').fill('20');
    await page.getByLabel('Line 1 year 2').fill('4');
    await page.getByLabel('Line 1 year 3').fill('5');
    await page.getByRole('button', { name: 'Check on the server' }).click();
    await page
      .getByText('Shipping Quantity does not match with sum of Deployment Schedule for Year 2.')
      .waitFor();
    // The access points have quantities but no line at all.
    expect(await page.getByText('Please configure Shipping.').isVisible()).toBe(true);
    await screenshot(page, 'recipe-form-shipping-ela');
    await page.context().close();
  });

  it('holds device-based secure access to its limits', async () => {
    const page = await newPage(browser);
    await openQuoteDetailsPreview(page);
    await page.getByRole('button', { name: /^Secure access sizing/ }).click();
    await page.getByRole('heading', { name: 'Secure access sizing' }).waitFor();
    await page.getByLabel('Pricing model').selectOption('Device Based');
    const extraSmall = page.getByLabel('Extra small sites, Quantity');
    await extraSmall.fill('20001');
    await page.getByRole('button', { name: 'Check on the server' }).click();
    await page.getByText('Maximum 20000 allowed per configuration.').waitFor();
    // The click submitted the form even though leaving the field showed a message above it.
    expect(await page.getByText('One problem needs your attention.').isVisible()).toBe(true);
    await extraSmall.fill('30');
    await page.getByText('Minimum 50 allowed per configuration.').waitFor();
    await screenshot(page, 'recipe-form-secure-access');
    await extraSmall.fill('50');
    await page.getByRole('button', { name: 'Check on the server' }).click();
    await page.getByText('The server accepted the form.').waitFor();
    await page.context().close();
  });
});
