import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { quoteLines, quotes } from '@bastion/db/schema/quotes';
import { productRuleColumns, productRules } from '@bastion/db/schema/catalog';
import type { ProductRule } from '@bastion/domain/product-rules/model';
import { storedRuleOf } from '@bastion/domain/product-rules/stored-rule';
import { randomUUID } from 'node:crypto';
import type { GuidedProposal } from '@bastion/domain/product-rules/guided-schemas';
import type { RuleActionView, RuleMessageView } from '@bastion/domain/product-rules/schemas';
import { createTestApp, createUser, signedIn, type TestContext } from '../../test/test-app.ts';
import { headerValues, insertOpportunity } from '../../test/quote-fixtures.ts';

/*
 * Issue 34: the demo product rules (seeded with the demo catalogue) in the pricing pass, as the
 * configure page calls it: pricing/execute and the save answer what the rules say; Next waits
 * while an error remains.
 */

let ctx: TestContext;
let seller: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const user = await createUser(ctx.db, {
    roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }],
  });
  seller = await signedIn(ctx.app, user);
});

const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: seller } });

interface RuleAnswer {
  rule_messages: RuleMessageView[];
  rule_actions: RuleActionView[];
}
interface Configuration extends RuleAnswer {
  quote: { id: string; version: number; status_id: string };
  lines: {
    id: string;
    sku: string;
    quantities: number[];
    attributes: { high_availability: boolean };
  }[];
}

async function newQuote() {
  const opportunityId = await insertOpportunity(ctx.db, { region: 'EMEA' });
  const made = await post('/api/dx/create-quote', {
    opportunity_id: opportunityId,
    values: headerValues(),
  });
  expect(made.statusCode, made.body).toBe(200);
  return made.json<{ data: { id: string } }>().data.id;
}

async function priced(id: string, lines: object[]) {
  const response = await post('/api/dx/pricing/execute', { id, lines });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: RuleAnswer }>().data;
}

const save = (id: string, version: number, lines: object[], advance = false) =>
  post('/api/dx/save-quote-configuration', { id, version, lines, advance });

const SUPPORT_MESSAGE =
  'BX-200F-HW needs a support contract for 4 units: add BX-200F-SUP-STD, BX-200F-SUP-PRM or BX-200F-SUP-ELT.';
const PSU_MESSAGE = 'BX-PSU-AC-1500 fits data-centre models only (BX-400F and larger).';

