import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RENEWAL_MESSAGES, type QuoteRenewal } from '@bastion/domain/renewals/model';
import type { RenewalConfiguration, RenewalPricing } from '@bastion/domain/renewals/schemas';
import { productRuleColumns, productRules, skuPrices, skus } from '@bastion/db/schema/catalog';
import type { ProductRule } from '@bastion/domain/product-rules/model';
import { storedRuleOf } from '@bastion/domain/product-rules/stored-rule';
import { randomUUID } from 'node:crypto';
import { contracts, entitlements, quoteLines, quotes } from '@bastion/db/schema/quotes';
import { dataOfSuccess } from '../../test/answers.ts';
import { withAppSetting } from '../../test/app-settings.ts';
import { insertContract, type ContractOptions } from '../../test/contract-fixtures.ts';
import { ensureTestFamily, headerValues, unique } from '../../test/quote-fixtures.ts';
import { useTestBed } from '../../test/test-bed.ts';
import { STALE_QUOTE_MESSAGE } from './update-quote-header.ts';

const bed = useTestBed({
  seller: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }] },
  desk: 'DEAL_DESK',
});

const post = (url: string, payload: object, who: 'seller' | 'desk' = 'seller') =>
  bed.ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: bed.cookies[who] } });

const CONFIGURATION = '/api/dx/renewals/quote-configuration';
const PRICE = '/api/dx/renewals/price';
const SAVE = '/api/dx/renewals/save-configuration';

/** Our own SKUs, so the figures do not move with the demo catalogue. */
const prefix = `RNC-${unique().slice(0, 8)}`;
const sku = (code: string) => `${prefix}-${code}`;
let skusMade: Promise<void> | null = null;

function makeSkus() {
  skusMade ??= (async () => {
    const { db } = bed.ctx;
    await ensureTestFamily(db);
    const base = { familyId: 'TEST_FAMILY', description: '', kind: 'SUBSCRIPTION' as const };
    await db.insert(skus).values([
      { ...base, sku: sku('NEXT'), name: 'Next threat feed', billing: 'ANNUAL' },
      {
        ...base,
        sku: sku('SUB'),
        name: 'Threat feed',
        billing: 'ANNUAL',
        successorSku: sku('NEXT'),
      },
      { ...base, sku: sku('VPN'), name: 'VPN seats', billing: 'ANNUAL' },
      { ...base, sku: sku('NEW1'), name: 'Sandbox', billing: 'ANNUAL' },
      { ...base, sku: sku('NEW2'), name: 'DLP', billing: 'ANNUAL' },
    ]);
    await db.insert(skuPrices).values(
      ['NEXT', 'SUB', 'VPN', 'NEW1', 'NEW2'].map((code) => ({
        sku: sku(code),
        currencyCode: 'EUR',
        unitPriceMinor: 36_500,
        effectiveFrom: '2020-01-01',
      })),
    );
  })();
  return skusMade;
}

/** A contract of 2027 in EMEA (the seller's region), with its lines ending with it. */
async function contract2027(options: Partial<ContractOptions> = {}) {
  await makeSkus();
  return insertContract(bed.ctx.db, {
    region: 'EMEA',
    start: '2027-01-01',
    end: '2027-12-31',
    lines: [
      { sku: sku('SUB'), quantity: 10, unitNetMinor: 100_000 },
      { sku: sku('VPN'), quantity: 4, unitNetMinor: 50_000 },
    ],
    ...options,
  });
}

const entitlementsOf = async (contractId: string) =>
  bed.ctx.db
    .select()
    .from(entitlements)
    .where(eq(entitlements.contractId, contractId))
    .orderBy(asc(entitlements.sku));

/** A quote on the contract's opportunity, made a renewal, co-term or true-up quote. */
async function quoteOn(
  contract: { id: string; opportunityId: string | null },
  renewal: QuoteRenewal | null,
  header: Partial<typeof quotes.$inferInsert> = {},
) {
  const made = await post('/api/dx/create-quote', {
    opportunity_id: contract.opportunityId,
    values: headerValues(),
  });
  const { id } = dataOfSuccess<{ id: string }>(made);
  await bed.ctx.db
    .update(quotes)
    .set({ renewal, contractId: renewal?.contract_ids[0] ?? null, ...header })
    .where(eq(quotes.id, id));
  return id;
}

