import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type {
  ZCompareQuoteRevisionsResponse,
  ZQuoteRevisionsResponse,
  ZRestoreQuoteRevisionResponse,
  ZSaveQuoteRevisionResponse,
} from '@bastion/domain/revisions/api';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { quoteDocuments } from '@bastion/db/schema/documents';
import { quoteLines, quotes } from '@bastion/db/schema/quotes';
import {
  headerValues,
  insertOpportunity,
  insertTestSkus,
  unique,
} from '../../test/quote-fixtures.ts';
import { postCallsAs, useTestBed } from '../../test/test-bed.ts';

type Data<T extends z.ZodType<{ data: unknown }>> = z.infer<T>['data'];
type Listed = Data<typeof ZQuoteRevisionsResponse>;
type Compared = Data<typeof ZCompareQuoteRevisionsResponse>;

const bed = useTestBed({
  seller: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }] },
  desk: 'DEAL_DESK',
  outsider: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['APJ'] }] },
  finance: 'FINANCE_APPROVER',
});
const { ctx } = bed;
const { post, dataOf } = postCallsAs(bed, 'seller');
const tag = unique().slice(0, 8).toUpperCase();
const SUB = `RV-SUB-${tag}`;
const SUP = `RV-SUP-${tag}`;

beforeAll(async () => {
  await insertTestSkus(ctx.db, [
    {
      sku: SUB,
      name: 'Revision subscription',
      kind: 'SUBSCRIPTION',
      billing: 'ANNUAL',
      prices: { EUR: 10_000 },
    },
    {
      sku: SUP,
      name: 'Revision support',
      kind: 'SUPPORT',
      billing: 'ANNUAL',
      prices: { EUR: 5_000 },
    },
  ]);
});

const versionOf = async (id: string) =>
  (await ctx.db.select({ version: quotes.version }).from(quotes).where(eq(quotes.id, id)))[0]
    ?.version ?? 0;

/** Saves the products: SUB at this quantity and discount, and SUP unless left out. */
async function saveLines(
  id: string,
  sub: { quantity: number; discount: string },
  withSup = true,
  advance = false,
) {
  return dataOf<{ quote: { version: number } }>('/api/dx/save-quote-configuration', {
    id,
    version: await versionOf(id),
    advance,
    lines: [
      { key: 'a', sku: SUB, quantities: [sub.quantity], manual_discount_percent: sub.discount },
      ...(withSup ? [{ key: 'b', sku: SUP, quantities: [1] }] : []),
    ],
  });
}

/** Saves the terms as proposed, with a custom clause of this text. */
async function saveTerms(id: string, customText: string) {
  const terms = await dataOf<{
    quote: { version: number };
    clauses: { clause_id: string | null; title: string; template: string; is_custom: boolean }[];
  }>('/api/dx/quote-terms/get', { id });
  const clauses = terms.clauses
    .filter((term) => !term.is_custom)
    .map((term, position) => ({ clause_id: term.clause_id ?? '', position }));
  return dataOf('/api/dx/quote-terms/save', {
    id,
    version: terms.quote.version,
    clauses: [
      ...clauses,
      { custom_title: 'Delivery', custom_text: customText, position: clauses.length },
    ],
  });
}

/** An EMEA quote of the seller's at its terms: 10 × SUB at 5 %, 1 × SUP, a custom clause. */
async function quoteAtTerms() {
  const opportunityId = await insertOpportunity(ctx.db, { region: 'EMEA' });
  const { id } = await dataOf<{ id: string }>('/api/dx/create-quote', {
    opportunity_id: opportunityId,
    values: headerValues({ quote_name: `Revisions ${unique()}` }),
  });
  await saveLines(id, { quantity: 10, discount: '5' }, true, true);
  await dataOf('/api/dx/save-quote-shipping', {
    id,
    version: await versionOf(id),
    products: [],
    lines: [],
    advance: true,
  });
  await saveTerms(id, 'Delivery within 30 days.');
  return id;
}

const list = (id: string, who: 'seller' | 'desk' | 'finance' = 'seller') =>
  dataOf<Listed>('/api/dx/quote-revisions', { quote_id: id }, who);

async function saveRevision(id: string, name: string) {
  const saved = await dataOf<Data<typeof ZSaveQuoteRevisionResponse>>(
    '/api/dx/save-quote-revision',
    { quote_id: id, version: await versionOf(id), name },
  );
  return saved.revision;
}

