import { sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { approvalGroupMembers, approvalGroups } from '@bastion/db/schema/approvals';
import { productFamilies, skuPrices, skus } from '@bastion/db/schema/catalog';
import { userRoles, users } from '@bastion/db/schema/users';
import { hashPassword } from '../../core/access/passwords.ts';
import { takeOverApprovalRouting } from '../../test/approval-routing.ts';
import { insertOpportunity } from '../../test/quote-fixtures.ts';

/*
 * The load bench's people and data, written straight into its own database after the first
 * instance has migrated it and seeded the demo catalogue: sellers and approvers of region EMEA
 * (no role that requires two-step sign-in), an opportunity per seller, a subscription SKU, one
 * approval rule (any line discount above 5 % needs one finance approver), and some thousands
 * of quotes so that the grids page through real rows.
 */

export const LOAD_PASSWORD = 'Load-bench-password-1';
export const LOAD_SKU = 'LOAD-SUB-1';
export const REGION = 'EMEA';

export interface LoadAccount {
  email: string;
  opportunityId: string | null;
}

export async function seedLoadData(
  db: Database,
  counts: { sellers: number; approvers: number; quotes: number },
): Promise<{ sellers: LoadAccount[]; approvers: LoadAccount[] }> {
  const passwordHash = await hashPassword(LOAD_PASSWORD);

  await db
    .insert(productFamilies)
    .values({ id: 'LOAD_FAMILY', name: 'Load bench family' })
    .onConflictDoNothing();
  await db
    .insert(skus)
    .values({
      sku: LOAD_SKU,
      name: 'Load bench subscription',
      kind: 'SUBSCRIPTION',
      billing: 'ANNUAL',
      familyId: 'LOAD_FAMILY',
    })
    .onConflictDoNothing();
  await db
    .insert(skuPrices)
    .values({
      sku: LOAD_SKU,
      currencyCode: 'EUR',
      unitPriceMinor: 120_000,
      effectiveFrom: '2020-01-01',
    })
    .onConflictDoNothing();

  const emailOf = (kind: string, n: number) => `${kind}-${String(n).padStart(4, '0')}@load.test`;
  const insertPeople = async (kind: 'seller' | 'approver', count: number, role: string) => {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          email: emailOf(kind, i + 1),
          firstName: kind === 'seller' ? 'Seller' : 'Approver',
          lastName: String(i + 1),
          passwordHash,
          isApprover: kind === 'approver',
        })),
      )
      .returning({ id: users.id, email: users.email });
    await db.insert(userRoles).values(
      rows.map((row) => ({
        userId: row.id,
        role,
        assignment: 'REGION' as const,
        assignmentValue: [REGION],
      })),
    );
    return rows;
  };
  const sellerRows = await insertPeople('seller', counts.sellers, 'SALES_USER');
  const approverRows = await insertPeople('approver', counts.approvers, 'FINANCE_APPROVER');

  const [group] = await db
    .insert(approvalGroups)
    .values({ name: 'Load bench finance', isGlobal: true })
    .returning({ id: approvalGroups.id });
  if (!group) throw new Error('approval group insert returned nothing');
  await db.insert(approvalGroupMembers).values({ groupId: group.id, role: 'FINANCE_APPROVER' });
  await takeOverApprovalRouting(db, {
    rules: [
      {
        name: 'Load bench: discount above 5 %',
        predicate: { kind: 'predicate', fact: 'max_line_discount_percent', op: 'gt', value: 5 },
        groupIds: [group.id],
      },
    ],
    workflow: {
      name: 'Load bench workflow',
      nodes: [
        { kind: 'START' },
        { kind: 'STEP', name: 'Finance', group_ids: [group.id], mode: 'PARALLEL' },
        { kind: 'END' },
      ],
    },
  });

  const sellers: LoadAccount[] = [];
  for (const row of sellerRows) {
    const opportunityId = await insertOpportunity(db, { region: REGION, ownerEmail: row.email });
    sellers.push({ email: row.email, opportunityId });
  }

  // The grid's rows: mostly the sellers' region, owned by them, over two years of updates.
  await db.execute(sql`
    with owners as (
      select id, row_number() over (order by email) as n from users where email like 'seller-%@load.test'
    )
    insert into quotes (quote_number, account_id, account_name, region, owner_user_id,
      quote_name, quote_type, deal_type, status_id, contract_length, sales_channel,
      currency_code, total_amount_minor, created_at, updated_at)
    select
      'Q-LOAD-' || lpad(g::text, 7, '0'),
      'ACCL' || (g % 2000),
      (array['Systems','Health','Bank','Retail','Energy'])[1 + (g / 11) % 5] || ' ' || (g % 2000),
      (array['EMEA','EMEA','EMEA','North America','APJ'])[1 + g % 5],
      (select id from owners where n = 1 + g % ${counts.sellers}),
      'Quote ' || g || ' ' || md5(g::text),
      (array['STANDARD','STANDARD','STANDARD','ELA','LEGACY'])[1 + (g / 5) % 5],
      (array['NB','U','R','TU','S','E','C'])[1 + (g / 3) % 7],
      (array['INCOMPLETE','SH_HW_CONFIG','TNC','PENDING_APPROVAL','BUDGETARY','REJECTED','APPROVED','ACCEPTED','COMPLETED'])[1 + (g / 7) % 9],
      12 * (1 + g % 5),
      (array['DIRECT','T1','T2'])[1 + g % 3],
      'EUR',
      (g::bigint * 7919) % 100000000,
      now() - (g % 730) * interval '1 day',
      now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second'
    from generate_series(1, ${counts.quotes}::int) g`);
  await db.execute(sql`analyze`);

  return {
    sellers,
    approvers: approverRows.map((row) => ({ email: row.email, opportunityId: null })),
  };
}
