import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot, useOwnApp } from '../../fixtures.ts';
import { seriousViolations } from '../accessibility/axe.ts';
import { SUBSCRIPTION_SKU } from '../approvals/approval-helpers.ts';
import { apiData, approvedQuote } from '../quotes/quote-api.ts';
import { signIn } from '../quotes/quote-helpers.ts';

// On an app of its own: its endpoints would receive every other file's quote events.
useOwnApp();

/*
 * Issue 21's "done when" for webhooks: an administrator registers an endpoint on the webhooks
 * page; accepting a quote delivers a signed quote.accepted; a receiver that fails twice gets it
 * on the third try (the e2e server retries after 1 s, then 2 s); the delivery log shows the
 * three attempts, and "Send again" delivers it once more.
 */

interface Post {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; sequence: number; data: { quote?: { id: string } } };
  status: number;
}

let browser: Browser;
let admin: Page;
let seller: Page;
let server: Server;
let receiverUrl = '';
/** The secret the page showed; the receiver checks every post with it. */
let secret = '';
/** The quote whose events count: others' tests accept quotes on the same server. */
let quoteId = '';
const posts: Post[] = [];
const tag = Date.now().toString(36).toUpperCase();

/** What the receiver checks: `v1` is the HMAC-SHA256 of "<t>.<body>" under the secret. */
function isSigned(post: Post): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(post.headers['bastion-signature']));
  if (!match || secret === '') return false;
  const mac = createHmac('sha256', secret).update(`${match[1]}.${post.body}`).digest();
  return timingSafeEqual(mac, Buffer.from(match[2] ?? '', 'hex'));
}

/** The posts of our quote's events, in the order they came. */
const ours = () => posts.filter((post) => post.event.data.quote?.id === quoteId);

