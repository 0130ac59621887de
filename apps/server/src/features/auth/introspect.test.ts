import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appSettings } from '@bastion/db/schema/navigation';
import { DEMO_PASSWORD } from '@bastion/db/seed/demo-data';
import { REFERENCE_MENUS } from '@bastion/db/seed/reference-data';
import { delegations, userRoles, users } from '@bastion/db/schema/users';
import { createUser, signedIn } from '../../test/test-app.ts';
import { useTestApp } from '../../test/test-bed.ts';

const ctx = useTestApp();

async function introspectAs(email: string, password = DEMO_PASSWORD) {
  const cookie = await signedIn(ctx.app, { email, password });
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/security/introspect',
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    user: Record<string, unknown> & {
      roles: {
        value: string;
        assignment: string | null;
        assignment_value: string[];
        is_deligated_role: boolean;
      }[];
      delegated_roles: { value: string }[];
      permissions: Record<string, boolean>;
    };
    menus: {
      code: string;
      tier: number;
      parent_id: number | null;
      link: string | null;
      is_default: boolean;
    }[];
    app_settings: Record<string, string>;
  };
}

const codes = (menus: { code: string }[]) => menus.map((m) => m.code).sort();

describe('GET /api/security/introspect for the demo users', () => {
  it.each([
    ['sales@bastion.test', ['SALES_USER'], ['APPROVALS', 'CPQ', 'QUOTES']],
    [
      'approver@bastion.test',
      ['FINANCE_APPROVER'],
      ['APPROVALS', 'CPQ', 'EXCHANGE_RATES', 'MARGIN_DATA'],
    ],
    [
      'catuser@bastion.test',
      ['CATALOG_USER'],
      ['CATALOG', 'COMM_CAT', 'DISCOUNT_SCHEDULES', 'PRICE_BOOKS'],
    ],
    [
      'catalog@bastion.test',
      ['CATALOG_ADMIN'],
      [
        'CATALOG',
        'CATALOG_APPROVAL_SKUS',
        'CATALOG_EXCHANGE_RATES',
        'CATALOG_MARGIN_DATA',
        'CATALOG_MC_COST_LOOKUP',
        'CATALOG_MC_DURATION_DEPRECIATION',
        'CATALOG_MC_HW_SKU_COSTS',
        'CATALOG_MC_MARKUP',
        'CATALOG_MC_SUPPORT_CASES',
        'COMM_CAT',
        'DISCOUNT_SCHEDULES',
        'PRICE_BOOKS',
        'PRODUCT_HIERARCHY',
        'PRODUCT_RULES',
        'SKU_PRICING',
      ],
    ],
    ['useradmin@bastion.test', ['USER_ADMIN'], ['ADMINISTRATION', 'CPQ', 'USERS']],
    [
      'renewals@bastion.test',
      ['CSM_RENEWALS', 'RENEWAL_USER'],
      ['APPROVALS', 'CPQ', 'QUOTES', 'RENEWALS'],
    ],
    ['cam@bastion.test', ['CAM'], ['APPROVALS', 'CPQ', 'QUOTES']],
  ])('%s has roles %j and sees menus %j', async (email, roles, menus) => {
    const data = await introspectAs(email);
    expect(data.user.email).toBe(email);
    expect(data.user.id_provider).toBe('Local');
    expect(data.user.roles.map((r) => r.value)).toEqual(roles);
    expect(codes(data.menus)).toEqual(menus);
    for (const menu of data.menus) {
      expect(Object.keys(menu).sort()).toEqual(
        [
          'code',
          'context',
          'id',
          'is_default',
          'label',
          'link',
          'parent_id',
          'sort_order',
          'tier',
        ].sort(),
      );
    }
    expect(data.app_settings).toMatchObject({
      maintenance: 'disabled',
      cpq_renewals_trueups: 'enabled',
    });
  });

  it('gives the root admin every menu', async () => {
    const data = await introspectAs('root@bastion.test');
    expect(data.user.permissions.is_root_admin).toBe(true);
    // Every menu the installation ships with, none hidden.
    expect(codes(data.menus)).toEqual(REFERENCE_MENUS.map((menu) => menu.code).sort());
  });

  it('merges the role the approver delegated into the deal desk user', async () => {
    const deskData = await introspectAs('dealdesk@bastion.test');
    expect(deskData.user).toMatchObject({
      is_approver: true,
      is_delegated_to_me: true,
      has_delegation: false,
    });
    expect(deskData.user.roles).toEqual([
      { value: 'DEAL_DESK', assignment: null, assignment_value: [], is_deligated_role: false },
      {
        value: 'FINANCE_APPROVER',
        assignment: null,
        assignment_value: [],
        is_deligated_role: true,
      },
    ]);
    expect(deskData.user.delegated_roles.map((r) => r.value)).toEqual(['FINANCE_APPROVER']);
    expect(deskData.user.permissions).toMatchObject({
      is_deal_desk_user: true,
      is_finance: true,
      can_create_quote: true,
    });
    expect(codes(deskData.menus)).toEqual(
      expect.arrayContaining(['QUOTES', 'APPROVALS', 'RENEWALS', 'REPORTS']),
    );

    const approverData = await introspectAs('approver@bastion.test');
    expect(approverData.user).toMatchObject({
      is_approver: true,
      is_delegated_to_me: false,
      has_delegation: true,
    });
  });

  it('merges assignment values when a delegated role matches an own one, only while the delegation runs', async () => {
    const me = await createUser(ctx.db, {
      roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['NA'] }],
    });
    const colleague = await createUser(ctx.db, {
      roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }],
    });
    const away = await createUser(ctx.db, { roles: [{ role: 'CAM' }] });
    const day = 24 * 3600_000;
    const [current] = await ctx.db
      .insert(delegations)
      .values({
        delegatorUserId: colleague.id,
        delegateUserId: me.id,
        startsAt: new Date(Date.now() - day),
        endsAt: new Date(Date.now() + day),
      })
      .returning();
    const [past] = await ctx.db
      .insert(delegations)
      .values({
        delegatorUserId: away.id,
        delegateUserId: me.id,
        startsAt: new Date(Date.now() - 3 * day),
        endsAt: new Date(Date.now() - 2 * day),
      })
      .returning();
    await ctx.db.insert(userRoles).values([
      {
        userId: me.id,
        role: 'SALES_USER',
        assignment: 'REGION',
        assignmentValue: ['EMEA'],
        isDeligatedRole: true,
        delegationId: current!.id,
      },
      { userId: me.id, role: 'CAM', isDeligatedRole: true, delegationId: past!.id },
    ]);

    const data = await introspectAs(me.email, me.password);
    expect(data.user.roles).toEqual([
      {
        value: 'SALES_USER',
        assignment: 'REGION',
        assignment_value: ['NA', 'EMEA'],
        is_deligated_role: false,
      },
    ]);
    expect(data.user.is_delegated_to_me).toBe(true);
  });

  it('ignores role values it does not know', async () => {
    const user = await createUser(ctx.db, {
      roles: [{ role: 'SALES_USER' }, { role: 'RETIRED_ROLE' }],
    });
    const data = await introspectAs(user.email, user.password);
    expect(data.user.roles.map((r) => r.value)).toEqual(['SALES_USER']);
  });

  it('hides the renewals menu when the app setting disables it', async () => {
    await ctx.db
      .update(appSettings)
      .set({ value: 'disabled' })
      .where(eq(appSettings.name, 'cpq_renewals_trueups'));
    try {
      const data = await introspectAs('renewals@bastion.test');
      expect(codes(data.menus)).not.toContain('RENEWALS');
    } finally {
      await ctx.db
        .update(appSettings)
        .set({ value: 'enabled' })
        .where(eq(appSettings.name, 'cpq_renewals_trueups'));
    }
  });
});

describe('GET /api/security/session-state', () => {
  const stateOf = async (cookie?: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/security/session-state',
      headers: cookie ? { cookie } : {},
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ code: number; data: { signed_in: boolean } }>().data.signed_in;
  };

  it('says whether the cookie is a live session, without failing when it is not', async () => {
    const account = await createUser(ctx.db, { roles: [{ role: 'SALES_USER' }] });
    const cookie = await signedIn(ctx.app, account);
    expect(await stateOf()).toBe(false);
    expect(await stateOf(cookie.replace(/=.*$/, '=not-a-session'))).toBe(false);
    expect(await stateOf(cookie)).toBe(true);

    // A disabled user's session is not one the sign-in pages should read.
    await ctx.db.update(users).set({ isDisabled: true }).where(eq(users.email, account.email));
    expect(await stateOf(cookie)).toBe(false);
  });
});