describe('product rules in the pricing pass', () => {
  it('says an appliance without support is an error, offers the fix, and keeps the quote from moving on until it is covered', async () => {
    const id = await newQuote();
    const bare = [{ key: 'fw', sku: 'BX-200F-HW', quantities: [4] }];

    const draft = await priced(id, bare);
    expect(draft.rule_messages).toEqual([
      expect.objectContaining({ severity: 'error', message: SUPPORT_MESSAGE, line_keys: ['fw'] }),
    ]);
    expect(draft.rule_actions).toEqual([
      expect.objectContaining({
        label: 'Add BX-200F-SUP-PRM for 4 units',
        changes: [
          {
            op: 'add',
            sku: 'BX-200F-SUP-PRM',
            quantities: [4],
            name: 'BX-200F Premium Support (24x7, next-business-day RMA), 1 year',
            kind: 'SUPPORT',
            billing: 'ANNUAL',
          },
        ],
      }),
    ]);

    // Saved without Next: stored, with the message by line id.
    const saved = await save(id, 1, bare);
    expect(saved.statusCode, saved.body).toBe(200);
    const configuration = saved.json<{ data: Configuration }>().data;
    const lineId = configuration.lines[0]?.id ?? '';
    expect(configuration.rule_messages).toEqual([
      expect.objectContaining({ message: SUPPORT_MESSAGE, line_keys: [lineId] }),
    ]);

    // Next is refused with the message; nothing changes.
    const stored = [{ id: lineId, key: 'fw', sku: 'BX-200F-HW', quantities: [4] }];
    const refused = await save(id, 2, stored, true);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 409,
      error: 'CONFLICT',
      message: SUPPORT_MESSAGE,
      errors: [{ path: 'lines.0', message: SUPPORT_MESSAGE }],
    });
    const [after] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
    expect(after).toMatchObject({ version: 2, statusId: 'INCOMPLETE' });

    // The page reopens with the message of the stored lines.
    const reopened = await post('/api/dx/quote-configuration', { id });
    expect(reopened.json<{ data: Configuration }>().data.rule_messages).toEqual([
      expect.objectContaining({ message: SUPPORT_MESSAGE, line_keys: [lineId] }),
    ]);

    // Covered: the quote moves on.
    const covered = [...stored, { key: 'sup', sku: 'BX-200F-SUP-PRM', quantities: [4] }];
    expect((await priced(id, covered)).rule_messages).toEqual([]);
    const advanced = await save(id, 2, covered, true);
    expect(advanced.statusCode, advanced.body).toBe(200);
    const moved = advanced.json<{ data: Configuration }>().data;
    expect(moved.quote.status_id).toBe('SH_HW_CONFIG');
    expect(moved.rule_messages).toEqual([]);
  });

  it('says a 1500 W power supply beside a desktop firewall does not fit, and is content beside a data-centre model', async () => {
    const id = await newQuote();
    const desktop = [
      { key: 'fw', sku: 'BX-60-HW', quantities: [1] },
      { key: 'sup', sku: 'BX-60-SUP-STD', quantities: [1] },
      { key: 'psu', sku: 'BX-PSU-AC-1500', quantities: [1] },
    ];
    const draft = await priced(id, desktop);
    expect(draft.rule_messages.map((m) => [m.severity, m.message, m.line_keys])).toEqual([
      ['error', PSU_MESSAGE, ['psu']],
    ]);
    const refused = await save(id, 1, desktop, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(PSU_MESSAGE);

    const dataCentre = [
      { key: 'fw', sku: 'BX-2600-HW', quantities: [1] },
      { key: 'sup', sku: 'BX-2600-SUP-ELT', quantities: [1] },
      { key: 'psu', sku: 'BX-PSU-AC-1500', quantities: [1] },
    ];
    expect((await priced(id, dataCentre)).rule_messages).toEqual([]);
    const advanced = await save(id, 1, dataCentre, true);
    expect(advanced.statusCode, advanced.body).toBe(200);
  });

  it('stores high availability on a line and holds an odd pair to an error; a warning or a recommendation does not stop Next', async () => {
    const id = await newQuote();
    const pair = (quantity: number) => [
      {
        key: 'fw',
        sku: 'BX-200F-HW',
        quantities: [quantity],
        attributes: { high_availability: true },
      },
      { key: 'sup', sku: 'BX-200F-SUP-STD', quantities: [quantity] },
    ];
    const odd = await priced(id, pair(3));
    expect(odd.rule_messages.map((m) => m.message)).toEqual([
      'A high-availability pair needs an even number of BX-200F-HW appliances.',
    ]);
    const saved = await save(id, 1, pair(2));
    expect(saved.statusCode, saved.body).toBe(200);
    const configuration = saved.json<{ data: Configuration }>().data;
    expect(configuration.lines.map((line) => [line.sku, line.attributes])).toEqual([
      ['BX-200F-HW', { high_availability: true }],
      ['BX-200F-SUP-STD', { high_availability: false }],
    ]);
    const [stored] = await ctx.db
      .select({ attributes: quoteLines.attributes })
      .from(quoteLines)
      .where(eq(quoteLines.id, configuration.lines[0]?.id ?? ''));
    expect(stored?.attributes).toEqual({ high_availability: true });

    // A stored line sent without attributes keeps its own.
    const [fw, sup] = configuration.lines;
    const resent = await save(id, 2, [
      { id: fw?.id, key: 'fw', sku: 'BX-200F-HW', quantities: [3] },
      { id: sup?.id, key: 'sup', sku: 'BX-200F-SUP-STD', quantities: [3] },
    ]);
    expect(resent.json<{ data: Configuration }>().data.rule_messages.map((m) => m.message)).toEqual(
      ['A high-availability pair needs an even number of BX-200F-HW appliances.'],
    );

    // Access points without cloud management: a recommendation (info) with one-click lines, and
    // a transceiver without SFP28 ports: a warning. Neither stops Next.
    const lines = [
      { key: 'fw', sku: 'BX-200F-HW', quantities: [1] },
      { key: 'sup', sku: 'BX-200F-SUP-STD', quantities: [1] },
      { key: 'sfp', sku: 'SFP28-25G-SR', quantities: [2] },
      { key: 'ap', sku: 'AP-231-HW', quantities: [10] },
    ];
    const advice = await priced(id, lines);
    expect(advice.rule_messages.map((m) => [m.severity, m.message])).toEqual([
      ['warning', 'SFP28-25G-SR needs a model with SFP28 ports (BX-600F to BX-2600).'],
      ['info', 'Manage these access points from the cloud: add AP-CLOUD-STD or AP-CLOUD-ADV.'],
    ]);
    expect(
      advice.rule_actions.map((a) => a.changes.map((c) => [c.op, c.sku, c.quantities])),
    ).toEqual([[['add', 'AP-CLOUD-STD', [10]]], [['add', 'AP-CLOUD-ADV', [10]]]]);
    const advanced = await save(id, 3, lines, true);
    expect(advanced.statusCode, advanced.body).toBe(200);
  });

  it('refuses line attributes it does not know, naming the field', async () => {
    const id = await newQuote();
    const response = await post('/api/dx/pricing/execute', {
      id,
      lines: [{ key: 'a', sku: 'BX-60-HW', quantities: [1], attributes: { colour: 'red' } }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: unknown[] }>().errors).toEqual([
      { path: 'lines.0.attributes', message: 'A line attribute is high_availability.' },
    ]);
  });
});

