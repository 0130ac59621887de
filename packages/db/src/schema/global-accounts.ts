import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, textRef, updatedAt, uuidId, uuidRef } from './columns.ts';
import { crmAccounts } from './crm.ts';
import { belongsToUser, userRef } from './users.ts';

/**
 * Global account groups (issue 19): CRM accounts of one customer across regions, looked after by
 * a GAM owner and a team; GAM and GAM_GM users see and quote for every account of their groups.
 */
export const globalAccounts = pgTable('global_accounts', {
  id: uuidId(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  ownerUserId: userRef('owner_user_id'),
  createdBy: userRef('created_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The CRM accounts a group links; an account belongs to at most one group. */
export const globalAccountAccounts = pgTable(
  'global_account_accounts',
  {
    accountId: textRef('account_id', () => crmAccounts.id, 'cascade').primaryKey(),
    globalAccountId: uuidRef('global_account_id', () => globalAccounts.id, 'cascade'),
    addedAt: createdAt(),
  },
  (t) => [index('global_account_accounts_group_idx').on(t.globalAccountId)],
);

/** Users working a group besides its owner (GAM or GAM_GM). */
export const globalAccountTeam = pgTable(
  'global_account_team',
  {
    globalAccountId: uuidRef('global_account_id', () => globalAccounts.id, 'cascade'),
    userId: belongsToUser('user_id'),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.globalAccountId, t.userId] }),
    index('global_account_team_user_idx').on(t.userId),
  ],
);
