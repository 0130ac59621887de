import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SearchResults } from '@bastion/domain/search/schemas';
import type { Database } from '@bastion/db/client';
import { skus } from '@bastion/db/schema/catalog';
import { crmAccounts, crmOpportunities } from '@bastion/db/schema/crm';
import { quotes } from '@bastion/db/schema/quotes';
import { dataOfSuccess } from '../../test/answers.ts';
import {
  ensureTestFamily,
  headerValues,
  insertOpportunity,
  unique,
} from '../../test/quote-fixtures.ts';
import { inRegion, signedInUser, type TestRole } from '../../test/test-app.ts';
import { useTestApp } from '../../test/test-bed.ts';

const ctx = useTestApp();

const userWith = (...roles: TestRole[]) => signedInUser(ctx, ...roles);

const searchAs = (cookie: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/dx/search', payload, headers: { cookie } });

const search = async (cookie: string, query: string, limit = 5) =>
  dataOfSuccess<SearchResults>(await searchAs(cookie, { query, limit_per_kind: limit }));

const idsOf = (answer: SearchResults, kind: string) =>
  answer.groups.find((group) => group.kind === kind)?.results.map((result) => result.id) ?? [];

/**
 * A made-up word no other test (or the demo data) uses, so that trigram matches stay within the
 * test's own rows: letters only, as names are.
 */
function madeUpWord(length = 10): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let word = 'Q';
  for (let i = 1; i < length; i++) word += letters[randomInt(letters.length)];
  return word;
}

/** The word with one letter left out: a typing mistake. */
const misspelt = (word: string) => word.slice(0, 4) + word.slice(5);

let quoteSeq = 0;
async function insertAccount(db: Database, name: string, region: string, kind = 'CUSTOMER') {
  const id = `001${unique()}`;
  await db
    .insert(crmAccounts)
    .values({ id, name, region, kind: kind as 'CUSTOMER' | 'PARTNER' | 'DISTRIBUTOR' });
  return id;
}

async function insertOpportunityOf(db: Database, accountId: string, region: string, name: string) {
  const id = `006${unique()}`;
  await db.insert(crmOpportunities).values({ id, name, accountId, region, dealType: 'NB' });
  return id;
}

async function insertQuote(
  db: Database,
  values: {
    accountId: string;
    accountName: string;
    region: string;
    quoteName?: string;
    partnerName?: string;
    opportunityId?: string;
    statusId?: string;
  },
) {
  quoteSeq += 1;
  const quoteNumber = `Q-2099-${unique().slice(0, 6).toUpperCase()}${quoteSeq}`;
  const [row] = await db
    .insert(quotes)
    .values({
      quoteNumber,
      opportunityId: values.opportunityId ?? null,
      accountId: values.accountId,
      accountName: values.accountName,
      partnerName: values.partnerName ?? '',
      region: values.region,
      quoteName: values.quoteName ?? 'Firewall refresh',
      quoteType: 'STANDARD',
      dealType: 'NB',
      statusId: values.statusId ?? 'INCOMPLETE',
      contractLength: 12,
      salesChannel: values.partnerName ? 'T1' : 'DIRECT',
    })
    .returning({ id: quotes.id, quoteNumber: quotes.quoteNumber });
  if (!row) throw new Error('quote insert returned nothing');
  return row;
}

/** An account in North America and one of the same name in EMEA, each with a quote. */
async function twoRegions() {
  const word = madeUpWord();
  const trade = madeUpWord(8);
  const naName = `${word} ${trade}`;
  const emeaName = `${word} ${trade} Europe`;
  const naAccount = await insertAccount(ctx.db, naName, 'North America');
  const emeaAccount = await insertAccount(ctx.db, emeaName, 'EMEA');
  const naOpportunity = await insertOpportunityOf(
    ctx.db,
    naAccount,
    'North America',
    `${word} branch rollout`,
  );
  const emeaOpportunity = await insertOpportunityOf(
    ctx.db,
    emeaAccount,
    'EMEA',
    `${word} branch rollout EU`,
  );
  const na = await insertQuote(ctx.db, {
    accountId: naAccount,
    accountName: naName,
    region: 'North America',
    opportunityId: naOpportunity,
  });
  const emea = await insertQuote(ctx.db, {
    accountId: emeaAccount,
    accountName: emeaName,
    region: 'EMEA',
    opportunityId: emeaOpportunity,
  });
  return { word, trade, naName, naAccount, emeaAccount, naOpportunity, emeaOpportunity, na, emea };
}