beforeAll(async () => {
  // The receiver: the first two posts of each of our events fail with 500, the rest succeed.
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const event = JSON.parse(body) as Post['event'];
      const isOurs = quoteId !== '' && event.data.quote?.id === quoteId;
      const before = posts.filter((post) => post.event.id === event.id).length;
      const status = isOurs && before < 2 ? 500 : 204;
      posts.push({ headers: request.headers, body, event, status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bastion/${tag}`;

  browser = await launchBrowser();
  admin = await newPage(browser, { width: 1400, height: 1100 });
  seller = await newPage(browser);
  await Promise.all([signIn(admin, 'itadmin@bastion.test'), signIn(seller, 'sales@bastion.test')]);
});

afterAll(async () => {
  // Nothing more is sent to a receiver that is going away.
  if (admin) {
    const { endpoints } = await apiData<{
      endpoints: { id: string; url: string; version: number }[];
    }>(admin, '/api/admin/webhook-endpoints', {});
    for (const endpoint of endpoints.filter((e) => e.url === receiverUrl)) {
      await apiData(admin, '/api/admin/webhook-endpoint-delete', {
        id: endpoint.id,
        version: endpoint.version,
      });
    }
  }
  await closeBrowser(browser);
  await new Promise((resolve) => server?.close(resolve));
});

describe('webhooks', () => {
  it('delivers a signed quote.accepted on the third try to a receiver that fails twice, and again on request', async () => {
    await admin.goto('/cpq/webhooks');
    await admin.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();

    // Registered on the page: a bad address first, then the receiver's.
    await admin.getByRole('button', { name: 'New endpoint' }).click();
    const form = admin.getByRole('form', { name: 'New endpoint' });
    const address = form.getByRole('textbox', { name: 'Address' });
    // Leaving the field shows its message, which moves what is below: leave it before clicking.
    await address.fill('receiver.example/in');
    await address.press('Tab');
    await form.getByRole('checkbox', { name: /quote\.accepted/ }).check();
    await admin.getByRole('button', { name: 'Create endpoint' }).click();
    await form.getByText('Write the full address, starting with https://.').waitFor();
    await address.fill(receiverUrl);
    await address.press('Tab');
    await form.getByLabel('Description').fill(`The e2e receiver ${tag}`);
    await admin.getByRole('button', { name: 'Create endpoint' }).click();
    const notice = admin.getByRole('alert', { name: 'Signing secret' });
    secret = await notice.getByText(/^whsec_/).innerText();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await screenshot(admin, 'webhooks-created', { fullPage: false });
    // The page with its secret on show passes axe, as every page does.
    expect(await seriousViolations(admin)).toEqual([]);
    await notice.getByRole('button', { name: 'I have copied it' }).click();
    const table = admin.getByRole('table', { name: 'Webhook endpoints' });
    const row = table.getByRole('row').filter({ hasText: receiverUrl });
    await row.getByText('quote.accepted').waitFor();

    // The seller's quote, approved, then accepted.
    const id = await approvedQuote(seller, `Webhooks ${tag}`, [
      { sku: SUBSCRIPTION_SKU, quantity: 1 },
    ]);
    quoteId = id;
    const state = await apiData<{ quote: { version: number } }>(seller, '/api/dx/quote/approval', {
      action: 'get',
      quote_id: id,
    });
    await apiData(seller, '/api/dx/quote-lifecycle', {
      action: 'accept',
      quote_id: id,
      version: state.quote.version,
    });

    // Refused twice, delivered on the third try: the same event, the same bytes, all signed.
    await expect.poll(() => ours().length, { timeout: 15_000, interval: 200 }).toBe(3);
    const tries = ours();
    expect(tries.map((post) => post.status)).toEqual([500, 500, 204]);
    expect(tries.every((post) => post.event.type === 'quote.accepted')).toBe(true);
    expect(new Set(tries.map((post) => post.body)).size).toBe(1);
    expect(tries.every(isSigned)).toBe(true);
    expect(tries[0]!.headers).toMatchObject({
      'bastion-event': 'quote.accepted',
      'bastion-event-id': tries[0]!.event.id,
      'user-agent': 'Bastion-CPQ-Webhooks/1',
    });
    const { sequence } = tries[0]!.event;

    // The delivery log: three attempts, the last a success.
    await row.getByRole('button', { name: `Delivery log of ${receiverUrl}` }).click();
    const log = admin.getByRole('region', { name: `Delivery log of ${receiverUrl}` });
    const delivery = log.getByRole('row').filter({
      has: admin.getByRole('button', { name: `Attempts of quote.accepted #${sequence}` }),
    });
    await expect
      .poll(
        async () => {
          if (
            (await delivery.count()) === 0 ||
            !(await delivery.innerText()).includes('Delivered')
          ) {
            await log.getByRole('button', { name: 'Refresh' }).click();
            return false;
          }
          return true;
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBe(true);
    await delivery.getByRole('button', { name: `Attempts of quote.accepted #${sequence}` }).click();
    const attempts = log.getByRole('table', { name: `Attempts of delivery ${sequence}` });
    await expect.poll(() => attempts.getByRole('row').count()).toBe(4);
    const attemptText = await attempts.innerText();
    expect(attemptText.match(/HTTP 500/g)).toHaveLength(2);
    expect(attemptText).toContain('HTTP 204');
    await log.scrollIntoViewIfNeeded();
    await screenshot(admin, 'webhooks-delivery-log', { fullPage: false });

    // "Send again": posted once more, at once, and logged as asked by the administrator.
    await delivery.getByRole('button', { name: `Send quote.accepted #${sequence} again` }).click();
    await log
      .getByRole('status')
      .getByText(`Sent quote.accepted #${sequence} again: the receiver answered 204.`)
      .waitFor();
    expect(ours()).toHaveLength(4);
    expect(ours()[3]!.body).toBe(tries[0]!.body);
    expect(isSigned(ours()[3]!)).toBe(true);
    await expect.poll(() => attempts.getByRole('row').count()).toBe(5);
    expect(await attempts.innerText()).toContain('Ivan Tech');
    await screenshot(admin, 'webhooks-sent-again', { fullPage: false });
  });
});
