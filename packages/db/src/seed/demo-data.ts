import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { delegations, userRoles, users } from '../schema/users.ts';
import { seedApprovalDemoData } from './approval-demo-data.ts';
import { seedBroadcastsDemoData } from './broadcasts-demo-data.ts';
import { seedCatalogDemoData } from './catalog-demo-data.ts';
import { seedCrmDemoData } from './crm-demo-data.ts';
import { seedExchangeRateDemoData } from './exchange-rate-demo-data.ts';
import { seedPricingDemoData } from './pricing-demo-data.ts';
import { seedGlobalAccountsDemoData } from './global-accounts-demo-data.ts';
import { seedPriceBooksDemoData } from './price-books-demo-data.ts';
import { seedRenewalsDemoData } from './renewals-demo-data.ts';

export const DEMO_PASSWORD = 'Bastion-demo-1';

interface DemoRole {
  role: string;
  assignment?: 'REGION' | 'ACCOUNT';
  assignmentValue?: string[];
}

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  isApprover?: boolean;
  roles: DemoRole[];
}

/** A demo account with its own roles; an approver's account is also flagged is_approver. */
const user = (
  email: string,
  firstName: string,
  lastName: string,
  ...roles: DemoRole[]
): DemoUser => ({
  email,
  firstName,
  lastName,
  roles,
});
const approver = (...args: Parameters<typeof user>): DemoUser => ({
  ...user(...args),
  isApprover: true,
});

export const DEMO_USERS: readonly DemoUser[] = [
  user('root@bastion.test', 'Rita', 'Root', { role: 'ROOT_ADMIN' }),
  user('sales@bastion.test', 'Sam', 'Seller', {
    role: 'SALES_USER',
    assignment: 'REGION',
    assignmentValue: ['NA'],
  }),
  // Issue 33: sellers in the other two big regions, each owning deals and quotes there.
  user('emea@bastion.test', 'Emma', 'Evans', {
    role: 'SALES_USER',
    assignment: 'REGION',
    assignmentValue: ['EMEA'],
  }),
  user('apj@bastion.test', 'Arjun', 'Pillai', {
    role: 'SALES_USER',
    assignment: 'REGION',
    assignmentValue: ['APJ'],
  }),
  approver('dealdesk@bastion.test', 'Dana', 'Desk', { role: 'DEAL_DESK' }),
  approver('approver@bastion.test', 'Avery', 'Approver', { role: 'FINANCE_APPROVER' }),
  user('catalog@bastion.test', 'Casey', 'Catalog', { role: 'CATALOG_ADMIN' }),
  user('catuser@bastion.test', 'Cody', 'Catalog', { role: 'CATALOG_USER' }),
  user('useradmin@bastion.test', 'Uma', 'Admin', { role: 'USER_ADMIN' }),
  user(
    'renewals@bastion.test',
    'Rene',
    'Renewals',
    { role: 'CSM_RENEWALS' },
    { role: 'RENEWAL_USER' },
  ),
  user('cam@bastion.test', 'Cam', 'Channel', { role: 'CAM' }),
  // Issue 19: global account managers, an IT admin (app settings, broadcasts) and a deal-desk admin.
  user('gam@bastion.test', 'Gina', 'Global', { role: 'GAM' }),
  user('gamgm@bastion.test', 'Glen', 'Global', { role: 'GAM_GM' }),
  // Supports the North American sales team: sees its quotes (issue 33: no empty first page).
  user('itadmin@bastion.test', 'Ivan', 'Tech', {
    role: 'IT_ADMIN',
    assignment: 'REGION',
    assignmentValue: ['NA'],
  }),
  user('deskadmin@bastion.test', 'Dora', 'Desk', { role: 'DEAL_DESK_ADMIN' }),
];

/**
 * Demo accounts for the embedded database. Idempotent: an account that exists is left as it is,
 * so a restart never undoes what someone changed while trying the product.
 */
export async function seedDemoData(db: Database, passwordHash: string): Promise<void> {
  // Instances starting together on one PostgreSQL seed one after the other, in one transaction
  // each: the second waits for the lock, then finds every row the first wrote and leaves it.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    await seedEveryDemoTable(tx, passwordHash);
  });
}

/** An arbitrary number naming the demo seed's lock (pg_advisory_xact_lock takes a bigint). */
const DEMO_SEED_LOCK = 7_350_035;

async function seedEveryDemoTable(db: Database, passwordHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    for (const demo of DEMO_USERS) {
      const inserted = await tx
        .insert(users)
        .values({
          email: demo.email,
          firstName: demo.firstName,
          lastName: demo.lastName,
          passwordHash,
          isApprover: demo.isApprover ?? false,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      const created = inserted[0];
      if (!created) continue;
      await tx.insert(userRoles).values(
        demo.roles.map((r) => ({
          userId: created.id,
          role: r.role,
          assignment: r.assignment ?? null,
          assignmentValue: r.assignmentValue ?? [],
        })),
      );
    }

    // The finance approver lends their role to the deal desk while away: shows delegation.
    const [approver] = await tx
      .select()
      .from(users)
      .where(eq(users.email, 'approver@bastion.test'));
    const [dealDesk] = await tx
      .select()
      .from(users)
      .where(eq(users.email, 'dealdesk@bastion.test'));
    if (!approver || !dealDesk) return;
    const existing = await tx
      .select({ id: delegations.id })
      .from(delegations)
      .where(eq(delegations.delegatorUserId, approver.id));
    if (existing.length > 0) return;
    const startsAt = new Date();
    const endsAt = new Date(startsAt.getTime() + 365 * 24 * 60 * 60 * 1000);
    const [delegation] = await tx
      .insert(delegations)
      .values({
        delegatorUserId: approver.id,
        delegateUserId: dealDesk.id,
        startsAt,
        endsAt,
        reason: 'Demo: cover approvals during leave',
      })
      .returning({ id: delegations.id });
    if (!delegation) return;
    await tx.insert(userRoles).values({
      userId: dealDesk.id,
      role: 'FINANCE_APPROVER',
      isDeligatedRole: true,
      delegationId: delegation.id,
    });
  });

  // The embedded CRM's opportunities belong with the demo accounts that work on them.
  await seedCrmDemoData(db);
  await seedCatalogDemoData(db);
  // The rates' history ends at the rates the catalogue put in use.
  await seedExchangeRateDemoData(db);
  // Price books name the catalogue's SKUs (issue 35).
  await seedPriceBooksDemoData(db);
  await seedPricingDemoData(db);
  await seedApprovalDemoData(db);
  // Contracts name the CRM's accounts and the catalogue's SKUs.
  await seedRenewalsDemoData(db);
  await seedGlobalAccountsDemoData(db);
  await seedBroadcastsDemoData(db);
}