describe('the global search', () => {
  it('finds a quote by a misspelt account name, but not another region’s (issue 19 done-when)', async () => {
    const world = await twoRegions();
    const seller = await userWith(inRegion('SALES_USER', 'NA'));

    const answer = await search(
      seller.cookie,
      `${misspelt(world.word)} ${misspelt(world.trade)}`.toLowerCase(),
    );
    expect(idsOf(answer, 'quote')).toEqual([world.na.id]);
    expect(idsOf(answer, 'opportunity')).toEqual([world.naOpportunity]);
    expect(idsOf(answer, 'account')).toEqual([world.naAccount]);
    const quote = answer.groups[0]?.results[0];
    expect(quote).toMatchObject({
      kind: 'quote',
      title: `${world.na.quoteNumber} · Firewall refresh`,
      path: `/cpq/configure-quote/${world.na.id}/STANDARD`,
    });
    expect(answer.groups.map((group) => group.label)).toEqual([
      'Quotes',
      'Opportunities',
      'Accounts',
    ]);

    // The deal desk sees every region.
    const desk = await userWith({ role: 'DEAL_DESK' });
    const everything = await search(desk.cookie, misspelt(world.word));
    expect(idsOf(everything, 'quote').sort()).toEqual([world.na.id, world.emea.id].sort());
    expect(idsOf(everything, 'account').sort()).toEqual(
      [world.naAccount, world.emeaAccount].sort(),
    );
  });

  it('never lists another region’s quote, opportunity or account, by number or by name', async () => {
    const world = await twoRegions();
    const seller = await userWith(inRegion('SALES_USER', 'NA'));
    const byNumber = await search(seller.cookie, world.emea.quoteNumber.toLowerCase());
    expect(idsOf(byNumber, 'quote')).not.toContain(world.emea.id);
    const byOpportunity = await search(seller.cookie, world.emeaOpportunity);
    expect(idsOf(byOpportunity, 'opportunity')).toEqual([]);
    const byName = await search(seller.cookie, `${world.naName} Europe`);
    expect(idsOf(byName, 'account')).toEqual([world.naAccount]);
    expect(idsOf(byName, 'quote')).toEqual([world.na.id]);
  });

  it('puts the quote with the exact number first, in any case', async () => {
    const world = await twoRegions();
    const desk = await userWith({ role: 'DEAL_DESK' });
    const answer = await search(desk.cookie, `  ${world.emea.quoteNumber.toLowerCase()} `);
    expect(idsOf(answer, 'quote')[0]).toBe(world.emea.id);
    expect(answer.query).toBe(world.emea.quoteNumber.toLowerCase());
  });

  it('finds quotes by partner, by a word prefix, and by a misspelt quote name', async () => {
    const word = madeUpWord();
    const partner = `${word} Resellers`;
    await insertAccount(ctx.db, partner, '', 'PARTNER');
    const accountName = `${madeUpWord()} Bank`;
    const accountId = await insertAccount(ctx.db, accountName, 'APJ');
    const viaPartner = await insertQuote(ctx.db, {
      accountId,
      accountName,
      region: 'APJ',
      partnerName: partner,
      statusId: 'APPROVED',
    });
    const nameWord = madeUpWord();
    const named = await insertQuote(ctx.db, {
      accountId,
      accountName,
      region: 'APJ',
      quoteName: `${nameWord} expansion`,
    });
    const desk = await userWith({ role: 'DEAL_DESK' });

    const byPartner = await search(desk.cookie, misspelt(word));
    expect(idsOf(byPartner, 'quote')).toEqual([viaPartner.id]);
    expect(byPartner.groups[0]?.results[0]).toMatchObject({
      subtitle: `${accountName} · via ${partner} · Approved`,
      path: `/cpq/quote-summary/${viaPartner.id}/STANDARD`,
    });
    // A partner is not a customer account: it is not listed as one.
    expect(idsOf(byPartner, 'account')).toEqual([]);

    // Every word as the start of a word, in any order.
    const byPrefix = await search(desk.cookie, `expan ${nameWord.slice(0, 6)}`);
    expect(idsOf(byPrefix, 'quote')).toEqual([named.id]);

    const byMisspeltName = await search(desk.cookie, `${misspelt(nameWord)} expansion`);
    expect(idsOf(byMisspeltName, 'quote')).toContain(named.id);
  });

  it('finds a new quote by the partner of its opportunity (set when the quote is created)', async () => {
    const seller = await userWith(inRegion('SALES_USER', 'NA'));
    const opportunityId = await insertOpportunity(ctx.db, {
      region: 'North America',
      partner: true,
    });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/dx/create-quote',
      payload: { opportunity_id: opportunityId, values: headerValues() },
      headers: { cookie: seller.cookie },
    });
    const quote = dataOfSuccess<{ id: string }>(created);
    // insertOpportunity names the partner "Partner {id}" after the opportunity's "006{id}".
    const partner = `Partner ${opportunityId.slice(3)}`;
    const answer = await search(seller.cookie, partner);
    expect(idsOf(answer, 'quote')).toEqual([quote.id]);
    expect(answer.groups[0]?.results[0]?.subtitle).toContain(`via ${partner}`);
  });

  it('searches only what the caller may open: SKUs for catalogue roles, users for user admins', async () => {
    const word = madeUpWord();
    await ensureTestFamily(ctx.db);
    const code = `SRCH-${unique().slice(0, 8).toUpperCase()}`;
    await ctx.db.insert(skus).values([
      {
        sku: code,
        name: `${word} appliance`,
        kind: 'HARDWARE',
        billing: 'ONE_TIME',
        familyId: 'TEST_FAMILY',
      },
      {
        sku: `${code}-OLD`,
        name: `${word} appliance retired`,
        kind: 'HARDWARE',
        billing: 'ONE_TIME',
        familyId: 'TEST_FAMILY',
        isActive: false,
      },
    ]);
    const seller = await userWith({ role: 'SALES_USER' });
    const catalogue = await userWith({ role: 'CATALOG_USER' });
    const admin = await userWith({ role: 'USER_ADMIN' });

    expect(idsOf(await search(seller.cookie, word), 'sku')).toEqual([]);
    const forCatalogue = await search(catalogue.cookie, misspelt(word));
    expect(idsOf(forCatalogue, 'sku')).toEqual([code]);
    expect(forCatalogue.groups[0]?.results[0]?.path).toBe(`/commcat/grid/catalog/ref?sku=${code}`);
    expect(idsOf(await search(catalogue.cookie, code.toLowerCase()), 'sku')[0]).toBe(code);

    // Users: by e-mail address or name, for user administrators only.
    const local = seller.email.split('@')[0] ?? '';
    expect(idsOf(await search(seller.cookie, local), 'user')).toEqual([]);
    const forAdmin = await search(admin.cookie, local);
    expect(idsOf(forAdmin, 'user')).toEqual([seller.email]);
    expect(forAdmin.groups.map((group) => group.kind)).toEqual(['user']);
    expect(forAdmin.groups[0]?.results[0]?.path).toBe(
      `/cpq/user-detail/${encodeURIComponent(seller.email)}/ref`,
    );
  });

  it('answers no groups when nothing matches, and limits each kind', async () => {
    const world = await twoRegions();
    await insertQuote(ctx.db, {
      accountId: world.naAccount,
      accountName: world.naName,
      region: 'North America',
    });
    const desk = await userWith({ role: 'DEAL_DESK' });
    expect((await search(desk.cookie, madeUpWord(14))).groups).toEqual([]);
    expect(idsOf(await search(desk.cookie, world.word, 1), 'quote')).toHaveLength(1);
    expect(idsOf(await search(desk.cookie, world.word, 5), 'quote')).toHaveLength(3);
  });

  it('refuses a query that is too short or too long, and callers who are not signed in', async () => {
    const seller = await userWith({ role: 'SALES_USER' });
    const short = await searchAs(seller.cookie, { query: ' a ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Type at least 2 characters to search.');
    expect(short.body).not.toMatch(/\.ts:\d+/);
    const long = await searchAs(seller.cookie, { query: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('Keep the search under 100 characters.');
    const tooMany = await searchAs(seller.cookie, { query: 'acme', limit_per_kind: 50 });
    expect(tooMany.statusCode).toBe(400);

    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/dx/search',
      payload: { query: 'acme' },
    });
    // The app answers a missing session 403 SESSION_REQUIRED (spec §7).
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().error).toBe('SESSION_REQUIRED');
  });

  it('treats LIKE wildcards and full-text operators in a query as plain characters', async () => {
    const desk = await userWith({ role: 'DEAL_DESK' });
    for (const query of ['%%', '__', "a:* & !b | ('c')", '\\\\', '<->']) {
      const answer = await searchAs(desk.cookie, { query });
      expect(answer.statusCode, query).toBe(200);
    }
  });
});