describe('a bundle with options in the pricing pass', () => {
  const TWO_TIERS =
    'BX-200F-FLEX takes exactly one Support tier option: BX-200F-SUP-STD, BX-200F-SUP-PRM or BX-200F-SUP-ELT (2 chosen).';
  const option = (key: string, sku: string) => ({ key, sku, quantities: [2], parent_key: 'flex' });
  const bundle = { key: 'flex', sku: 'BX-200F-FLEX', quantities: [2] };

  it('holds a bundle to one support tier: an error on the bundle and its two tiers, Next refused until one goes', async () => {
    const id = await newQuote();
    const twoTiers = [
      bundle,
      option('hw', 'BX-200F-HW'),
      option('std', 'BX-200F-SUP-STD'),
      option('prm', 'BX-200F-SUP-PRM'),
    ];
    expect((await priced(id, twoTiers)).rule_messages).toEqual([
      {
        rule_id: 'bundle:BX-200F-FLEX',
        rule_name: 'Options of BX-200F-FLEX',
        severity: 'error',
        message: TWO_TIERS,
        line_keys: ['flex', 'std', 'prm'],
      },
    ]);
    const refused = await save(id, 1, twoTiers, true);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ errors: [{ path: 'lines.0', message: TWO_TIERS }] });

    // The same support SKU as a line of its own does not count toward the bundle.
    const oneTier = [
      bundle,
      option('hw', 'BX-200F-HW'),
      option('prm', 'BX-200F-SUP-PRM'),
      { key: 'own', sku: 'BX-200F-SUP-STD', quantities: [2] },
    ];
    expect((await priced(id, oneTier)).rule_messages).toEqual([]);
    const advanced = await save(id, 1, oneTier, true);
    expect(advanced.statusCode, advanced.body).toBe(200);
  });

  it('reads the stored options of a bundle: leaving the support tier out shows on reopening', async () => {
    const id = await newQuote();
    const saved = await save(id, 1, [bundle, option('hw', 'BX-200F-HW')]);
    expect(saved.statusCode, saved.body).toBe(200);
    const reopened = (await post('/api/dx/quote-configuration', { id })).json<{
      data: Configuration & {
        bundle_options: {
          sku: string;
          features: object[];
          options: { sku: string; selection: string }[];
        }[];
      };
    }>().data;
    // The page gets the bundle's groups and options to choose from.
    expect(reopened.bundle_options).toEqual([
      expect.objectContaining({
        sku: 'BX-200F-FLEX',
        name: 'BX-200F Flex Bundle',
        features: [
          { name: 'Support tier', min_options: 1, max_options: 1 },
          { name: 'Subscriptions', min_options: 0, max_options: 3 },
        ],
      }),
    ]);
    expect(reopened.bundle_options[0]?.options.map((o) => `${o.sku} ${o.selection}`)).toEqual([
      'BX-200F-HW REQUIRED',
      'BX-200F-SUP-STD OPTIONAL',
      'BX-200F-SUP-PRM DEFAULT',
      'BX-200F-SUP-ELT OPTIONAL',
      'BX-200F-TP DEFAULT',
      'BX-200F-URL OPTIONAL',
      'BX-200F-SBX OPTIONAL',
      'BX-200F-SDWAN OPTIONAL',
    ]);
    const bundleLine = reopened.lines.find((line) => line.sku === 'BX-200F-FLEX');
    expect(reopened.rule_messages).toContainEqual(
      expect.objectContaining({
        rule_id: 'bundle:BX-200F-FLEX',
        message:
          'BX-200F-FLEX takes exactly one Support tier option: BX-200F-SUP-STD, BX-200F-SUP-PRM or BX-200F-SUP-ELT (none chosen).',
        line_keys: [bundleLine?.id],
      }),
    );
  });
});

