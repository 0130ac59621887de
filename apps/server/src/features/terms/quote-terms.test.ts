import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { crmOpportunities } from '@bastion/db/schema/crm';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { quotes } from '@bastion/db/schema/quotes';
import { quoteTermSets } from '@bastion/db/schema/terms';
import { createTestApp, createUser, signedIn, type TestContext } from '../../test/test-app.ts';
import { headerValues, insertOpportunity, unique } from '../../test/quote-fixtures.ts';
import { STALE_QUOTE_MESSAGE } from './save-quote-terms.ts';
import { dataOfSuccess } from '../../test/answers.ts';
import type { QuoteTermsView as QuoteTerms } from '@bastion/domain/terms/api';

let ctx: TestContext;
let seller: string;
let desk: string;
let legal: string;
let outsider: string;
let approver: string;

interface Clause {
  id: string;
  title: string;
  version: number;
}
type Term = QuoteTerms['clauses'][number];

const post = (url: string, payload: object, cookie: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { cookie } });

async function dataOf<T>(url: string, payload: object, cookie: string): Promise<T> {
  const response = await post(url, payload, cookie);
  return dataOfSuccess<T>(response);
}

/** A quote of its own account, so rules on that account's name touch no other test's quote. */
async function newQuote(options: { type?: string; cookie?: string; partner?: boolean } = {}) {
  const opportunityId = await insertOpportunity(ctx.db, {
    region: 'EMEA',
    partner: options.partner ?? false,
  });
  const made = await post(
    '/api/dx/create-quote',
    {
      opportunity_id: opportunityId,
      values: headerValues({ quote_type: options.type ?? 'STANDARD' }),
    },
    options.cookie ?? seller,
  );
  expect(made.statusCode, made.body).toBe(200);
  const id = made.json<{ data: { id: string } }>().data.id;
  const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
  return { id, accountName: row?.accountName ?? '', opportunityId };
}

async function clause(body: string, title = `Clause ${unique()}`) {
  return dataOf<Clause>(
    '/api/admin/terms-clause-save',
    { title, body, category: 'General' },
    legal,
  );
}

async function rule(
  clauseId: string,
  condition: string,
  effect: 'ATTACH' | 'REQUIRE',
  name = `Rule ${unique()}`,
) {
  return dataOf<{ id: string; version: number; name: string }>(
    '/api/admin/terms-rule-save',
    { name, condition, effect, clause_id: clauseId },
    legal,
  );
}

const getTerms = (id: string, cookie = seller) =>
  dataOf<QuoteTerms>('/api/dx/quote-terms/get', { id }, cookie);

/** A rule attaching the clause to the quotes of this quote's account. */
const attachTo = (quote: { accountName: string }, clauseId: string) =>
  rule(clauseId, `account_name string-equals "${quote.accountName}"`, 'ATTACH');

/** A new quote, a clause of these words that a rule attaches to it, and the quote's terms. */
async function quoteWithAttachedClause(body: string) {
  const quote = await newQuote();
  const attached = await clause(body);
  await attachTo(quote, attached.id);
  return { quote, attached, terms: await getTerms(quote.id) };
}

/** The clauses as the page sends them back, in the order shown. */
const asSubmitted = (terms: readonly Term[]) =>
  terms.map((term, position) =>
    term.is_custom
      ? { custom_text: term.template, custom_title: term.title, position }
      : { clause_id: term.clause_id ?? '', position },
  );

const saveTerms = (id: string, version: number, clauses: object[], cookie = seller) =>
  post('/api/dx/quote-terms/save', { id, version, clauses }, cookie);

beforeAll(async () => {
  ctx = await createTestApp();
  const user = (role: string, region?: string) =>
    createUser(ctx.db, {
      roles: [region ? { role, assignment: 'REGION', assignmentValue: [region] } : { role }],
    }).then((u) => signedIn(ctx.app, u));
  [seller, desk, legal, outsider, approver] = await Promise.all([
    user('SALES_USER', 'EMEA'),
    user('DEAL_DESK'),
    user('LEGAL_MANAGER'),
    user('SALES_USER', 'APJ'),
    user('FINANCE_APPROVER'),
  ]);
});

