import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../../fixtures.ts';
import { SUBSCRIPTION_SKU, summaryStatus } from '../approvals/approval-helpers.ts';
import { apiData, approvedQuote } from '../quotes/quote-api.ts';
import { signIn } from '../quotes/quote-helpers.ts';

/*
 * Customer acceptance through an expiring link (issue 17, point 4): the owner sends an approved
 * quote from its summary; the customer, in a browser without a session, reads the PDF and
 * accepts; the owner's summary then shows ACCEPTED and the acceptance record.
 */

let browser: Browser;
let seller: Page;
const tag = Date.now().toString(36).toUpperCase();

const acceptancePanel = (page: Page) => page.getByRole('region', { name: 'Customer acceptance' });

beforeAll(async () => {
  browser = await launchBrowser();
  seller = await newPage(browser);
  await signIn(seller, 'sales@bastion.test');
});

afterAll(async () => {
  await closeBrowser(browser);
});

describe('customer acceptance through a link', () => {
  it('is sent by the owner, accepted by the customer without an account, and recorded', async () => {
    const quoteId = await approvedQuote(seller, `Acceptance ${tag}`, [
      { sku: SUBSCRIPTION_SKU, quantity: 1 },
    ]);
    await seller.goto(`/cpq/quote-summary/${quoteId}/STANDARD`);
    const panel = acceptancePanel(seller);
    await panel.getByRole('button', { name: 'Send for acceptance' }).click();

    const dialog = seller.getByRole('dialog');
    await dialog.getByLabel("Recipient's name").fill('Jane Buyer');
    await dialog.getByLabel("Recipient's e-mail").fill('jane.buyer@customer.example');
    await dialog.getByRole('button', { name: 'Send link' }).click();
    const urlBox = dialog.getByLabel('Link for the customer');
    await urlBox.waitFor();
    const url = await urlBox.inputValue();
    expect(url).toMatch(/\/accept\/[A-Za-z0-9_-]{43}$/);
    expect(await dialog.getByRole('status').innerText()).toContain('jane.buyer@customer.example');
    await screenshot(seller, 'acceptance-link-sent', { fullPage: false });
    await dialog.getByRole('button', { name: 'Done' }).click();
    const links = panel.getByRole('table', { name: 'Acceptance links' });
    await links.getByText('Open', { exact: true }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await screenshot(seller, 'acceptance-panel-open', { fullPage: false });

    // A second link, sent through the API: the acceptance through the first one ends it.
    const status = await apiData<{ quote: { version: number } }>(
      seller,
      '/api/dx/quote-acceptance',
      {
        quote_id: quoteId,
      },
    );
    const second = await apiData<{ url: string }>(seller, '/api/dx/send-acceptance-link', {
      quote_id: quoteId,
      version: status.quote.version,
      recipient_name: 'Joe Procurement',
      recipient_email: 'joe@customer.example',
    });

    // The customer: a fresh browser context, no session.
    const customer = await newPage(browser);
    await customer.goto(new URL(url).pathname);
    await customer.getByRole('heading', { name: /^Quotation Q-/ }).waitFor();
    const pdfLink = customer.getByRole('link', { name: 'Open the quotation (PDF)' });
    expect(await pdfLink.getAttribute('target')).toBe('_blank');
    const pdf = await customer.request.get((await pdfLink.getAttribute('href')) ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const sha = createHash('sha256')
      .update(await pdf.body())
      .digest('hex');
    expect(await customer.locator('main').innerText()).toContain(sha);
    await screenshot(customer, 'acceptance-customer-page');

    await customer.getByLabel('Full name').fill('Jane Buyer');
    await customer.getByLabel('Title').fill('CFO');
    await customer.getByLabel('E-mail').fill('jane.buyer@customer.example');
    await customer.getByRole('button', { name: 'Accept' }).click();
    // The box must be ticked: nothing is sent until it is.
    await customer.getByText('Tick the box to confirm').waitFor();
    await customer.getByLabel(/^I have read the quotation and accept it on behalf of /).check();
    await customer.getByRole('button', { name: 'Accept' }).click();
    await customer.getByText(/^Thank you, Jane Buyer\./).waitFor();
    const record = customer.getByRole('definition').filter({ hasText: sha });
    expect(await record.count()).toBe(1);
    await screenshot(customer, 'acceptance-customer-confirmation');
    // The other link now says the quote was accepted, and asks nothing more.
    await customer.goto(new URL(second.url).pathname);
    await customer
      .getByText('This quote has already been accepted. Nothing more is needed.')
      .waitFor();
    expect(await customer.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    await screenshot(customer, 'acceptance-customer-link-closed', { fullPage: false });
    await customer.context().close();

    // The owner's summary: ACCEPTED, with the record.
    await seller.reload();
    await expect
      .poll(() => summaryStatus(seller).innerText(), { timeout: 15_000 })
      .toBe('Accepted');
    const sheet = acceptancePanel(seller).getByLabel('Acceptance record');
    await sheet.waitFor();
    const text = await sheet.innerText();
    expect(text).toContain('Jane Buyer');
    expect(text).toContain('CFO');
    expect(text).toContain(sha);
    expect(text).toMatch(/\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2} [AP]M \S+/);
    await links.getByText('Accepted', { exact: true }).waitFor();
    await acceptancePanel(seller).scrollIntoViewIfNeeded();
    await screenshot(seller, 'acceptance-record-on-summary', { fullPage: false });
    // The history names the customer, who is not a user.
    await seller.goto(`/cpq/quote-history/${quoteId}/STANDARD`);
    await seller.getByText('Accepted the quote').waitFor();
    expect(await seller.locator('main').innerText()).toContain('by Customer (Jane Buyer, CFO)');
    await seller.goBack();
    await sheet.waitFor();

    // Print record: the record alone, on A4.
    await seller.evaluate(() => document.body.classList.add('printing-acceptance-record'));
    await seller.emulateMedia({ media: 'print' });
    await screenshot(seller, 'acceptance-record-print', { fullPage: false });
    await seller.emulateMedia({ media: 'screen' });
    await seller.evaluate(() => document.body.classList.remove('printing-acceptance-record'));
  });
});