describe('automatic selection rules in the pricing pass', () => {
  it('adds what an automatic rule says to the lines priced and saved, and keeps it in step', async () => {
    const rule: ProductRule = {
      id: randomUUID(),
      name: `Support follows the BX-80 ${randomUUID().slice(0, 8)}`,
      kind: 'selection',
      apply: 'automatic',
      is_active: true,
      priority: 50,
      effective_from: null,
      effective_to: null,
      scope: 'quote',
      condition: { kind: 'predicate', fact: 'quantity:sku:BX-80-HW', op: 'gt', value: 0 },
      message: '',
      actions: [{ op: 'add', sku: 'BX-80-SUP-STD', quantity: '{quantity:sku:BX-80-HW}' }],
    };
    await ctx.db
      .insert(productRules)
      .values({ id: rule.id, ...productRuleColumns(storedRuleOf(rule)) });
    try {
      const id = await newQuote();
      const autoKey = `auto:${rule.id}:BX-80-SUP-STD`;
      const response = await post('/api/dx/pricing/execute', {
        id,
        lines: [{ key: 'fw', sku: 'BX-80-HW', quantities: [3] }],
      });
      expect(response.statusCode, response.body).toBe(200);
      const draft = response.json<{
        data: RuleAnswer & { rule_applied: RuleActionView[]; lines: { line_id: string[] } };
      }>().data;
      // Applied and priced: the support line is in the prices, and nothing is missing support.
      expect(draft.rule_applied).toEqual([
        expect.objectContaining({
          rule_id: rule.id,
          changes: [
            expect.objectContaining({
              op: 'add',
              sku: 'BX-80-SUP-STD',
              quantities: [3],
              line_key: autoKey,
              kind: 'SUPPORT',
            }),
          ],
        }),
      ]);
      expect(draft.lines.line_id).toEqual(['fw', autoKey]);
      expect(draft.rule_messages).toEqual([]);
      // The page sends the line back: settled, nothing more to apply.
      const settled = await post('/api/dx/pricing/execute', {
        id,
        lines: [
          { key: 'fw', sku: 'BX-80-HW', quantities: [3] },
          { key: autoKey, sku: 'BX-80-SUP-STD', quantities: [3] },
        ],
      });
      expect(settled.json<{ data: { rule_applied: unknown[] } }>().data.rule_applied).toEqual([]);

      // Saved with Next from the appliance alone: the support is saved with it.
      const saved = await save(id, 1, [{ key: 'fw', sku: 'BX-80-HW', quantities: [3] }], true);
      expect(saved.statusCode, saved.body).toBe(200);
      const configuration = saved.json<{
        data: Configuration & { rule_applied: unknown[] };
      }>().data;
      expect(configuration.quote.status_id).toBe('SH_HW_CONFIG');
      expect(configuration.lines.map((line) => [line.sku, line.quantities])).toEqual([
        ['BX-80-HW', [3]],
        ['BX-80-SUP-STD', [3]],
      ]);
      expect(configuration.rule_applied).toEqual([]);

      // More appliances: the saved support line follows, no second line.
      const [hw, support] = configuration.lines;
      const more = await save(id, 2, [
        { id: hw?.id, key: 'fw', sku: 'BX-80-HW', quantities: [5] },
        { id: support?.id, key: 'sup', sku: 'BX-80-SUP-STD', quantities: [3] },
      ]);
      expect(more.statusCode, more.body).toBe(200);
      expect(
        more
          .json<{ data: { lines: { sku: string; quantities: number[] }[] } }>()
          .data.lines.map((line) => [line.sku, line.quantities]),
      ).toEqual([
        ['BX-80-HW', [5]],
        ['BX-80-SUP-STD', [5]],
      ]);
    } finally {
      await ctx.db.delete(productRules).where(eq(productRules.id, rule.id));
    }
  });
});

