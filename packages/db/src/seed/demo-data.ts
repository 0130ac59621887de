import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { delegations, userRoles, users } from '../schema/users.ts';
import { seedApprovalDemoData } from './approval-demo-data.ts';
import { seedCatalogDemoData } from './catalog-demo-data.ts';
import { seedCrmDemoData } from './crm-demo-data.ts';

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

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'root@bastion.test',
    firstName: 'Rita',
    lastName: 'Root',
    roles: [{ role: 'ROOT_ADMIN' }],
  },
  {
    email: 'sales@bastion.test',
    firstName: 'Sam',
    lastName: 'Seller',
    roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['NA'] }],
  },
  {
    email: 'dealdesk@bastion.test',
    firstName: 'Dana',
    lastName: 'Desk',
    isApprover: true,
    roles: [{ role: 'DEAL_DESK' }],
  },
  {
    email: 'approver@bastion.test',
    firstName: 'Avery',
    lastName: 'Approver',
    isApprover: true,
    roles: [{ role: 'FINANCE_APPROVER' }],
  },
  {
    email: 'catalog@bastion.test',
    firstName: 'Casey',
    lastName: 'Catalog',
    roles: [{ role: 'CATALOG_ADMIN' }],
  },
  {
    email: 'catuser@bastion.test',
    firstName: 'Cody',
    lastName: 'Catalog',
    roles: [{ role: 'CATALOG_USER' }],
  },
  {
    email: 'useradmin@bastion.test',
    firstName: 'Uma',
    lastName: 'Admin',
    roles: [{ role: 'USER_ADMIN' }],
  },
  {
    email: 'renewals@bastion.test',
    firstName: 'Rene',
    lastName: 'Renewals',
    roles: [{ role: 'CSM_RENEWALS' }, { role: 'RENEWAL_USER' }],
  },
  { email: 'cam@bastion.test', firstName: 'Cam', lastName: 'Channel', roles: [{ role: 'CAM' }] },
];

/**
 * Demo accounts for the embedded database. Idempotent: an account that exists is left as it is,
 * so a restart never undoes what someone changed while trying the product.
 */
export async function seedDemoData(db: Database, passwordHash: string): Promise<void> {
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
  await seedApprovalDemoData(db);
}
