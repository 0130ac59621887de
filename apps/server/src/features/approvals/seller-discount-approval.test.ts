import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalGroupMembers, approvalGroups } from '@bastion/db/schema/approvals';
import { crmAccounts, crmOpportunities } from '@bastion/db/schema/crm';
import { DEMO_APPROVAL_RULES } from '@bastion/db/seed/approval-demo-data';
import { takeOverApprovalRouting } from '../../test/approval-routing.ts';
import {
  headerValues,
  insertOpportunity,
  insertTestSkus,
  unique,
} from '../../test/quote-fixtures.ts';
import { postCallsAs, useTestBed } from '../../test/test-bed.ts';
import { APPROVAL } from './approvals.test-harness.ts';
import type { ApprovalPreview } from '@bastion/domain/approvals/api';

/*
 * Issue 33: standard channel pricing is not a seller's discount. A tier-2 quote at the standard
 * partner discount (PREMIER subscriptions: 30 % + the distributor's 3 %, from the reference data)
 * with nothing typed goes to no finance approver under the demo rule, which names the seller
 * discount; one with more than 30 % typed does.
 */

const bed = useTestBed({ desk: 'DEAL_DESK' });
const { dataOf } = postCallsAs(bed, 'desk');
const tag = unique().slice(0, 6).toUpperCase();
const sku = `SD-SUB-${tag}`;
const FINANCE = `Finance ${tag}`;
const demoRule = DEMO_APPROVAL_RULES.find((rule) => rule.name === 'Seller discount above 30 %');
let restore: () => Promise<void> = () => Promise.resolve();

beforeAll(async () => {
  const { db } = bed.ctx;
  await insertTestSkus(db, [
    {
      sku,
      name: 'Seller discount test subscription',
      kind: 'SUBSCRIPTION',
      billing: 'ANNUAL',
      prices: { EUR: 10_000 },
    },
  ]);
  const [group] = await db
    .insert(approvalGroups)
    .values({ name: FINANCE, isGlobal: true })
    .returning({ id: approvalGroups.id });
  if (!group || !demoRule) throw new Error('no finance group or no demo rule');
  await db.insert(approvalGroupMembers).values({ groupId: group.id, role: 'FINANCE_APPROVER' });
  ({ restore } = await takeOverApprovalRouting(db, {
    // The demo's own condition, under a name of this file's (rule names are unique).
    rules: [
      { name: `${demoRule.name} ${tag}`, predicate: demoRule.predicate, groupIds: [group.id] },
    ],
    workflow: {
      name: `Seller discount ${tag}`,
      nodes: [
        { kind: 'START' },
        { kind: 'STEP', name: 'Finance', group_ids: [group.id], mode: 'PARALLEL' },
        { kind: 'END' },
      ],
    },
  }));
});
afterAll(() => restore());

/** A tier-2 (reseller and distributor) PREMIER quote with one subscription line, typed as told. */
async function tierTwoQuote(typed: string | null) {
  const { db } = bed.ctx;
  const opportunityId = await insertOpportunity(db, { region: 'EMEA', partner: true });
  const distributorId = `001D${unique()}`;
  await db
    .insert(crmAccounts)
    .values({ id: distributorId, name: `Distributor ${tag}`, kind: 'DISTRIBUTOR' });
  await db
    .update(crmOpportunities)
    .set({ distributorAccountId: distributorId })
    .where(eq(crmOpportunities.id, opportunityId));
  const made = await dataOf<{ id: string; sales_channel: string }>('/api/dx/create-quote', {
    opportunity_id: opportunityId,
    values: headerValues({ quote_name: `Seller discount ${unique()}` }),
  });
  await dataOf('/api/dx/save-quote-configuration', {
    id: made.id,
    version: 1,
    advance: false,
    lines: [
      {
        key: 'l1',
        sku,
        quantities: [1],
        ...(typed === null ? {} : { manual_discount_percent: typed }),
      },
    ],
  });
  return dataOf<ApprovalPreview>(APPROVAL, { action: 'preview', quote_id: made.id });
}

describe('the demo rule on the seller discount', () => {
  it('asks no finance approval of a tier-2 quote at standard partner pricing', async () => {
    const preview = await tierTwoQuote(null);
    expect(preview.facts).toMatchObject({
      sales_channel: 'T2',
      partner_type: 'PREMIER',
      // 30 % for a PREMIER reseller and 3 % for the distributor: beyond the old 30 % rule.
      max_line_discount_percent: 33,
      max_seller_discount_percent: 0,
    });
    expect(preview.matched_rules).toEqual([]);
    expect(preview.outcome).toBe('APPROVED');
  });

  it('asks finance when the seller typed more than 30 %, saying why in a sentence', async () => {
    const preview = await tierTwoQuote('31');
    expect(preview.facts).toMatchObject({
      max_seller_discount_percent: 31,
      // 1 − 0.67 × 0.69 = 53.77 %.
      max_line_discount_percent: 53.77,
    });
    expect(preview.outcome).toBe('PENDING_APPROVAL');
    expect(
      preview.matched_rules.map((rule) => [
        rule.rule_name,
        rule.reasons.map((reason) => reason.sentence),
      ]),
    ).toEqual([
      [`Seller discount above 30 % ${tag}`, ['Largest seller discount is 31 %, more than 30 %.']],
    ]);
    expect(preview.stages.flatMap((stage) => stage.steps.map((step) => step.group_name))).toEqual([
      FINANCE,
    ]);
  });
});
