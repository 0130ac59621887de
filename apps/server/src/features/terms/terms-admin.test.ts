import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { termsClauseVersions } from '@bastion/db/schema/terms';
import { REFERENCE_CLAUSE_RULES, REFERENCE_CLAUSES } from '@bastion/db/seed/terms-reference-data';
import { checkClauseCondition } from '@bastion/domain/terms/clause-rules';
import { checkClauseDraft } from '@bastion/domain/terms/clauses';
import { auditEntriesOf } from '../../test/audit.ts';
import { useTestBed } from '../../test/test-bed.ts';
import { unique } from '../../test/quote-fixtures.ts';
import { STALE_CLAUSE_MESSAGE } from './save-clause.ts';
import { STALE_RULE_MESSAGE } from './save-rule.ts';
import { dataOfSuccess } from '../../test/answers.ts';
import type { ClauseView as Clause, RuleView as Rule } from '@bastion/domain/terms/api';

const { ctx, cookies } = useTestBed<string>({
  legal: 'LEGAL_MANAGER',
  counsel: 'SR_CORP_COUNSEL',
  deskAdmin: 'DEAL_DESK_ADMIN',
  root: 'ROOT_ADMIN',
  desk: 'DEAL_DESK',
  seller: 'SALES_USER',
  catalog: 'CATALOG_ADMIN',
});

const post = (url: string, payload: object | undefined, who: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: cookies[who] ?? '' } });

async function dataOf<T>(url: string, payload: object | undefined, who: string): Promise<T> {
  const response = await post(url, payload, who);
  return dataOfSuccess<T>(response);
}

const newClause = (overrides: object = {}) => ({
  title: `Test clause ${unique()}`,
  body: 'Support for {customer_name} at {sla}.',
  category: 'Support',
  ...overrides,
});

describe('the seeded library', () => {
  it('holds the standard clauses, each valid, with their first version', async () => {
    const { clauses } = await dataOf<{ clauses: Clause[] }>('/api/dx/terms-clauses', {}, 'seller');
    for (const seeded of REFERENCE_CLAUSES) {
      expect(checkClauseDraft(seeded), seeded.code).toEqual([]);
      const clause = clauses.find((c) => c.code === seeded.code);
      expect(clause, seeded.code).toBeDefined();
      const versions = await ctx.db
        .select()
        .from(termsClauseVersions)
        .where(eq(termsClauseVersions.clauseId, clause?.id ?? ''));
      expect(versions.map((v) => v.version)).toContain(1);
    }
    expect(REFERENCE_CLAUSES.length).toBeGreaterThanOrEqual(12);
  });

  it('holds the standard rules, each with a valid condition on a seeded clause', async () => {
    const { rules } = await dataOf<{ rules: Rule[] }>('/api/admin/terms-rules', {}, 'legal');
    const codes = new Set(REFERENCE_CLAUSES.map((c) => c.code));
    for (const seeded of REFERENCE_CLAUSE_RULES) {
      expect(checkClauseCondition(seeded.condition).ok, seeded.code).toBe(true);
      expect(codes.has(seeded.clause), seeded.code).toBe(true);
      expect(rules.some((r) => r.name === seeded.name)).toBe(true);
    }
  });
});

describe('who may do what', () => {
  it.each([
    ['seller', 200],
    ['desk', 200],
    ['legal', 200],
    ['counsel', 200],
    ['catalog', 403],
  ])('%s reads the library: %i', async (who, status) => {
    expect((await post('/api/dx/terms-clauses', {}, who)).statusCode).toBe(status);
  });

  it.each([
    ['legal', 200],
    ['counsel', 200],
    ['deskAdmin', 200],
    ['root', 200],
    ['desk', 403],
    ['seller', 403],
    ['catalog', 403],
  ])('%s edits the library and its rules: %i', async (who, status) => {
    const clause = await post('/api/admin/terms-clause-save', newClause(), who);
    expect(clause.statusCode).toBe(status);
    expect((await post('/api/admin/terms-rules', {}, who)).statusCode).toBe(status);
  });
});