describe('guided selling', () => {
  const PROPOSE = '/api/dx/guided-selling/propose';
  const answers = {
    sites: '5',
    users_per_site: '40',
    throughput_mbps: '400',
    high_availability: true,
  };

  it('proposes the lines the rules call for, with their reasons and the support they need', async () => {
    const id = await newQuote();
    const response = await post(PROPOSE, { id, questionnaire: 'guided_branch_firewall', answers });
    expect(response.statusCode, response.body).toBe(200);
    const { lines } = response.json<{ data: GuidedProposal }>().data;
    expect(lines.map((l) => [l.source, l.sku, l.quantities, l.high_availability])).toEqual([
      ['selection', 'BX-60-HW', [10], true],
      ['selection', 'BX-60-TP', [10], false],
      ['recommendation', 'AP-431-HW', [5], false],
      ['fix', 'BX-60-SUP-PRM', [10], false],
    ]);
    expect(lines[0]).toMatchObject({
      name: 'BX-60 next-generation firewall appliance',
      kind: 'HARDWARE',
      billing: 'ONE_TIME',
      reason:
        'BX-60 for sites that need up to 500 Mbps: one per site, two for a high-availability pair, each with Threat Prevention.',
    });
    expect(lines[3]?.reason).toBe(
      'BX-60-HW needs a support contract for 10 units: add BX-60-SUP-STD, BX-60-SUP-PRM or BX-60-SUP-ELT.',
    );
    // Nothing was saved.
    const stored = await ctx.db.select().from(quoteLines).where(eq(quoteLines.quoteId, id));
    expect(stored).toEqual([]);
  });

  it('refuses answers the questionnaire does not take, at their fields, and a form that is no questionnaire', async () => {
    const id = await newQuote();
    const refused = await post(PROPOSE, {
      id,
      questionnaire: 'guided_branch_firewall',
      answers: { ...answers, sites: '2.5', throughput_mbps: '' },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'sites', message: 'Enter how many branch sites, a whole number.' },
        { path: 'throughput_mbps', message: 'Enter the throughput in Mbps, a whole number.' },
      ]),
    );
    const notGuided = await post(PROPOSE, { id, questionnaire: 'quote_details', answers });
    expect(notGuided.statusCode).toBe(400);
    expect(notGuided.json().errors).toEqual([
      { path: 'questionnaire', message: 'There is no questionnaire quote_details.' },
    ]);
    const missing = await post(PROPOSE, { id, questionnaire: 'guided_datacentre', answers });
    expect(missing.json().errors).toEqual([
      { path: 'questionnaire', message: 'There is no questionnaire guided_datacentre.' },
    ]);
  });
});