describe('named revisions', () => {
  it('saves the quote as it stands under a name, without changing it, and says so in its history', async () => {
    const id = await quoteAtTerms();
    const version = await versionOf(id);
    const revision = await saveRevision(id, '  Sent to customer 2 Dec  ');
    expect(revision).toMatchObject({
      revision_number: 1,
      name: 'Sent to customer 2 Dec',
      reason: 'SAVED',
      quote_version: version,
      status_id: 'TNC',
      currency_code: 'EUR',
      // 10 × 100.00 at 5 % and 1 × 50.00.
      net_minor: 95_000 + 5_000,
    });
    expect(revision.created_by).not.toBeNull();
    expect(await versionOf(id)).toBe(version);

    const listed = await list(id);
    expect(listed.revisions.map((r) => r.name)).toEqual(['Sent to customer 2 Dec']);
    expect(listed).toMatchObject({ can_save: true, can_restore: true, restore_blocked: null });
    const history = await ctx.db
      .select()
      .from(quoteHistory)
      .where(and(eq(quoteHistory.quoteId, id), eq(quoteHistory.action, 'revision_saved')));
    expect(history.map((h) => h.changes)).toEqual([
      [{ field: 'revision', before: null, after: 'Revision 1 “Sent to customer 2 Dec”' }],
    ]);
  });

  it.each([
    {
      case: 'no name',
      body: { name: '   ' },
      status: 400,
      message: 'Invalid request. name: Name the revision, e.g. “Sent to customer 2 Dec”.',
    },
    {
      case: 'a name too long',
      body: { name: 'x'.repeat(121) },
      status: 400,
      message: 'Invalid request. name: A revision’s name is at most 120 characters.',
    },
    {
      case: 'a version the quote left',
      body: { version: 1 },
      status: 409,
      message:
        'Someone changed this quote after you opened it. Reload it to see their changes, then make yours again.',
    },
  ])('refuses $case and takes nothing', async ({ body, status, message }) => {
    const id = await quoteAtTerms();
    const response = await post('/api/dx/save-quote-revision', {
      quote_id: id,
      version: await versionOf(id),
      name: 'Fine',
      ...body,
    });
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ message: string }>().message).toBe(message);
    expect((await list(id)).revisions).toEqual([]);
  });

  it('answers a seller of another region as if the quote did not exist', async () => {
    const id = await quoteAtTerms();
    for (const path of ['/api/dx/quote-revisions', '/api/dx/compare-quote-revisions']) {
      const response = await post(
        path,
        { quote_id: id, from: 'working', to: 'working' },
        'outsider',
      );
      expect(response.statusCode, response.body).toBe(404);
    }
    const saved = await post(
      '/api/dx/save-quote-revision',
      { quote_id: id, version: await versionOf(id), name: 'Mine now' },
      'outsider',
    );
    expect(saved.statusCode).toBe(404);
  });
});

