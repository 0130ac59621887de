import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { quotes } from '@bastion/db/schema/quotes';
import {
  createTestQuote,
  insertPricedTestSkus,
  testSkuNames,
  unique,
} from '../../test/quote-fixtures.ts';
import { saveNoShipping, saveProposedTerms, type QuoteState } from '../../test/quote-steps.ts';
import { postCalls, useTestBed } from '../../test/test-bed.ts';
import { SAVE_TERMS_FIRST, SUMMARY_NOT_REACHED } from './get-quote-summary.ts';

const { ctx, cookies } = useTestBed({ desk: 'DEAL_DESK', legal: 'LEGAL_MANAGER' });
const { post, dataOf } = postCalls({ ctx, cookies }, 'desk');
const sku = testSkuNames('Q');

beforeAll(() => insertPricedTestSkus(ctx.db, sku, ['FW', 'SUB']));

const summaryOf = (id: string) => post('/api/dx/quote-summary', { id });
const refusalOf = (response: { json: <T>() => T }) =>
  response.json<{ error: string; message: string; errors: { path: string; message: string }[] }>();

/** A fresh quote of its own account (so a rule on the account name touches no other test). */
async function newQuote(type = 'STANDARD') {
  const id = await createTestQuote(ctx, cookies.desk, { quote_type: type });
  const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
  return { id, accountName: row?.accountName ?? '' };
}

/** Products, then Next: the quote is at shipping (SH_HW_CONFIG). */
async function configure(id: string, lines: { sku: string; quantities: number[] }[]) {
  return dataOf<QuoteState>('/api/dx/save-quote-configuration', {
    id,
    version: 1,
    advance: true,
    lines: lines.map((l, i) => ({ key: String(i), sku: sku(l.sku), quantities: l.quantities })),
  });
}

/** A quote with a subscription (nothing to ship) moved on to its terms (TNC). */
async function quoteAtTerms() {
  const quote = await newQuote();
  const configured = await configure(quote.id, [{ sku: 'SUB', quantities: [3] }]);
  const shipped = await saveNoShipping(dataOf, quote.id, configured.quote.version);
  expect(shipped.quote.status_id).toBe('TNC');
  return quote;
}

describe('the quote summary', () => {
  it('sums the quote up: header, priced lines, shipping', async () => {
    const { id } = await newQuote();
    const configured = await configure(id, [
      { sku: 'FW', quantities: [2] },
      { sku: 'SUB', quantities: [2] },
    ]);
    const shipping = await dataOf<{ products: { line_id: string; sku: string }[] }>(
      '/api/dx/quote-shipping',
      { id },
    );
    const fw = shipping.products.find((p) => p.sku === sku('FW'))?.line_id ?? '';
    await dataOf('/api/dx/save-quote-shipping', {
      id,
      version: configured.quote.version,
      products: [],
      advance: true,
      lines: [{ line_id: fw, region: 'EMEA', incoterm: 'DAP', quantity: 2 }],
    });
    await saveProposedTerms(dataOf, id);
    const summary = await dataOf<{
      is_legacy: boolean;
      header: { customer: string; quote_type: string; currency_code: string };
      lines: { sku: string }[];
      pricing: { ok: boolean; result: { totals: { net_minor: number } } };
      shipping: { lines: { region: string; quantity: number }[] };
    }>('/api/dx/quote-summary', { id });
    expect(summary.is_legacy).toBe(false);
    expect(summary.header).toMatchObject({ quote_type: 'STANDARD', currency_code: 'EUR' });
    expect(summary.header.customer).toMatch(/^Customer /);
    expect(summary.lines.map((l) => l.sku)).toEqual([sku('FW'), sku('SUB')]);
    expect(summary.pricing.result.totals.net_minor).toBe(40_000);
    expect(summary.shipping.lines).toEqual([
      expect.objectContaining({ region: 'EMEA', quantity: 2 }),
    ]);
  });

  it('is refused (409) to a quote still at configure or shipping, naming the step', async () => {
    const { id } = await newQuote();
    const atConfigure = await summaryOf(id);
    expect(atConfigure.statusCode).toBe(409);
    expect(refusalOf(atConfigure)).toMatchObject({
      error: 'CONFLICT',
      message: SUMMARY_NOT_REACHED.INCOMPLETE,
      errors: [{ path: 'status_id', message: SUMMARY_NOT_REACHED.INCOMPLETE }],
    });

    await configure(id, [{ sku: 'SUB', quantities: [1] }]);
    const atShipping = await summaryOf(id);
    expect(atShipping.statusCode).toBe(409);
    expect(refusalOf(atShipping).message).toBe(SUMMARY_NOT_REACHED.SH_HW_CONFIG);
  });

  it('is refused (409) at the terms step until the terms are saved, then opens', async () => {
    const { id } = await quoteAtTerms();
    const refused = await summaryOf(id);
    expect(refused.statusCode).toBe(409);
    const message = `${SAVE_TERMS_FIRST} The terms have not been saved yet.`;
    expect(refusalOf(refused)).toMatchObject({
      error: 'CONFLICT',
      message,
      errors: [{ path: 'terms', message }],
    });

    await saveProposedTerms(dataOf, id);
    const opened = await summaryOf(id);
    expect(opened.statusCode, opened.body).toBe(200);
    // Opening the summary moves nothing: the quote stays at its terms step.
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row?.statusId).toBe('TNC');
  });

  it('is refused once a rule requires a clause the saved terms lack, naming it', async () => {
    const quote = await quoteAtTerms();
    await saveProposedTerms(dataOf, quote.id);
    expect((await summaryOf(quote.id)).statusCode).toBe(200);

    const clause = await dataOf<{ id: string; title: string }>(
      '/api/admin/terms-clause-save',
      { title: `Escrow ${unique()}`, body: 'Source code escrow.', category: 'General' },
      cookies.legal,
    );
    const rule = await dataOf<{ name: string }>(
      '/api/admin/terms-rule-save',
      {
        name: `Escrow for ${quote.accountName}`,
        condition: `account_name string-equals "${quote.accountName}"`,
        effect: 'REQUIRE',
        clause_id: clause.id,
      },
      cookies.legal,
    );
    const refused = await summaryOf(quote.id);
    expect(refused.statusCode).toBe(409);
    expect(refusalOf(refused).message).toBe(
      `${SAVE_TERMS_FIRST} Clause "${clause.title}" is required (rule "${rule.name}") and is not in the saved terms. ` +
        'The terms changed since they were saved; review and save them again.',
    );

    const saved = await saveProposedTerms(dataOf, quote.id);
    expect(saved.clauses.map((c) => c.clause_id)).toContain(clause.id);
    expect((await summaryOf(quote.id)).statusCode).toBe(200);
  });

  it('opens for a quote past its terms step, whatever its terms', async () => {
    const { id } = await quoteAtTerms();
    await ctx.db.update(quotes).set({ statusId: 'PENDING_APPROVAL' }).where(eq(quotes.id, id));
    const response = await summaryOf(id);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('sums up a legacy quote read-only, without pricing or shipping', async () => {
    const { id } = await newQuote('LEGACY');
    const summary = await dataOf<{
      is_legacy: boolean;
      is_read_only: boolean;
      pricing: null;
      shipping: null;
    }>('/api/dx/quote-summary', { id });
    expect(summary).toMatchObject({
      is_legacy: true,
      is_read_only: true,
      pricing: null,
      shipping: null,
    });
  });
});