describe('clauses', () => {
  it('creates a clause as version 1 and records who', async () => {
    const clause = await dataOf<Clause>('/api/admin/terms-clause-save', newClause(), 'legal');
    expect(clause).toMatchObject({
      version: 1,
      is_active: true,
      code: null,
      placeholders: ['customer_name', 'sla'],
      rule_count: 0,
      updated_by: 'Test User',
    });
    const [audit] = await auditEntriesOf(ctx.db, clause.id, 'terms.clause.created');
    expect(audit).toBeDefined();
  });

  it('makes every edit a new version and keeps the old ones readable', async () => {
    const created = await dataOf<Clause>('/api/admin/terms-clause-save', newClause(), 'legal');
    const edited = await dataOf<Clause>(
      '/api/admin/terms-clause-save',
      {
        ...newClause({ title: created.title, body: 'Support at {sla} only.' }),
        id: created.id,
        version: 1,
        note: 'Shorter',
      },
      'deskAdmin',
    );
    expect(edited.version).toBe(2);
    const withdrawn = await dataOf<Clause>(
      '/api/admin/terms-clause-save',
      {
        ...newClause({ title: created.title, body: edited.body }),
        id: created.id,
        version: 2,
        is_active: false,
      },
      'legal',
    );
    expect(withdrawn).toMatchObject({ version: 3, is_active: false });

    const history = await dataOf<{
      clause: Clause;
      versions: { version: number; body: string; is_active: boolean; note: string }[];
    }>('/api/dx/terms-clause-history', { id: created.id }, 'seller');
    expect(history.clause.version).toBe(3);
    expect(history.versions.map((v) => [v.version, v.body, v.is_active, v.note])).toEqual([
      [3, 'Support at {sla} only.', false, ''],
      [2, 'Support at {sla} only.', true, 'Shorter'],
      [1, 'Support for {customer_name} at {sla}.', true, ''],
    ]);

    // The library lists the current version; withdrawn clauses only when asked for.
    const all = await dataOf<{ clauses: Clause[] }>('/api/dx/terms-clauses', {}, 'seller');
    expect(all.clauses.find((c) => c.id === created.id)?.version).toBe(3);
    const active = await dataOf<{ clauses: Clause[] }>(
      '/api/dx/terms-clauses',
      { include_inactive: false },
      'seller',
    );
    expect(active.clauses.some((c) => c.id === created.id)).toBe(false);
  });

  it('makes no version when nothing changed', async () => {
    const created = await dataOf<Clause>('/api/admin/terms-clause-save', newClause(), 'legal');
    const again = await dataOf<Clause>(
      '/api/admin/terms-clause-save',
      { ...newClause({ title: created.title }), id: created.id, version: 1 },
      'legal',
    );
    expect(again.version).toBe(1);
  });

  it('refuses an edit of a version someone else replaced (409)', async () => {
    const created = await dataOf<Clause>('/api/admin/terms-clause-save', newClause(), 'legal');
    const body = { ...newClause({ title: created.title }), id: created.id, version: 1 };
    await dataOf('/api/admin/terms-clause-save', { ...body, body: 'First {sla}.' }, 'legal');
    const stale = await post(
      '/api/admin/terms-clause-save',
      { ...body, body: 'Second.' },
      'counsel',
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toBe(STALE_CLAUSE_MESSAGE);
  });

  it.each<[string, object, string, RegExp]>([
    [
      'an unknown placeholder',
      { body: 'Hello {customer}.' },
      'body',
      /^\{customer\} is not a placeholder\. The placeholders are \{customer_name\}/,
    ],
    ['no text', { body: '   ' }, 'body', /^Write the text of the clause\.$/],
    ['no title', { title: ' ' }, 'title', /^Give the clause a title\.$/],
    ['an unknown category', { category: 'Misc' }, 'category', /^Choose a category: Payment, /],
    [
      'a taken title',
      { title: 'limitation OF liability' },
      'title',
      /^Another clause is called "limitation OF liability"\.$/,
    ],
  ])('refuses %s (400)', async (_name, overrides, path, message) => {
    const response = await post('/api/admin/terms-clause-save', newClause(overrides), 'legal');
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ errors: { path: string; message: string }[] }>();
    expect(body.errors).toEqual([{ path, message: expect.stringMatching(message) as string }]);
  });

  it('answers 404 for a clause that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await post('/api/dx/terms-clause-history', { id: missing }, 'legal')).statusCode).toBe(
      404,
    );
    const edit = await post(
      '/api/admin/terms-clause-save',
      { ...newClause(), id: missing, version: 1 },
      'legal',
    );
    expect(edit.statusCode).toBe(404);
  });
});