describe('comparing revisions', () => {
  it('lists what changed between a revision and the working copy: header, lines, clauses, totals', async () => {
    const id = await quoteAtTerms();
    const first = await saveRevision(id, 'First offer');
    await saveLines(id, { quantity: 12, discount: '10' }, false);
    await saveTerms(id, 'Delivery within 14 days.');

    const compared = await dataOf<Compared>('/api/dx/compare-quote-revisions', {
      quote_id: id,
      from: first.id,
      to: 'working',
    });
    expect(compared.from.label).toBe('Revision 1 “First offer”');
    expect(compared.to.revision).toBeNull();
    expect(compared.to.label).toMatch(/^Working copy \(version \d+\)$/);
    const { comparison } = compared;
    expect(comparison.is_same).toBe(false);
    expect(comparison.lines.map((l) => [l.change, l.sku, l.changed])).toEqual([
      ['changed', SUB, ['quantity', 'discount', 'net']],
      ['removed', SUP, []],
    ]);
    const sub = comparison.lines[0];
    expect([sub?.before?.quantities, sub?.after?.quantities]).toEqual([[10], [12]]);
    expect([sub?.before?.discount_percent, sub?.after?.discount_percent]).toEqual(['5', '10']);
    expect([sub?.before?.net_minor, sub?.after?.net_minor]).toEqual([95_000, 108_000]);
    expect(comparison.terms).toEqual([
      {
        change: 'edited',
        title: 'Delivery',
        before: 'Delivery within 30 days.',
        after: 'Delivery within 14 days.',
      },
    ]);
    expect(comparison.totals.net_delta_minor).toBe(108_000 - 100_000);
  });

  it('finds two revisions of the same content the same, and refuses a revision of another quote', async () => {
    const id = await quoteAtTerms();
    const a = await saveRevision(id, 'A');
    const b = await saveRevision(id, 'B');
    const same = await dataOf<Compared>('/api/dx/compare-quote-revisions', {
      quote_id: id,
      from: a.id,
      to: b.id,
    });
    expect(same.comparison.is_same).toBe(true);
    expect(same.comparison.unchanged_line_count).toBe(2);

    const other = await quoteAtTerms();
    const response = await post('/api/dx/compare-quote-revisions', {
      quote_id: other,
      from: a.id,
      to: 'working',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toBe(
      'There is no such revision of this quote.',
    );
  });
});

describe('restoring a revision', () => {
  it('writes it back as a new version whose history names it, priced again', async () => {
    const id = await quoteAtTerms();
    const first = await saveRevision(id, 'First offer');
    await saveLines(id, { quantity: 12, discount: '10' }, false);
    await saveTerms(id, 'Delivery within 14 days.');
    const before = await versionOf(id);

    const restored = await dataOf<Data<typeof ZRestoreQuoteRevisionResponse>>(
      '/api/dx/restore-quote-revision',
      { quote_id: id, revision_id: first.id, version: before },
    );
    expect(restored).toMatchObject({
      quote_id: id,
      version: before + 1,
      status_id: 'TNC',
      restored_revision_number: 1,
    });
    const back = await dataOf<Compared>('/api/dx/compare-quote-revisions', {
      quote_id: id,
      from: first.id,
      to: 'working',
    });
    // Only the status may read differently: the content is the revision's.
    expect(back.comparison.lines).toEqual([]);
    expect(back.comparison.terms).toEqual([]);
    expect(back.comparison.totals.net_delta_minor).toBe(0);
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row?.totalAmountMinor).toBe(100_000);
    const [entry] = await ctx.db
      .select()
      .from(quoteHistory)
      .where(and(eq(quoteHistory.quoteId, id), eq(quoteHistory.action, 'revision_restored')));
    expect(entry?.changes).toContainEqual({
      field: 'restored_from',
      before: null,
      after: 'Revision 1 “First offer”',
    });
    expect(entry?.version).toBe(before + 1);
  });

  it('refuses a version the quote has left and changes nothing', async () => {
    const id = await quoteAtTerms();
    const first = await saveRevision(id, 'First offer');
    await saveLines(id, { quantity: 3, discount: '0' });
    const response = await post('/api/dx/restore-quote-revision', {
      quote_id: id,
      revision_id: first.id,
      version: first.quote_version,
    });
    expect(response.statusCode, response.body).toBe(409);
    const lines = await ctx.db.select().from(quoteLines).where(eq(quoteLines.quoteId, id));
    expect(lines.find((l) => l.sku === SUB)?.y1).toBe(3);
  });

  it('is for those who change quotes: an approver who reads quotes may list but not restore', async () => {
    const id = await quoteAtTerms();
    const first = await saveRevision(id, 'First offer');
    const response = await post(
      '/api/dx/restore-quote-revision',
      { quote_id: id, revision_id: first.id, version: await versionOf(id) },
      'finance',
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('revisions taken on the way', () => {
  it('are taken on submitting and on making a document, which names its revision', async () => {
    const id = await quoteAtTerms();
    const submitted = await post('/api/dx/quote/approval', {
      action: 'submit',
      quote_id: id,
      version: await versionOf(id),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const afterSubmit = (await list(id, 'desk')).revisions;
    expect(afterSubmit.map((r) => [r.revision_number, r.reason])).toEqual([[1, 'SUBMITTED']]);
    expect(afterSubmit[0]?.name).toMatch(/^Submitted for approval \(submission \d+\)$/);
    expect(afterSubmit[0]?.status_id).not.toBe('TNC');

    // The submitted version already has its revision: the document names it, twice over.
    for (const name of ['first', 'again']) {
      const made = await ctx.app.inject({
        method: 'POST',
        url: `/api/dx/document/${id}/pdf/${name}`,
        payload: {},
        headers: { cookie: bed.cookies.seller },
      });
      expect(made.statusCode, made.body).toBe(200);
    }
    const documents = await ctx.db
      .select({ revision: quoteDocuments.revisionNumber })
      .from(quoteDocuments)
      .where(eq(quoteDocuments.quoteId, id));
    expect(documents).toEqual([{ revision: 1 }, { revision: 1 }]);
    expect((await list(id)).revisions).toHaveLength(1);
  });
});
