import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPTANCE_LINK_REFUSALS } from '@bastion/domain/documents/acceptance-link-state';
import type {
  AcceptanceRecord,
  PublicAcceptanceView,
  QuoteAcceptance,
  SentAcceptanceLink,
} from '@bastion/domain/documents/acceptance-schemas';
import { acceptanceLinks, quoteAcceptances, quoteDocuments } from '@bastion/db/schema/documents';
import { outboundEmails } from '@bastion/db/schema/mail';
import { appSettings } from '@bastion/db/schema/navigation';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { quotes } from '@bastion/db/schema/quotes';
import { readAppSetting } from '../../core/settings/app-settings.repository.ts';
import { takeOverApprovalRouting } from '../../test/approval-routing.ts';
import { dataOfSuccess } from '../../test/answers.ts';
import { restoreAppSetting, writeAppSetting } from '../../test/app-settings.ts';
import {
  headerValues,
  insertOpportunity,
  insertPricedTestSkus,
  unique,
} from '../../test/quote-fixtures.ts';
import { saveNoShipping, saveProposedTerms, type QuoteState } from '../../test/quote-steps.ts';
import { postCallsAs, useTestBed } from '../../test/test-bed.ts';
import { forgetAccessSettings } from '../../core/access/access-settings.repository.ts';
import { advanceAppClock } from '../../lib/clock.ts';
import { hashOpaqueToken } from '../../core/access/opaque-token.ts';
import { NOT_APPROVED_MESSAGE } from './acceptance-send-link.ts';
import { ACCEPTANCE_OFF_MESSAGE } from './acceptance-records.ts';

const emea = (role: string) => ({ role, assignment: 'REGION' as const, assignmentValue: ['EMEA'] });
const bed = useTestBed({
  seller: { roles: [emea('SALES_USER')] },
  colleague: { roles: [emea('SALES_USER')] },
  desk: 'DEAL_DESK',
  outsider: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['APJ'] }] },
});
const { ctx, users } = bed;
const { post, dataOf } = postCallsAs(bed, 'seller');
const tag = unique().slice(0, 6).toUpperCase();
const skuOf = (code: string) => `ACC-${code}-${tag}`;

const SEND = '/api/dx/send-acceptance-link';
const STATUS = '/api/dx/quote-acceptance';
const REVOKE = '/api/dx/revoke-acceptance-link';
const CUSTOMER_ADDRESS = '203.0.113.9';
const OWN_ORIGIN = 'http://localhost:80';

let restoreRouting: () => Promise<void> = async () => undefined;
let settingBefore: string | null = null;

const setSetting = (value: string) => writeAppSetting(ctx.db, 'quote_document_link', value);

beforeAll(async () => {
  await insertPricedTestSkus(ctx.db, skuOf, ['SUB']);
  // Only a rule no quote here meets: every quote submitted is approved at once.
  const routing = await takeOverApprovalRouting(ctx.db, {
    rules: [
      {
        name: `Never ${tag}`,
        predicate: { kind: 'predicate', fact: 'max_line_discount_percent', op: 'gt', value: 99 },
        groupIds: [],
      },
    ],
    workflow: { name: `Acceptance tests ${tag}`, nodes: [{ kind: 'START' }, { kind: 'END' }] },
  });
  restoreRouting = routing.restore;
  settingBefore = await readAppSetting(ctx.db, 'quote_document_link');
  await setSetting('enable');
});

afterAll(async () => {
  await restoreRouting();
  await restoreAppSetting(ctx.db, 'quote_document_link', settingBefore);
});

/** A fresh EMEA quote of the seller's, one subscription line, at its terms (TNC). */
async function quoteAtTerms() {
  const opportunityId = await insertOpportunity(ctx.db, { region: 'EMEA' });
  const made = await dataOf<{ id: string }>('/api/dx/create-quote', {
    opportunity_id: opportunityId,
    values: headerValues({ quote_name: `Acceptance ${unique()}` }),
  });
  const configured = await dataOf<QuoteState>('/api/dx/save-quote-configuration', {
    id: made.id,
    version: 1,
    advance: true,
    lines: [{ key: 'l1', sku: skuOf('SUB'), quantities: [2] }],
  });
  await saveNoShipping(dataOf, made.id, configured.quote.version);
  const saved = await saveProposedTerms(dataOf, made.id);
  expect(saved.quote.status_id).toBe('TNC');
  return { id: made.id, version: saved.quote.version };
}

