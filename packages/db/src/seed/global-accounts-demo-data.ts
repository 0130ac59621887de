import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { claimSeed } from './seed-claims.ts';
import { crmAccounts } from '../schema/crm.ts';
import {
  globalAccountAccounts,
  globalAccounts,
  globalAccountTeam,
} from '../schema/global-accounts.ts';
import { users } from '../schema/users.ts';
import { crmDemoData } from './crm-demo-data.ts';

/*
 * The demo's global accounts (issue 19): CRM demo customers of one kind of business grouped
 * across regions, led by Gina Global (gam@bastion.test), who has no region of her own and so sees
 * these accounts, their contracts and quotes only through the groups.
 *
 *   Contoso Financial Group    Contoso Bank (North America, contract C-2025-000102),
 *                              Banque du Lac (EMEA), Harbour Bank (APJ, C-2025-000106)
 *   Rheinland Insurance Group  Rheinland Versicherung AG (EMEA, C-2025-000104),
 *                              Adatum Insurance (North America, C-2025-000109);
 *                              Glen Global (gamgm@bastion.test) on the team
 *
 * Seeded once: when any global account exists nothing is added, so what someone changed on the
 * page stays as it was left.
 */

interface DemoGlobalAccount {
  name: string;
  description: string;
  ownerEmail: string;
  teamEmails: readonly string[];
  accountNames: readonly string[];
}

export const DEMO_GLOBAL_ACCOUNTS: readonly DemoGlobalAccount[] = [
  {
    name: 'Contoso Financial Group',
    description: 'Retail and private banking in North America, France and Australia.',
    ownerEmail: 'gam@bastion.test',
    teamEmails: [],
    accountNames: ['Contoso Bank', 'Banque du Lac', 'Harbour Bank'],
  },
  {
    name: 'Rheinland Insurance Group',
    description: 'Insurance: the German parent and its US subsidiary.',
    ownerEmail: 'gam@bastion.test',
    teamEmails: ['gamgm@bastion.test'],
    accountNames: ['Rheinland Versicherung AG', 'Adatum Insurance'],
  },
];

/** Seeds the demo groups (after the users and the CRM demo accounts they name). */
export async function seedGlobalAccountsDemoData(db: Database): Promise<void> {
  const customers = crmDemoData().accounts.filter((a) => a.kind === 'CUSTOMER');
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: globalAccounts.id }).from(globalAccounts).limit(1);
    if (existing) return;
    // Two instances starting together: the second waits on the claim, then leaves the groups be.
    if (!(await claimSeed(tx, 'global-accounts-demo'))) return;
    const userIdOf = async (email: string) => {
      const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      return row?.id ?? null;
    };
    for (const demo of DEMO_GLOBAL_ACCOUNTS) {
      const [group] = await tx
        .insert(globalAccounts)
        .values({
          name: demo.name,
          description: demo.description,
          ownerUserId: await userIdOf(demo.ownerEmail),
        })
        .returning({ id: globalAccounts.id });
      if (!group) continue;
      for (const email of demo.teamEmails) {
        const userId = await userIdOf(email);
        if (userId)
          await tx.insert(globalAccountTeam).values({ globalAccountId: group.id, userId });
      }
      for (const name of demo.accountNames) {
        const id = customers.find((c) => c.name === name)?.id;
        if (!id) continue;
        // Only accounts the CRM copy holds (a Salesforce-backed install may not have them).
        const [account] = await tx
          .select({ id: crmAccounts.id })
          .from(crmAccounts)
          .where(eq(crmAccounts.id, id));
        if (!account) continue;
        await tx
          .insert(globalAccountAccounts)
          .values({ accountId: id, globalAccountId: group.id })
          .onConflictDoNothing();
      }
    }
  });
}
