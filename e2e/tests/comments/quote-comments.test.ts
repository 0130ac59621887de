import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  signInThroughApi,
  useOwnApp,
} from '../../fixtures.ts';
import { apiData, createDirectQuote, moveServerClock } from '../quotes/quote-api.ts';

// On an app of its own: it moves the server's clock.
useOwnApp();

/*
 * Comments and internal notes on a quote (issue 17): the seller writes a comment mentioning the
 * deal desk and an internal note; the deal desk, in another browser, sees both within one poll
 * with initials and dates; the seller edits within 15 minutes, and after them may no longer.
 */

let browser: Browser;
let seller: Page;
let desk: Page;
let quoteId = '';
const tag = Date.now().toString(36).toUpperCase();
/** spec §9: 'DD-MMM-yyyy hh:mm A z'. */
const DATE_TIME = /\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2} [AP]M \S+/;

const panelOf = (page: Page) => page.locator('.offcanvas.show');
const entries = (page: Page) =>
  panelOf(page).getByRole('list', { name: 'Comments and notes' }).getByRole('listitem');

async function openComments(page: Page) {
  await page.goto(`/cpq/configure-quote/${quoteId}/STANDARD`);
  await page.getByRole('button', { name: /^Comments/ }).click();
  await panelOf(page).getByRole('heading', { name: 'Comments and notes' }).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  seller = await newPage(browser);
  desk = await newPage(browser);
  await Promise.all([
    signInThroughApi(seller, 'sales@bastion.test'),
    signInThroughApi(desk, 'dealdesk@bastion.test'),
  ]);
  quoteId = await createDirectQuote(seller, `Comments ${tag}`);
});

afterAll(async () => {
  await closeBrowser(browser);
});

describe('comments and notes on a quote', () => {
  it('reach another user within one poll, with initials, dates and the mention', async () => {
    await openComments(seller);
    await openComments(desk);
    await expect.poll(() => desk.getByText('Nothing written yet.').count()).toBe(1);

    // A comment mentioning the deal desk, chosen with the keyboard, sent with Ctrl+Enter.
    const text = panelOf(seller).getByRole('combobox', { name: 'Comment' });
    await text.fill('Customer asks for delivery in March. @dan');
    const option = panelOf(seller).getByRole('option', { name: /Dana Desk/ });
    await option.waitFor();
    await screenshot(seller, 'comments-mention-picker', { fullPage: false });
    await text.press('Enter');
    await text.pressSequentially('please check the price.');
    await text.press('Control+Enter');
    await entries(seller).first().waitFor();

    // An internal note, said to stay inside the company where it is chosen.
    await panelOf(seller).getByLabel('Internal note', { exact: true }).check();
    await panelOf(seller).getByText('never on a customer document').waitFor();
    await panelOf(seller)
      .getByRole('combobox', { name: 'Internal note' })
      .fill('Margin is thin: do not go below 10 %.');
    await panelOf(seller).getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => entries(seller).count()).toBe(2);

    const first = entries(seller).first();
    await expect.poll(() => first.locator('.comment-mention').textContent()).toBe('@Dana Desk');
    await screenshot(seller, 'comments-panel-seller', { fullPage: false });

    // The deal desk's open panel polls every 15 s: both arrive without a reload.
    await expect.poll(() => entries(desk).count(), { timeout: 20_000, interval: 500 }).toBe(2);
    const [comment, note] = [entries(desk).nth(0), entries(desk).nth(1)];
    expect(await comment.locator('.comment-avatar').textContent()).toBe('SS');
    expect(await comment.textContent()).toContain('Sam Seller');
    expect(await comment.locator('time').textContent()).toMatch(DATE_TIME);
    expect(await comment.textContent()).toContain(
      'Customer asks for delivery in March. @Dana Desk please check the price.',
    );
    expect(await note.getByText('Internal note').count()).toBe(1);
    expect(await note.locator('time').textContent()).toMatch(DATE_TIME);
    // Not the deal desk's to change.
    expect(await desk.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    await screenshot(desk, 'comments-panel-other-user', { fullPage: false });
  });

  it('lets the author edit within 15 minutes, and not after', async () => {
    const comment = entries(seller).first();
    await comment.getByRole('button', { name: /^Edit comment/ }).click();
    const editor = comment.getByRole('combobox', { name: 'Edit the text' });
    await editor.fill('Customer asks for delivery in early March. @Dana Desk please check.');
    await comment.getByRole('button', { name: 'Save' }).click();
    await comment.getByText('edited', { exact: true }).waitFor();
    expect(await comment.locator('.comment-mention').textContent()).toBe('@Dana Desk');

    const listed = await apiData<{ comments: { id: string; version: number }[] }>(
      seller,
      '/api/dx/quote-comments',
      { quote_id: quoteId },
    );
    const [written] = listed.comments;
    // The server's clock moves on 16 minutes (it only ever moves forward).
    await moveServerClock(seller, 960);
    await openComments(seller);
    await expect.poll(() => entries(seller).count()).toBe(2);
    expect(await seller.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    expect(await seller.getByRole('button', { name: /^Delete / }).count()).toBe(0);

    const late = await seller.request.post('/api/dx/edit-quote-comment', {
      data: { quote_id: quoteId, comment_id: written?.id, version: written?.version, body: 'x' },
    });
    expect(late.status()).toBe(409);
    expect(((await late.json()) as { message: string }).message).toBe(
      'Comments can be changed for 15 minutes after they are written.',
    );
  });
});