/** A quote of the seller's, approved at once. */
async function approvedQuote() {
  const quote = await quoteAtTerms();
  const state = await dataOf<QuoteState>('/api/dx/quote/approval', {
    action: 'submit',
    quote_id: quote.id,
    version: quote.version,
  });
  expect(state.quote.status_id).toBe('APPROVED');
  return { id: quote.id, version: state.quote.version };
}

const sendBody = (quote: { id: string; version: number }, extra: object = {}) => ({
  quote_id: quote.id,
  version: quote.version,
  recipient_name: 'Jane Buyer',
  recipient_email: `jane-${unique()}@customer.example`,
  ...extra,
});

const tokenOf = (url: string) => url.split('/accept/')[1] ?? '';

const publicView = (token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/public/acceptance/${token}` });
const publicDocument = (token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/public/acceptance/${token}/document` });
const accept = (token: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/public/acceptance/${token}/accept`,
    payload,
    remoteAddress: CUSTOMER_ADDRESS,
    headers: { origin: OWN_ORIGIN, 'user-agent': 'Acceptance test browser', ...headers },
  });
const customer = { name: 'Jane Buyer', title: 'CFO', email: 'jane@customer.example', agreed: true };

const statusOf = (quoteId: string, who: 'seller' | 'desk' | 'colleague' = 'seller') =>
  dataOf<QuoteAcceptance>(STATUS, { quote_id: quoteId }, who);

async function quoteRow(id: string) {
  const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
  return row;
}

describe('sending a quote for acceptance', () => {
  it('is refused while the app setting quote_document_link is off', async () => {
    const quote = await approvedQuote();
    await setSetting('');
    try {
      const response = await post(SEND, sendBody(quote));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: ACCEPTANCE_OFF_MESSAGE });
      const status = await statusOf(quote.id);
      expect(status).toMatchObject({ enabled: false, can_send: false, links: [] });
    } finally {
      await setSetting('enable');
    }
    const links = await ctx.db
      .select()
      .from(acceptanceLinks)
      .where(eq(acceptanceLinks.quoteId, quote.id));
    expect(links).toEqual([]);
  });

  it('is refused for a quote that is not approved', async () => {
    const quote = await quoteAtTerms();
    const response = await post(SEND, sendBody(quote));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: NOT_APPROVED_MESSAGE });
    expect((await statusOf(quote.id)).can_send).toBe(false);
  });

  it('is refused (403) to a seller who sees the quote but does not own it, and 404 to an outsider', async () => {
    const quote = await approvedQuote();
    const colleague = await post(SEND, sendBody(quote), 'colleague');
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json()).toMatchObject({
      error: 'FORBIDDEN',
      message: expect.stringMatching(/owner or the deal desk/),
    });
    expect((await statusOf(quote.id, 'colleague')).can_send).toBe(false);
    const outsider = await post(SEND, sendBody(quote), 'outsider');
    expect(outsider.statusCode).toBe(404);
    expect((await post(STATUS, { quote_id: quote.id }, 'outsider')).statusCode).toBe(404);
  });

  it('refuses a stale version and bad input, changing nothing', async () => {
    const quote = await approvedQuote();
    expect((await post(SEND, sendBody(quote, { version: quote.version - 1 }))).statusCode).toBe(
      409,
    );
    const tooLong = await post(SEND, sendBody(quote, { expires_in_days: 91 }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([
      { path: 'expires_in_days', message: 'A link lasts at most 90 days.' },
    ]);
    const badEmail = await post(SEND, sendBody(quote, { recipient_email: 'not-an-address' }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors).toEqual([
      { path: 'recipient_email', message: 'Enter a valid e-mail address.' },
    ]);
    const links = await ctx.db
      .select()
      .from(acceptanceLinks)
      .where(eq(acceptanceLinks.quoteId, quote.id));
    expect(links).toEqual([]);
  });
});

describe('the customer accepting through the link', () => {
  const quote = { id: '', version: 0 };
  let sent: SentAcceptanceLink;
  let token = '';
  let recipient = '';

  beforeAll(async () => {
    Object.assign(quote, await approvedQuote());
    const body = sendBody(quote, { expires_in_days: 14 });
    recipient = body.recipient_email;
    sent = await dataOf<SentAcceptanceLink>(SEND, body);
    token = tokenOf(sent.url);
  });

  it('sends an unguessable link by e-mail through the outbox, storing only its hash', async () => {
    expect(sent.url).toBe(`${ctx.config.publicUrl}/accept/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent.link).toMatchObject({
      recipient_name: 'Jane Buyer',
      recipient_email: recipient,
      state: 'active',
    });
    const [mail] = await ctx.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.recipient, recipient));
    expect(mail?.purpose).toBe('quote_acceptance_link');
    expect(mail?.textBody).toContain(sent.url);
    const [link] = await ctx.db
      .select()
      .from(acceptanceLinks)
      .where(eq(acceptanceLinks.id, sent.link.id));
    expect(link?.tokenHash).toBe(hashOpaqueToken(token));
    expect(JSON.stringify(link)).not.toContain(token);
    expect(link?.quoteVersion).toBe(quote.version);
    const days = (link!.expiresAt.getTime() - link!.sentAt.getTime()) / 86_400_000;
    expect(days).toBe(14);
    // Listed for anyone who reads the quote, never with its token.
    const status = await statusOf(quote.id, 'colleague');
    expect(status.links.map((l) => [l.id, l.state])).toEqual([[sent.link.id, 'active']]);
    expect(JSON.stringify(status)).not.toContain(token);
    const history = await ctx.db
      .select()
      .from(quoteHistory)
      .where(eq(quoteHistory.quoteId, quote.id));
    expect(history.map((h) => h.action)).toContain('acceptance_link_sent');
  });

  it('shows the customer the quote, its total and the document, without a session', async () => {
    const response = await publicView(token);
    const view = dataOfSuccess<PublicAcceptanceView>(response);
    const row = await quoteRow(quote.id);
    expect(view).toMatchObject({
      state: 'active',
      refusal: null,
      quote: { quote_number: row?.quoteNumber, currency_code: 'EUR', version: quote.version },
      document: sent.link.document,
      acceptance: null,
    });
    expect(view.quote.total).toMatch(/^€[\d,]+\.\d{2}$/);
    expect(view.quote.customer).toMatch(/^Customer /);
  });

  it('serves exactly the stored PDF, whose SHA-256 the link names', async () => {
    const response = await publicDocument(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename=".+\.pdf"/);
    const sha = createHash('sha256').update(response.rawPayload).digest('hex');
    expect(sha).toBe(sent.link.document.sha256);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [stored] = await ctx.db
      .select({ sha256: quoteDocuments.sha256 })
      .from(quoteDocuments)
      .innerJoin(acceptanceLinks, eq(acceptanceLinks.documentId, quoteDocuments.id))
      .where(eq(acceptanceLinks.id, sent.link.id));
    expect(stored?.sha256).toBe(sha);
  });

  it('refuses an incomplete acceptance with field messages, changing nothing', async () => {
    const response = await accept(token, { name: ' ', title: '', email: 'nope', agreed: false });
    expect(response.statusCode).toBe(400);
    const paths = (response.json().errors as { path: string }[]).map((e) => e.path).sort();
    expect(paths).toEqual(['agreed', 'email', 'name', 'title']);
    expect((await quoteRow(quote.id))?.statusId).toBe('APPROVED');
  });

  it('refuses a cross-site POST (CSRF) and lets the page’s own through', async () => {
    const response = await accept(token, customer, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'CSRF_REJECTED' });
    expect((await quoteRow(quote.id))?.statusId).toBe('APPROVED');
  });

  it('waits for the end of maintenance mode to accept (503), and still shows the quotation', async () => {
    const setMaintenance = async (value: string) => {
      await ctx.db.update(appSettings).set({ value }).where(eq(appSettings.name, 'maintenance'));
      forgetAccessSettings(ctx.db);
    };
    // The worker's later files share this database: the setting goes back as it was.
    const [before] = await ctx.db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.name, 'maintenance'));
    await setMaintenance('enable');
    try {
      const response = await accept(token, customer);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error: 'MAINTENANCE' });
      const view = await ctx.app.inject({ method: 'GET', url: `/api/public/acceptance/${token}` });
      expect(view.statusCode).toBe(200);
    } finally {
      await setMaintenance(before?.value ?? 'disabled');
    }
    expect((await quoteRow(quote.id))?.statusId).toBe('APPROVED');
  });

  it('records the acceptance, moves the quote to ACCEPTED and tells the owner', async () => {
    const second = await dataOf<SentAcceptanceLink>(SEND, sendBody(quote));
    const record = dataOfSuccess<AcceptanceRecord>(await accept(token, customer));
    expect(record).toMatchObject({
      accepted_name: 'Jane Buyer',
      accepted_title: 'CFO',
      accepted_email: 'jane@customer.example',
      client_address: CUSTOMER_ADDRESS,
      document_sha256: sent.link.document.sha256,
      quote_version: quote.version,
      link_id: sent.link.id,
    });
    const row = await quoteRow(quote.id);
    expect(row).toMatchObject({ statusId: 'ACCEPTED', version: quote.version + 1 });
    const [stored] = await ctx.db
      .select()
      .from(quoteAcceptances)
      .where(eq(quoteAcceptances.quoteId, quote.id));
    expect(stored).toMatchObject({
      userAgent: 'Acceptance test browser',
      agreed: true,
      clientAddress: CUSTOMER_ADDRESS,
    });

    const [mail] = await ctx.db
      .select()
      .from(outboundEmails)
      .where(
        and(
          eq(outboundEmails.recipient, users.seller.email),
          eq(outboundEmails.purpose, 'quote_accepted'),
        ),
      );
    expect(mail?.textBody).toContain('Jane Buyer, CFO');
    expect(mail?.textBody).toContain(sent.link.document.sha256);

    const [entry] = await ctx.db
      .select()
      .from(quoteHistory)
      .where(and(eq(quoteHistory.quoteId, quote.id), eq(quoteHistory.action, 'customer_accepted')));
    expect(entry?.actorUserId).toBeNull();
    expect(entry?.changes).toContainEqual({
      field: 'customer',
      before: null,
      after: 'Jane Buyer, CFO',
    });

    const status = await statusOf(quote.id);
    expect(status.acceptance).toEqual(record);
    expect(status.can_send).toBe(false);
    expect(Object.fromEntries(status.links.map((l) => [l.id, l.state]))).toEqual({
      [sent.link.id]: 'accepted',
      [second.link.id]: 'closed',
    });

    // The link used now shows the record; the other link is ended.
    const view = dataOfSuccess<PublicAcceptanceView>(await publicView(token));
    expect(view).toMatchObject({ state: 'accepted', acceptance: record });
    const again = await accept(token, customer);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: ACCEPTANCE_LINK_REFUSALS.accepted });
    const other = await accept(tokenOf(second.url), customer);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ message: ACCEPTANCE_LINK_REFUSALS.closed });
    expect(
      await ctx.db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id)),
    ).toHaveLength(1);
  });
});