describe('rules', () => {
  let clause: Clause;
  beforeAll(async () => {
    clause = await dataOf<Clause>('/api/admin/terms-clause-save', newClause(), 'legal');
  });
  // Conditions no other test's quote meets: the database is shared.
  const nowhere = `region string-equals "NOWHERE-${unique()}"`;

  it('creates and changes a rule', async () => {
    const rule = await dataOf<Rule>(
      '/api/admin/terms-rule-save',
      { name: 'Test rule', condition: nowhere, effect: 'ATTACH', clause_id: clause.id },
      'legal',
    );
    expect(rule).toMatchObject({ version: 1, effect: 'ATTACH', clause_title: clause.title });
    const changed = await dataOf<Rule>(
      '/api/admin/terms-rule-save',
      { ...rule, effect: 'REQUIRE', condition: `  ${nowhere} and is_public_sector boolean ` },
      'deskAdmin',
    );
    expect(changed).toMatchObject({
      version: 2,
      effect: 'REQUIRE',
      condition: `${nowhere} and is_public_sector boolean`,
    });
    const stale = await post('/api/admin/terms-rule-save', { ...rule, is_active: false }, 'legal');
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toBe(STALE_RULE_MESSAGE);

    const listed = await dataOf<{ clauses: Clause[] }>('/api/dx/terms-clauses', {}, 'legal');
    expect(listed.clauses.find((c) => c.id === clause.id)?.rule_count).toBe(1);
  });

  it.each<[string, string, RegExp]>([
    [
      'a syntax error',
      'quote_type string-equals',
      /^The condition is not valid: Expected a value after 'string-equals' at position 24, found end of expression\.$/,
    ],
    [
      'an unknown operator',
      'quote_type is ELA',
      /^The condition is not valid: Unknown operator 'is' at position 11; expected one of string-equals, /,
    ],
    [
      'an unknown fact',
      'qoute_type string-equals ELA',
      /^The condition asks about 'qoute_type', which is not a quote fact\. The facts are quote_type, deal_type, /,
    ],
  ])('refuses %s with a clear message (400)', async (_name, condition, message) => {
    const response = await post(
      '/api/admin/terms-rule-save',
      { name: 'Broken', condition, effect: 'ATTACH', clause_id: clause.id },
      'legal',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: unknown[] }>().errors).toEqual([
      { path: 'condition', message: expect.stringMatching(message) as string },
    ]);
  });

  it('refuses an active rule on a withdrawn clause', async () => {
    const withdrawn = await dataOf<Clause>(
      '/api/admin/terms-clause-save',
      newClause({ is_active: false }),
      'legal',
    );
    const response = await post(
      '/api/admin/terms-rule-save',
      { name: 'On withdrawn', condition: '', effect: 'REQUIRE', clause_id: withdrawn.id },
      'legal',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/is withdrawn from the library/);
  });

  it('is for terms admins only, reading included', async () => {
    expect((await post('/api/admin/terms-rules', {}, 'seller')).statusCode).toBe(403);
    const save = await post(
      '/api/admin/terms-rule-save',
      { name: 'x', condition: nowhere, effect: 'ATTACH', clause_id: clause.id },
      'desk',
    );
    expect(save.statusCode).toBe(403);
  });
});
