import type { Database } from '@bastion/db/client';
import { approvalGroupMembers, approvalGroups } from '@bastion/db/schema/approvals';
import { currencyRates, productFamilies, skuPrices, skus } from '@bastion/db/schema/catalog';
import { takeOverApprovalRouting } from '../test/approval-routing.ts';
import { createUser, type TestUser } from '../test/test-app.ts';
import { insertOpportunity, unique } from '../test/quote-fixtures.ts';

/**
 * What the reliability tests write into a database of their own or the shared test database:
 * a small catalogue (annual subscriptions, nothing to ship, EUR prices), a seller of the
 * opportunity's region and a deal-desk user, and one opportunity. Everything is named with a
 * tag, so several beds share a database without meeting.
 */
export interface QuoteBed {
  tag: string;
  region: string;
  /** Four subscription SKUs with different prices. */
  skus: readonly string[];
  owner: TestUser;
  desk: TestUser;
  opportunityId: string;
}

export async function quoteBed(
  db: Database,
  options: { emailDomain?: string } = {},
): Promise<QuoteBed> {
  const tag = unique().slice(0, 8).toUpperCase();
  const region = 'EMEA';
  // Quotes are priced in EUR with a USD figure beside (the demo data has this rate already).
  await db
    .insert(currencyRates)
    .values({ currencyCode: 'EUR', unitsPerUsd: '0.92' })
    .onConflictDoNothing();
  await db
    .insert(productFamilies)
    .values({ id: 'RELIABILITY', name: 'Reliability tests' })
    .onConflictDoNothing();
  const codes = [1, 2, 3, 4].map((n) => `REL-SUB${n}-${tag}`);
  await db.insert(skus).values(
    codes.map((sku, i) => ({
      sku,
      name: `Reliability subscription ${i + 1}`,
      kind: 'SUBSCRIPTION' as const,
      billing: 'ANNUAL' as const,
      familyId: 'RELIABILITY',
    })),
  );
  await db.insert(skuPrices).values(
    codes.map((sku, i) => ({
      sku,
      currencyCode: 'EUR',
      unitPriceMinor: 10_000 * (i + 1) + 37,
      effectiveFrom: '2020-01-01',
    })),
  );
  const regional = (role: string) => ({
    role,
    assignment: 'REGION' as const,
    assignmentValue: [region],
  });
  const owner = await createUser(db, {
    roles: [regional('SALES_USER')],
    // bastion.test is an internal test domain: its users may read a quote's history.
    ...(options.emailDomain ? { emailDomain: options.emailDomain } : {}),
  });
  const desk = await createUser(db, { roles: [{ role: 'DEAL_DESK' }] });
  const opportunityId = await insertOpportunity(db, { region, ownerEmail: owner.email });
  return { tag, region, skus: codes, owner, desk, opportunityId };
}

export interface SingleStepApproval {
  approvers: TestUser[];
  groupId: string;
  groupName: string;
  /** Puts back the rules and default workflow that were in force. */
  restore: () => Promise<void>;
}

/**
 * While it is in force, a quote whose largest line discount is above 5 % needs one approval, by
 * one step of one group whose members are `approverCount` users: the step every decision race
 * is about. The other rules are switched off and the default workflow replaced until `restore`.
 */
export async function singleStepApproval(
  db: Database,
  tag: string,
  approverCount: number,
): Promise<SingleStepApproval> {
  const approvers: TestUser[] = [];
  for (let i = 0; i < approverCount; i++) {
    approvers.push(
      await createUser(db, { roles: [{ role: 'GENERAL_MANAGER' }], isApprover: true }),
    );
  }
  const groupName = `Reliability ${tag}`;
  const [group] = await db
    .insert(approvalGroups)
    .values({ name: groupName })
    .returning({ id: approvalGroups.id });
  if (!group) throw new Error('group insert returned nothing');
  await db
    .insert(approvalGroupMembers)
    .values(approvers.map((user) => ({ groupId: group.id, userId: user.id })));

  const { restore } = await takeOverApprovalRouting(db, {
    rules: [
      {
        name: `Reliability discount ${tag}`,
        predicate: { kind: 'predicate', fact: 'max_line_discount_percent', op: 'gt', value: 5 },
        groupIds: [group.id],
      },
    ],
    workflow: {
      name: `Reliability ${tag}`,
      nodes: [
        { kind: 'START' },
        { kind: 'STEP', name: 'Review', group_ids: [group.id], mode: 'PARALLEL' },
        { kind: 'END' },
      ],
    },
  });
  return { approvers, groupId: group.id, groupName, restore };
}