describe('a link that no longer takes an acceptance', () => {
  it('answers 404 for a token nobody was sent', async () => {
    const token = 'x'.repeat(43);
    for (const response of [
      await publicView(token),
      await publicDocument(token),
      await accept(token, customer),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'This link is not valid.' });
    }
  });

  it.each([
    ['an encoded NUL', '%00'],
    ['a lone surrogate', '%ED%A0%80'],
    ['a path traversal', '%2E%2E%2Fetc'],
    ['5000 characters', 'x'.repeat(5000)],
    ['__proto__', '__proto__'],
    ['a broken escape', '%'],
  ])('answers a malformed token (%s) with a clear 4xx refusal, never a 5xx', async (_name, bad) => {
    for (const response of [
      await publicView(bad),
      await publicDocument(bad),
      await accept(bad, customer),
    ]) {
      expect(response.statusCode, response.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
      expect(response.body).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it('is refused once the quote changed (its version moved)', async () => {
    const quote = await approvedQuote();
    const sent = await dataOf<SentAcceptanceLink>(SEND, sendBody(quote));
    // Any write moves the version: the deal desk locks the quote.
    await dataOf(
      '/api/dx/quote-lifecycle',
      { action: 'lock', quote_id: quote.id, version: quote.version },
      'desk',
    );
    const response = await accept(tokenOf(sent.url), customer);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'This quote has changed since this link was sent. Ask your contact for a new link.',
    });
    expect(dataOfSuccess<PublicAcceptanceView>(await publicView(tokenOf(sent.url))).state).toBe(
      'superseded',
    );
    expect((await publicDocument(tokenOf(sent.url))).statusCode).toBe(409);
    expect((await quoteRow(quote.id))?.statusId).toBe('APPROVED');
  });

  it('is closed once the quote was marked accepted by hand', async () => {
    const quote = await approvedQuote();
    const sent = await dataOf<SentAcceptanceLink>(SEND, sendBody(quote));
    await dataOf('/api/dx/quote-lifecycle', {
      action: 'accept',
      quote_id: quote.id,
      version: quote.version,
    });
    const token = tokenOf(sent.url);
    expect(dataOfSuccess<PublicAcceptanceView>(await publicView(token))).toMatchObject({
      state: 'closed',
      refusal: ACCEPTANCE_LINK_REFUSALS.closed,
      acceptance: null,
    });
    const response = await accept(token, customer);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: ACCEPTANCE_LINK_REFUSALS.closed });
    expect(
      await ctx.db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id)),
    ).toEqual([]);
  });

  it('is refused (410) once revoked; only the owner or the deal desk revokes', async () => {
    const quote = await approvedQuote();
    const sent = await dataOf<SentAcceptanceLink>(SEND, sendBody(quote));
    const body = { quote_id: quote.id, link_id: sent.link.id };
    expect((await post(REVOKE, body, 'colleague')).statusCode).toBe(403);
    expect((await post(REVOKE, body, 'outsider')).statusCode).toBe(404);
    const revoked = await dataOf<{ state: string }>(REVOKE, body, 'desk');
    expect(revoked.state).toBe('revoked');
    expect((await post(REVOKE, body, 'desk')).statusCode).toBe(409);
    const response = await accept(tokenOf(sent.url), customer);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ message: ACCEPTANCE_LINK_REFUSALS.revoked });
    expect((await quoteRow(quote.id))?.statusId).toBe('APPROVED');
  });

  it('is refused (410) once expired', async () => {
    const quote = await approvedQuote();
    const sent = await dataOf<SentAcceptanceLink>(SEND, sendBody(quote, { expires_in_days: 1 }));
    const token = tokenOf(sent.url);
    expect(dataOfSuccess<PublicAcceptanceView>(await publicView(token)).state).toBe('active');
    // Forward only: the app clock is shared by every test of this worker.
    advanceAppClock(86_400_000 + 1000);
    expect(dataOfSuccess<PublicAcceptanceView>(await publicView(token))).toMatchObject({
      state: 'expired',
      refusal: ACCEPTANCE_LINK_REFUSALS.expired,
    });
    const response = await accept(token, customer);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({
      error: 'GONE',
      message: ACCEPTANCE_LINK_REFUSALS.expired,
    });
    expect((await publicDocument(token)).statusCode).toBe(410);
    expect((await quoteRow(quote.id))?.statusId).toBe('APPROVED');
  });
});