const renewalOf = (contractId: string): QuoteRenewal => ({
  kind: 'RENEWAL',
  contract_ids: [contractId],
  term_start: '2028-01-01',
  term_end: '2028-12-31',
  default_uplift_percent: '5',
  drops: [],
});

const configuration = async (id: string, who: 'seller' | 'desk' = 'seller') =>
  dataOfSuccess<RenewalConfiguration>(await post(CONFIGURATION, { id }, who));
const price = async (id: string, draft: object, who: 'seller' | 'desk' = 'seller') =>
  dataOfSuccess<RenewalPricing>(await post(PRICE, { id, draft }, who));

describe('renewal quotes', () => {
  it('answers what the product rules say of its lines, and holds Next on an error (issue 34)', async () => {
    const contract = await contract2027();
    const [sub, vpn] = await entitlementsOf(contract.id);
    const id = await quoteOn(contract, renewalOf(contract.id), { dealType: 'R', isRenewal: true });
    const message = `Over 10 seats of ${sku('SUB')} need the enterprise tier.`;
    const rule: ProductRule = {
      id: randomUUID(),
      name: `Seat ceiling ${prefix}`,
      kind: 'validation',
      severity: 'error',
      is_active: true,
      priority: 100,
      effective_from: null,
      effective_to: null,
      scope: 'quote',
      condition: { kind: 'predicate', fact: `quantity:sku:${sku('SUB')}`, op: 'gt', value: 10 },
      message,
      actions: [],
    };
    await bed.ctx.db
      .insert(productRules)
      .values({ id: rule.id, ...productRuleColumns(storedRuleOf(rule)) });
    try {
      const draft = {
        lines: [{ entitlement_id: sub?.id, quantity: 12 }],
        drops: [{ entitlement_id: vpn?.id, reason: 'Moved to another VPN' }],
      };
      const priced = await price(id, draft);
      expect(priced.rule_messages).toEqual([
        {
          rule_id: rule.id,
          rule_name: rule.name,
          severity: 'error',
          message,
          line_keys: ['line-0'],
        },
      ]);
      const refused = await post(SAVE, { id, version: 1, draft, advance: true });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(message);

      const saved = dataOfSuccess<RenewalConfiguration>(
        await post(SAVE, { id, version: 1, draft, advance: false }),
      );
      expect(saved.pricing.rule_messages).toEqual([
        expect.objectContaining({ message, line_keys: [saved.pricing.lines[0]?.line_id] }),
      ]);
      const within = { ...draft, lines: [{ entitlement_id: sub?.id, quantity: 10 }] };
      expect((await price(id, within)).rule_messages).toEqual([]);
    } finally {
      await bed.ctx.db.delete(productRules).where(eq(productRules.id, rule.id));
    }
  });

  it('renews at the default uplift, drops a line with its reason, and saves it all', async () => {
    const contract = await contract2027();
    const [sub, vpn] = await entitlementsOf(contract.id);
    const id = await quoteOn(contract, renewalOf(contract.id), { dealType: 'R', isRenewal: true });
    const draft = {
      lines: [{ entitlement_id: sub?.id, quantity: 12 }],
      drops: [{ entitlement_id: vpn?.id, reason: 'Moved to another VPN' }],
    };

    const priced = await price(id, draft);
    expect(priced.problems).toEqual([]);
    // 12 × 1,000.00 × 1.05 for the year; nothing else applies to a contract price.
    expect(priced.net_minor).toBe(12 * 105_000);
    expect(priced.lines).toMatchObject([
      {
        sku: sku('SUB'),
        sku_type: 'SAME',
        prior_quantity: 10,
        prior_unit_net_minor: 100_000,
        uplift_percent: '5',
        renewal_unit_minor: 105_000,
        current_unit_list_minor: 36_500,
        net_minor: 1_260_000,
      },
    ]);

    const saved = dataOfSuccess<RenewalConfiguration>(
      await post(SAVE, { id, version: 1, draft, advance: true }),
    );
    expect(saved.quote).toMatchObject({
      version: 2,
      status_id: 'SH_HW_CONFIG',
      contract_length: 12,
    });
    expect(saved.pricing.net_minor).toBe(1_260_000);
    expect(saved.drops).toEqual([
      { entitlement_id: vpn?.id, sku: sku('VPN'), quantity: 4, reason: 'Moved to another VPN' },
    ]);
    expect(saved.term_start).toBe('2028-01-01');
    expect(saved.term_end).toBe('2028-12-31');
    expect(saved.timeline.map((bar) => [bar.kind, bar.label, bar.start, bar.end])).toEqual([
      ['EXISTING', sku('SUB'), '2027-01-01', '2027-12-31'],
      ['EXISTING', sku('VPN'), '2027-01-01', '2027-12-31'],
      ['EXTENDED', sku('SUB'), '2028-01-01', '2028-12-31'],
    ]);

    const [stored] = await bed.ctx.db.select().from(quoteLines).where(eq(quoteLines.quoteId, id));
    expect(stored).toMatchObject({
      entitlementId: sub?.id,
      skuType: 'SAME',
      y1: 12,
      priorUnitNetMinor: 100_000,
      upliftPercent: '5.00',
    });
    const [quote] = await bed.ctx.db.select().from(quotes).where(eq(quotes.id, id));
    expect(quote?.totalAmountMinor).toBe(1_260_000);
    expect(quote?.contractId).toBe(contract.id);
    const [row] = await bed.ctx.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row?.renewalQuoteId).toBe(id);

    // Opened again, it reads the same from what was stored.
    const opened = await configuration(id);
    expect(opened.pricing.lines[0]).toMatchObject({
      line_id: stored?.id,
      renewal_unit_minor: 105_000,
    });
    expect(opened.pricing.lines[0]?.explanation[0]).toMatch(/^Contract price: prior /);

    // The standard configure page refuses it.
    const refused = await post('/api/dx/save-quote-configuration', {
      id,
      version: 2,
      lines: [],
      advance: false,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Configure this quote on its renewal page.');
    const notPriced = await post('/api/dx/pricing/execute', { id, lines: [] });
    expect(notPriced.statusCode).toBe(409);
    // Nor does the secure-access sizing rewrite its lines.
    const notSized = await post('/api/dx/save-secure-access', {
      id,
      version: 2,
      config: { pricing_model: 'Device Based', sku_type: 'RENEWAL' },
    });
    expect(notSized.statusCode).toBe(409);
    expect(notSized.json().message).toBe('Configure this quote on its renewal page.');
  });

  it('asks the deal desk for the SKU type, and migrates to the successor when there is one', async () => {
    const contract = await contract2027();
    const [sub, vpn] = await entitlementsOf(contract.id);
    const id = await quoteOn(contract, renewalOf(contract.id));
    expect((await configuration(id, 'desk')).sku_type_required).toBe(true);
    expect((await configuration(id)).sku_type_required).toBe(false);

    const lines = [
      { entitlement_id: sub?.id, quantity: 10 },
      { entitlement_id: vpn?.id, quantity: 4 },
    ];
    const asDesk = await price(id, { lines }, 'desk');
    expect(asDesk.problems).toEqual([
      { path: 'lines.0.sku_type', message: RENEWAL_MESSAGES.skuTypeRequired },
      { path: 'lines.1.sku_type', message: RENEWAL_MESSAGES.skuTypeRequired },
    ]);
    const refused = await post(SAVE, { id, version: 1, draft: { lines } }, 'desk');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toEqual({
      path: 'lines.0.sku_type',
      message: 'Please select SKU Type',
    });

    const successors = [
      { ...lines[0], sku_type: 'SUCCESSOR' },
      { ...lines[1], sku_type: 'SUCCESSOR' },
    ];
    expect((await price(id, { lines: successors }, 'desk')).problems).toEqual([
      { path: 'lines.1.sku_type', message: RENEWAL_MESSAGES.noSuccessor(sku('VPN')) },
    ]);
    const migrated = await price(
      id,
      { lines: [successors[0], { ...lines[1], sku_type: 'SAME' }] },
      'desk',
    );
    expect(migrated.problems).toEqual([]);
    expect(
      migrated.lines.map((l) => [l.sku, l.source_sku, l.sku_type, l.renewal_unit_minor]),
    ).toEqual([
      [sku('NEXT'), sku('SUB'), 'SUCCESSOR', 105_000],
      [sku('VPN'), sku('VPN'), 'SAME', 52_500],
    ]);
  });

  it('wants a reason for another uplift and for a drop, and the version seen', async () => {
    const contract = await contract2027();
    const [sub, vpn] = await entitlementsOf(contract.id);
    const id = await quoteOn(contract, renewalOf(contract.id));
    const raised = { entitlement_id: sub?.id, quantity: 10, uplift_percent: '8' };
    const drop = { entitlement_id: vpn?.id, reason: 'Not used' };

    expect((await price(id, { lines: [raised], drops: [drop] })).problems).toEqual([
      { path: 'lines.0.uplift_reason', message: RENEWAL_MESSAGES.upliftReasonRequired },
    ]);
    const withReason = await price(id, {
      lines: [{ ...raised, uplift_reason: 'List price rose 10 %' }],
      drops: [drop],
    });
    expect(withReason.problems).toEqual([]);
    expect(withReason.net_minor).toBe(10 * 108_000);

    const noReason = await post(PRICE, {
      id,
      draft: { lines: [raised], drops: [{ ...drop, reason: ' ' }] },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toContainEqual({
      path: 'draft.drops.0.reason',
      message: RENEWAL_MESSAGES.dropReasonRequired,
    });

    const neither = await price(id, { lines: [{ ...raised, uplift_percent: null }] });
    expect(neither.problems).toEqual([
      { path: 'lines', message: `Renew or drop every contract line: ${sku('VPN')} is neither.` },
    ]);

    const stale = await post(SAVE, { id, version: 7, draft: { lines: [], drops: [] } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(STALE_QUOTE_MESSAGE);
  });
});

describe('a renewal quote made on the renewals desk', () => {
  it('opens with its contract lines and saves once each SKU type is chosen', async () => {
    const contract = await contract2027();
    const made = await post(
      '/api/dx/renewals/create-quote',
      { contract_id: contract.id, kind: 'RENEWAL' },
      'desk',
    );
    const { id } = dataOfSuccess<{ id: string }>(made);
    const opened = await configuration(id, 'desk');
    expect(opened).toMatchObject({
      kind: 'RENEWAL',
      sku_type_required: true,
      term_start: '2028-01-01',
    });
    expect(opened.pricing.lines.map((l) => [l.sku, l.sku_type, l.prior_quantity])).toEqual([
      [sku('SUB'), null, 10],
      [sku('VPN'), null, 4],
    ]);
    const lines = opened.pricing.lines.map((l) => ({
      entitlement_id: l.entitlement_id,
      quantity: l.quantity,
      sku_type: 'SAME',
    }));
    const saved = dataOfSuccess<RenewalConfiguration>(
      await post(SAVE, { id, version: opened.quote.version, draft: { lines } }, 'desk'),
    );
    expect(saved.pricing.lines.map((l) => [l.line_id, l.sku_type])).toEqual(
      opened.pricing.lines.map((l) => [l.line_id, 'SAME']),
    );
  });
});

describe('co-term quotes', () => {
  const coterm = (contractIds: string[], termStart = '2027-10-01'): QuoteRenewal => ({
    kind: 'COTERM',
    contract_ids: contractIds,
    term_start: termStart,
    term_end: '2027-12-31',
    default_uplift_percent: '0',
    drops: [],
  });

  it('adds two new products prorated to the contract end', async () => {
    const contract = await contract2027();
    const id = await quoteOn(contract, coterm([contract.id]), { isCoterm: true });
    const draft = {
      term_start: '2027-10-01',
      lines: [
        { sku: sku('NEW1'), quantity: 2 },
        { sku: sku('NEW2'), quantity: 1 },
      ],
    };
    const priced = await price(id, draft);
    expect(priced.problems).toEqual([]);
    expect(priced.lines.map((l) => [l.period_start, l.period_end])).toEqual([
      ['2027-10-01', '2027-12-31'],
      ['2027-10-01', '2027-12-31'],
    ]);
    // 2 × 365.00 a year for 92 of 365 days.
    expect(priced.lines[0]?.proration).toEqual([
      {
        start: '2027-10-01',
        end: '2027-12-31',
        full_term_minor: 73_000,
        days_used: 92,
        days_in_term: 365,
        factor: '0.252055',
        amount_minor: 18_400,
      },
    ]);
    expect(priced.lines[0]?.explanation).toContain(
      '€730.00 × 92 / 365 days (0.252055), 01-Oct-2027 to 31-Dec-2027 = €184.00',
    );
    expect(priced.list_minor).toBe(18_400 + 9_200);

    const saved = dataOfSuccess<RenewalConfiguration>(await post(SAVE, { id, version: 1, draft }));
    expect(saved.quote.contract_length).toBe(3);
    expect(saved.term_start).toBe('2027-10-01');
    expect(saved.pricing.list_minor).toBe(27_600);
    expect(saved.timeline.filter((b) => b.kind === 'NEW')).toHaveLength(2);
    const stored = await bed.ctx.db.select().from(quoteLines).where(eq(quoteLines.quoteId, id));
    expect(stored.map((l) => [l.periodStart, l.periodEnd, l.priorUnitNetMinor])).toEqual([
      ['2027-10-01', '2027-12-31', null],
      ['2027-10-01', '2027-12-31', null],
    ]);
  });

  it('merges a second contract: its lines run on to the end at their contract price', async () => {
    const target = await contract2027();
    const other = await contract2027({
      start: '2027-01-01',
      end: '2027-06-30',
      lines: [{ sku: sku('VPN'), quantity: 3, unitNetMinor: 36_500 }],
    });
    await bed.ctx.db
      .update(contracts)
      .set({ accountId: target.accountId })
      .where(eq(contracts.id, other.id));
    const [vpn] = await entitlementsOf(other.id);
    const id = await quoteOn(target, coterm([target.id]), { isCoterm: true });
    const draft = {
      contract_ids: [target.id, other.id],
      term_start: '2027-10-01',
      lines: [{ entitlement_id: vpn?.id, quantity: 3 }],
    };
    const priced = await price(id, draft);
    expect(priced.problems).toEqual([]);
    // 3 × 365.00 for 01-Jul to 31-Dec: 184 of 365 days, at the contract price, no uplift.
    expect(priced.lines[0]).toMatchObject({
      contract_id: other.id,
      period_start: '2027-07-01',
      period_end: '2027-12-31',
      uplift_percent: '0',
      renewal_unit_minor: 36_500,
      net_minor: 55_200,
    });
    const saved = dataOfSuccess<RenewalConfiguration>(await post(SAVE, { id, version: 1, draft }));
    expect(saved.contracts.map((c) => c.id)).toEqual([target.id, other.id]);
    expect(saved.timeline.find((b) => b.kind === 'EXTENDED')).toMatchObject({
      contract_number: other.contractNumber,
      start: '2027-07-01',
      end: '2027-12-31',
    });
    const [quote] = await bed.ctx.db.select().from(quotes).where(eq(quotes.id, id));
    expect(quote?.renewal?.contract_ids).toEqual([target.id, other.id]);
  });

  it('refuses a start after the contract end, and contracts of other accounts or regions', async () => {
    const contract = await contract2027();
    const id = await quoteOn(contract, coterm([contract.id]), { isCoterm: true });
    const lines = [{ sku: sku('NEW1'), quantity: 1 }];
    expect((await price(id, { term_start: '2028-01-05', lines })).problems).toEqual([
      {
        path: 'term_start',
        message: `The co-term start must fall within ${contract.contractNumber}, which runs 01-Jan-2027 to 31-Dec-2027.`,
      },
    ]);

    const foreign = await contract2027();
    const hidden = await contract2027({ region: 'NA' });
    const mixed = await price(id, {
      contract_ids: [contract.id, foreign.id, hidden.id],
      lines,
    });
    expect(mixed.problems).toEqual([
      {
        path: 'contract_ids.1',
        message: `${foreign.contractNumber} belongs to another account.`,
      },
      {
        path: 'contract_ids.2',
        message: 'There is no such contract, or it is not yours to see.',
      },
    ]);
    const save = await post(SAVE, {
      id,
      version: 1,
      draft: { contract_ids: [contract.id, hidden.id], term_start: '2027-10-01', lines },
    });
    expect(save.statusCode).toBe(404);
  });
});

describe('true-up quotes', () => {
  async function usageContract() {
    const contract = await contract2027({
      lines: [{ sku: sku('SUB'), quantity: 1000, unitNetMinor: 36_500 }],
    });
    const [sub] = await entitlementsOf(contract.id);
    const id = await quoteOn(
      contract,
      {
        kind: 'TRUE_UP',
        contract_ids: [contract.id],
        term_start: '2027-10-01',
        term_end: '2027-12-31',
        default_uplift_percent: '0',
        drops: [],
      },
      { dealType: 'TU', isRenewal: true },
    );
    return { contract, id, entitlementId: sub?.id };
  }

  it('quotes the usage above the entitlement from the measurement date', async () => {
    const { id, entitlementId } = await usageContract();
    const draft = {
      measured_on: '2027-10-01',
      lines: [{ entitlement_id: entitlementId, measured_quantity: 1120 }],
    };
    const priced = await price(id, draft);
    expect(priced.problems).toEqual([]);
    // 120 × 365.00 for 92 of 365 days.
    expect(priced.lines).toMatchObject([
      {
        quantity: 120,
        measured_quantity: 1120,
        entitled_quantity: 1000,
        period_start: '2027-10-01',
        period_end: '2027-12-31',
        net_minor: 1_104_000,
      },
    ]);
    const saved = dataOfSuccess<RenewalConfiguration>(
      await post(SAVE, { id, version: 1, draft, advance: true }),
    );
    expect(saved.measured_on).toBe('2027-10-01');
    expect(saved.pricing.net_minor).toBe(1_104_000);
    const [line] = await bed.ctx.db.select().from(quoteLines).where(eq(quoteLines.quoteId, id));
    expect(line).toMatchObject({ y1: 120, measuredQuantity: 1120, entitledQuantity: 1000 });
  });

  it('refuses negative usage, and moving on with nothing to true up', async () => {
    const { id, entitlementId } = await usageContract();
    const negative = await post(PRICE, {
      id,
      draft: { lines: [{ entitlement_id: entitlementId, measured_quantity: -5 }] },
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors[0].message).toBe(RENEWAL_MESSAGES.negativeUsage);

    const draft = {
      measured_on: '2027-10-01',
      lines: [{ entitlement_id: entitlementId, measured_quantity: 900 }],
    };
    const nothing = 'No usage above the entitlement: nothing to true up.';
    expect((await price(id, draft)).problems).toEqual([{ path: 'lines', message: nothing }]);
    const advanced = await post(SAVE, { id, version: 1, draft, advance: true });
    expect(advanced.statusCode).toBe(400);
    expect(advanced.json().errors).toEqual([{ path: 'lines', message: nothing }]);
    // Kept as a draft, it has no lines yet.
    const kept = dataOfSuccess<RenewalConfiguration>(await post(SAVE, { id, version: 1, draft }));
    expect(kept.pricing.lines).toEqual([]);
    expect(kept.measured_on).toBe('2027-10-01');
  });
});

describe('around the configurators', () => {
  it('refuses quotes of other kinds', async () => {
    const contract = await contract2027();
    const id = await quoteOn(contract, null);
    const refused = await post(CONFIGURATION, { id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This is not a renewal, co-term or true-up quote.');
  });

  it('offers the account contracts to a renewal quote made by the create-quote form', async () => {
    const contract = await contract2027();
    const id = await quoteOn(contract, null, { dealType: 'R', isRenewal: true });
    const opened = await configuration(id);
    expect(opened.kind).toBe('RENEWAL');
    expect(opened.contracts).toEqual([]);
    expect(opened.available_contracts.map((c) => c.id)).toEqual([contract.id]);
    expect(opened.default_uplift_percent).toMatch(/^-?\d/);
  });

  it('copies a renewal quote with its contract columns', async () => {
    const contract = await contract2027();
    const [sub, vpn] = await entitlementsOf(contract.id);
    const id = await quoteOn(contract, renewalOf(contract.id), { dealType: 'R', isRenewal: true });
    const draft = {
      lines: [{ entitlement_id: sub?.id, quantity: 10 }],
      drops: [{ entitlement_id: vpn?.id, reason: 'Not renewed' }],
    };
    dataOfSuccess(await post(SAVE, { id, version: 1, draft }));
    const copy = dataOfSuccess<{ id: string }>(
      await post('/api/dx/quote-lifecycle', { action: 'copy', quote_id: id }),
    );
    const [copied] = await bed.ctx.db.select().from(quotes).where(eq(quotes.id, copy.id));
    expect(copied?.contractId).toBe(contract.id);
    expect(copied?.renewal?.drops).toHaveLength(1);
    const [line] = await bed.ctx.db
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, copy.id));
    expect(line).toMatchObject({ entitlementId: sub?.id, priorUnitNetMinor: 100_000 });
    expect((await configuration(copy.id)).pricing.net_minor).toBe(1_050_000);
  });

  it('answers 403 while renewals are switched off', async () => {
    const contract = await contract2027();
    const id = await quoteOn(contract, renewalOf(contract.id));
    await withAppSetting(bed.ctx.db, 'cpq_renewals_trueups', 'disabled', async () => {
      expect((await post(CONFIGURATION, { id })).statusCode).toBe(403);
      expect((await post(PRICE, { id, draft: { lines: [] } })).statusCode).toBe(403);
    });
    expect((await post(CONFIGURATION, { id })).statusCode).toBe(200);
  });
});