describe("a quote's terms", () => {
  it('attaches and requires clauses by rule, fills placeholders, and saves them', async () => {
    const quote = await newQuote();
    const attached = await clause('Reviewed by {customer_name} under {contracting_entity}.');
    const required = await clause('Quote {quote_number} runs {contract_length}.');
    const onAccount = `account_name string-equals "${quote.accountName}"`;
    const attachRule = await rule(attached.id, onAccount, 'ATTACH');
    const requireRule = await rule(
      required.id,
      `${onAccount} and contract_length int-gt-than 6`,
      'REQUIRE',
    );

    const before = await getTerms(quote.id);
    expect(before.is_read_only).toBe(false);
    expect(before.is_saved).toBe(false);
    expect(before.saved_at).toBeNull();
    expect(before.has_terms_problems).toBe(true);
    expect(before.problems).toEqual(['The terms have not been saved yet.']);
    const byId = new Map(before.clauses.map((t) => [t.clause_id, t]));
    expect(byId.get(attached.id)).toMatchObject({
      is_required: false,
      source: 'RULE',
      rule_names: [attachRule.name],
      text: expect.stringMatching(
        /^Reviewed by Customer \w+ under Bastion Security GmbH\.$/,
      ) as string,
    });
    expect(byId.get(required.id)).toMatchObject({
      is_required: true,
      rule_names: [requireRule.name],
      text: expect.stringMatching(/^Quote Q-\d{4}-\d{6} runs 12 months\.$/) as string,
    });
    // The seeded rules apply too: every quote limits liability; EMEA needs the DPA.
    const titles = before.clauses.map((t) => t.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Limitation of liability',
        'Data protection (DPA)',
        'Governing law and jurisdiction',
      ]),
    );
    expect(before.clauses.find((t) => t.title === 'Limitation of liability')?.is_required).toBe(
      true,
    );
    expect(before.facts).toMatchObject({
      region: 'EMEA',
      quote_type: 'STANDARD',
      contract_length: 12,
    });

    const saved = await dataOf<QuoteTerms>(
      '/api/dx/quote-terms/save',
      { id: quote.id, version: before.quote.version, clauses: asSubmitted(before.clauses) },
      seller,
    );
    expect(saved.quote.version).toBe(before.quote.version + 1);
    expect(saved.quote.status_id).toBe('INCOMPLETE');
    expect(saved.is_saved).toBe(true);
    expect(saved.has_terms_problems).toBe(false);
    expect(saved.clauses.map((t) => t.clause_id)).toEqual(before.clauses.map((t) => t.clause_id));

    const history = await ctx.db
      .select()
      .from(quoteHistory)
      .where(eq(quoteHistory.quoteId, quote.id));
    const entry = history.find((h) => h.action === 'terms_saved');
    expect(entry?.version).toBe(saved.quote.version);
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: `clause "${attached.title}"`, before: null, after: 'added (rule)' },
      ]),
    );

    // Saving the same again changes nothing, not even the version.
    const again = await dataOf<QuoteTerms>(
      '/api/dx/quote-terms/save',
      { id: quote.id, version: saved.quote.version, clauses: asSubmitted(saved.clauses) },
      seller,
    );
    expect(again.quote.version).toBe(saved.quote.version);
  });

  it('refuses to remove a required clause, naming it (400)', async () => {
    const quote = await newQuote();
    const required = await clause('Must stay for {customer_name}.', `Must stay ${unique()}`);
    const requireRule = await rule(
      required.id,
      `account_name string-equals "${quote.accountName}"`,
      'REQUIRE',
    );
    const terms = await getTerms(quote.id);
    const response = await saveTerms(
      quote.id,
      terms.quote.version,
      asSubmitted(terms.clauses.filter((t) => t.clause_id !== required.id)),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      `Clause "${required.title}" is required on this quote (rule "${requireRule.name}") and cannot be removed.`,
    );
  });

  it('lets the user take off an attached clause, and it stays off', async () => {
    const { quote, attached, terms } = await quoteWithAttachedClause('Optional words.');
    const saved = await dataOf<QuoteTerms>(
      '/api/dx/quote-terms/save',
      {
        id: quote.id,
        version: terms.quote.version,
        clauses: asSubmitted(terms.clauses.filter((t) => t.clause_id !== attached.id)),
      },
      seller,
    );
    expect(saved.clauses.some((t) => t.clause_id === attached.id)).toBe(false);
    const reopened = await getTerms(quote.id);
    expect(reopened.clauses.some((t) => t.clause_id === attached.id)).toBe(false);
    expect(reopened.dismissed).toEqual([
      { clause_id: attached.id, title: attached.title, rule_names: expect.any(Array) as string[] },
    ]);
    expect(reopened.is_saved).toBe(true);
  });

  it('adds optional clauses and custom text, in the order sent, and flags custom terms', async () => {
    const quote = await newQuote();
    const optional = await clause('Export rules apply to {customer_name}.');
    const terms = await getTerms(quote.id);
    const submitted = [
      {
        custom_title: 'Special discount',
        custom_text: 'Valid for {quote_number} only.',
        position: 0,
      },
      ...asSubmitted(terms.clauses).map((c) => ({ ...c, position: c.position + 2 })),
      { clause_id: optional.id, position: 1 },
    ];
    const saved = await dataOf<QuoteTerms>(
      '/api/dx/quote-terms/save',
      { id: quote.id, version: terms.quote.version, clauses: submitted },
      seller,
    );
    expect(saved.clauses[0]).toMatchObject({
      is_custom: true,
      source: 'CUSTOM',
      title: 'Special discount',
      text: expect.stringMatching(/^Valid for Q-\d{4}-\d{6} only\.$/) as string,
    });
    expect(saved.clauses[1]).toMatchObject({
      clause_id: optional.id,
      source: 'USER',
      is_required: false,
    });
    expect(saved.has_custom_clause).toBe(true);
    const [set] = await ctx.db
      .select()
      .from(quoteTermSets)
      .where(eq(quoteTermSets.quoteId, quote.id));
    expect(set).toMatchObject({ hasCustomClause: true, clauseCount: saved.clauses.length });

    // Reordered: the custom clause goes last.
    const reordered = [...saved.clauses.slice(1), saved.clauses[0] as Term];
    const after = await dataOf<QuoteTerms>(
      '/api/dx/quote-terms/save',
      { id: quote.id, version: saved.quote.version, clauses: asSubmitted(reordered) },
      seller,
    );
    expect(after.clauses.map((t) => t.key)).toEqual(reordered.map((t) => t.key));
    const history = await ctx.db
      .select()
      .from(quoteHistory)
      .where(eq(quoteHistory.quoteId, quote.id));
    expect(history.some((h) => h.changes.some((c) => c.field === 'clause order'))).toBe(true);

    // Without the custom clause the quote's terms are standard again.
    const standard = await dataOf<QuoteTerms>(
      '/api/dx/quote-terms/save',
      {
        id: quote.id,
        version: after.quote.version,
        clauses: asSubmitted(after.clauses.filter((t) => !t.is_custom)),
      },
      seller,
    );
    expect(standard.has_custom_clause).toBe(false);
    const [unflagged] = await ctx.db
      .select()
      .from(quoteTermSets)
      .where(eq(quoteTermSets.quoteId, quote.id));
    expect(unflagged?.hasCustomClause).toBe(false);
  });

  it('refuses a clause whose placeholder the quote has no value for, and shows none of it', async () => {
    const quote = await newQuote();
    const needsTerm = await clause('Pay within {payment_term}.', `Needs a term ${unique()}`);
    const terms = await getTerms(quote.id);
    expect(terms.placeholder_values.payment_term).toBeUndefined();
    const response = await saveTerms(quote.id, terms.quote.version, [
      ...asSubmitted(terms.clauses),
      { clause_id: needsTerm.id, position: 99 },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string; errors: unknown[] }>()).toMatchObject({
      message: `Clause "${needsTerm.title}" needs {payment_term}, which this quote does not have.`,
      errors: [
        {
          path: `clauses.${terms.clauses.length}`,
          message: `Clause "${needsTerm.title}" needs {payment_term}, which this quote does not have.`,
        },
      ],
    });

    // Put there by a rule, it shows with no text and the reason, and holds the terms back.
    await attachTo(quote, needsTerm.id);
    const shown = await getTerms(quote.id);
    expect(shown.clauses.find((t) => t.clause_id === needsTerm.id)).toMatchObject({
      text: null,
      problem: `Clause "${needsTerm.title}" needs {payment_term}, which this quote does not have.`,
    });
    expect(shown.has_terms_problems).toBe(true);

    // A custom clause is checked the same way.
    const custom = await saveTerms(quote.id, terms.quote.version, [
      ...asSubmitted(terms.clauses),
      { custom_text: 'Due in {payment_term_days} days.', position: 99 },
    ]);
    expect(custom.statusCode).toBe(400);
    expect(custom.json<{ message: string }>().message).toBe(
      'Clause "Non-standard clause" needs {payment_term_days}, which this quote does not have.',
    );
  });

  it('fills the payment term once the opportunity had one, and requires the extended terms', async () => {
    const opportunityId = await insertOpportunity(ctx.db, { region: 'EMEA' });
    await ctx.db
      .update(crmOpportunities)
      .set({ paymentTermDays: 90, paymentTermName: 'Net 90' })
      .where(eq(crmOpportunities.id, opportunityId));
    const made = await dataOf<{ id: string }>(
      '/api/dx/create-quote',
      { opportunity_id: opportunityId, values: headerValues() },
      seller,
    );
    const terms = await getTerms(made.id);
    expect(terms.facts.payment_term_days).toBe(90);
    const extended = terms.clauses.find((t) => t.title === 'Extended payment terms');
    expect(extended).toMatchObject({ is_required: true, problem: null });
    expect(extended?.text).toContain('The payment term of Net 90 exceeds');
    expect(terms.clauses.find((t) => t.title === 'Payment terms')?.is_required).toBe(false);
  });

  it('refuses a stale version with the quotes wording (409) and changes nothing', async () => {
    const quote = await newQuote();
    const terms = await getTerms(quote.id);
    await dataOf(
      '/api/dx/quote-terms/save',
      { id: quote.id, version: terms.quote.version, clauses: asSubmitted(terms.clauses) },
      seller,
    );
    const stale = await saveTerms(
      quote.id,
      terms.quote.version,
      asSubmitted(terms.clauses.slice().reverse()),
      desk,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toBe(STALE_QUOTE_MESSAGE);
    const now = await getTerms(quote.id);
    expect(now.clauses.map((t) => t.key)).toEqual(terms.clauses.map((t) => t.key));
  });

  it('shows a library change since the save, and keeps the saved words once the quote moved on', async () => {
    const {
      quote,
      attached: wording,
      terms,
    } = await quoteWithAttachedClause('First wording for {customer_name}.');
    const saved = await dataOf<QuoteTerms>(
      '/api/dx/quote-terms/save',
      { id: quote.id, version: terms.quote.version, clauses: asSubmitted(terms.clauses) },
      seller,
    );
    await dataOf(
      '/api/admin/terms-clause-save',
      {
        id: wording.id,
        version: 1,
        title: wording.title,
        body: 'Second wording.',
        category: 'General',
      },
      legal,
    );
    const changed = await getTerms(quote.id);
    expect(changed.clauses.find((t) => t.clause_id === wording.id)).toMatchObject({
      text: 'Second wording.',
      clause_version: 2,
    });
    expect(changed.notices).toContain(
      `Clause "${wording.title}" changed in the library since the terms were saved (version 1 → 2).`,
    );
    expect(changed.is_saved).toBe(false);
    expect(changed.problems).toEqual([
      'The terms changed since they were saved; review and save them again.',
    ]);

    // Accepted by the customer (another step's doing): the terms read as they were saved.
    await ctx.db.update(quotes).set({ statusId: 'ACCEPTED' }).where(eq(quotes.id, quote.id));
    const frozen = await getTerms(quote.id);
    expect(frozen.is_read_only).toBe(true);
    expect(frozen.has_terms_problems).toBe(false);
    expect(frozen.clauses.find((t) => t.clause_id === wording.id)).toMatchObject({
      title: wording.title,
      text: expect.stringMatching(/^First wording for Customer \w+\.$/) as string,
      clause_version: 1,
    });
    const refused = await saveTerms(quote.id, saved.quote.version, asSubmitted(saved.clauses));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/its terms can no longer change/);
  });

  it('keeps LEGACY quotes read-only', async () => {
    const quote = await newQuote({ type: 'LEGACY', cookie: desk });
    const terms = await getTerms(quote.id, desk);
    expect(terms).toMatchObject({
      is_read_only: true,
      read_only_reason: 'Legacy quotes are read-only.',
      clauses: [],
    });
    const response = await saveTerms(quote.id, terms.quote.version, [], desk);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe('Legacy quotes are read-only.');
  });

  it('answers 404 outside the caller’s scope and to approvers not asked about it, 403 to changes by those who do not work on quotes', async () => {
    const quote = await newQuote();
    expect((await post('/api/dx/quote-terms/get', { id: quote.id }, outsider)).statusCode).toBe(
      404,
    );
    expect((await saveTerms(quote.id, 1, [], outsider)).statusCode).toBe(404);
    // An approver reads the terms of a quote only when it is theirs to decide (approvals tests).
    expect((await post('/api/dx/quote-terms/get', { id: quote.id }, approver)).statusCode).toBe(
      404,
    );
    expect((await saveTerms(quote.id, 1, [], legal)).statusCode).toBe(403);
    // The deal desk sees every quote.
    expect((await post('/api/dx/quote-terms/get', { id: quote.id }, desk)).statusCode).toBe(200);
  });

  it('puts the partner resale clause on a partner deal, with the partner named', async () => {
    const quote = await newQuote({ partner: true });
    const terms = await getTerms(quote.id);
    const resale = terms.clauses.find((t) => t.title === 'Partner resale');
    expect(resale).toMatchObject({ is_required: true, problem: null });
    expect(resale?.text).toMatch(/^This quote is made for resale by Partner \w+ to Customer \w+\./);
  });
});
