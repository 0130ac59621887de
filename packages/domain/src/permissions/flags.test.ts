import { describe, expect, it } from 'vitest';
import { derivePermissions, type PermissionFlags } from './flags.ts';
import { ROLE_VALUES, type RoleEntry, type RoleValue } from './roles.ts';

type FlagName = keyof PermissionFlags;

const entry = (value: RoleValue, isDelegated = false): RoleEntry => ({
  value,
  assignment: null,
  assignment_value: [],
  is_deligated_role: isDelegated,
});

function flagsOf(
  roles: readonly RoleEntry[],
  subject: { email?: string; is_approver?: boolean } = {},
): PermissionFlags {
  return derivePermissions(
    {
      email: subject.email ?? 'someone@example.com',
      roles,
      is_approver: subject.is_approver ?? false,
    },
    { internal_test_domains: ['bastion.test'] },
  );
}

/** The roles that grant the flag when held alone. */
const rolesGranting = (flag: FlagName, isDelegated = false) =>
  ROLE_VALUES.filter((role) => flagsOf([entry(role, isDelegated)])[flag]);

const ALL_ROLES = [...ROLE_VALUES];
const allRolesBut = (...excluded: RoleValue[]) => ALL_ROLES.filter((r) => !excluded.includes(r));

const QUOTERS: RoleValue[] = [
  'SALES_USER',
  'GAM',
  'CSM_RENEWALS',
  'CAM',
  'RVP',
  'COTERM_USER',
  'RENEWAL_USER',
  'SES',
  'SALES_DIRECTOR',
  'CUST_SUCCESS_TEAM',
];

/** Those who work on everybody's quotes. */
const QUOTE_WORKERS: RoleValue[] = [
  'ROOT_ADMIN',
  'DEAL_DESK',
  'DEAL_DESK_ADMIN',
  'COMMS_OPS_DIRECTOR',
  'COMMS_OPS_MANAGER',
  'MARGIN_USER',
  'MARGIN_CONTRIBUTOE',
  'IT_ADMIN',
  'GAM_GM',
];

/** For every flag, exactly the roles that grant it when held alone as the user's own role. */
const GRANTED_BY_OWN_ROLE: Record<FlagName, RoleValue[]> = {
  is_root_admin: ['ROOT_ADMIN'],
  is_deal_desk_user: ['DEAL_DESK', 'DEAL_DESK_ADMIN'],
  is_deal_desk_admin: ['DEAL_DESK_ADMIN'],
  is_gm: ['GENERAL_MANAGER'],
  is_finance: ['CFO', 'FINANCE_MANAGER', 'FINANCE_APPROVER', 'VP_FINAMCE'],
  is_commopp: ['COMMS_OPS_DIRECTOR', 'COMMS_OPS_MANAGER'],
  is_legal: ['LEGAL_MANAGER', 'SR_CORP_COUNSEL'],
  is_approver: [],
  is_user_admin: ['USER_ADMIN'],
  is_it_admin: ['IT_ADMIN'],
  is_catalog_admin: ['CATALOG_ADMIN'],
  has_catalog_role: ['CATALOG_ADMIN', 'CATALOG_USER'],
  is_catalog_only: ['CATALOG_ADMIN', 'CATALOG_USER'],
  is_renewal_user: ['CSM_RENEWALS', 'RENEWAL_USER'],
  is_gam: ['GAM', 'GAM_GM'],
  is_gam_gm: ['GAM_GM'],
  is_pure_quoter: QUOTERS,
  can_see_quotes: [...QUOTERS, ...QUOTE_WORKERS],
  can_see_margin: ['DEAL_DESK', 'MARGIN_USER', 'MARGIN_CONTRIBUTOE'],
  can_edit_margin: ['DEAL_DESK', 'MARGIN_CONTRIBUTOE'],
  can_create_quote: ['DEAL_DESK', 'SALES_USER', 'GAM', 'CSM_RENEWALS', 'CAM', 'RVP'],
  can_create_coterm_quote: ['DEAL_DESK', 'COTERM_USER'],
  can_create_direct_quote: allRolesBut('CSM_RENEWALS', 'CAM'),
  can_copy: ['DEAL_DESK', 'SALES_USER', 'GAM', 'CSM_RENEWALS', 'CAM', 'RVP'],
  can_download_docx: [
    'ROOT_ADMIN',
    'DEAL_DESK',
    'DEAL_DESK_ADMIN',
    'GENERAL_MANAGER',
    'COMMS_OPS_DIRECTOR',
    'COMMS_OPS_MANAGER',
    'CATALOG_ADMIN',
    'IT_ADMIN',
    'SALES_DIRECTOR',
  ],
  can_lock_unlock_quote: [
    'ROOT_ADMIN',
    'DEAL_DESK',
    'DEAL_DESK_ADMIN',
    'COMMS_OPS_DIRECTOR',
    'COMMS_OPS_MANAGER',
    'CATALOG_ADMIN',
    'IT_ADMIN',
  ],
  // Decided by the e-mail address, not by roles.
  can_download_users: [],
  can_see_history: [],
  can_edit_unit_list_price: ALL_ROLES,
};

/** Flags a delegated role does not grant (spec §6 "own", decision 002). */
const OWN_ROLE_ONLY: FlagName[] = [
  'is_root_admin',
  'is_deal_desk_admin',
  'is_user_admin',
  'is_it_admin',
  'is_catalog_admin',
  'can_create_quote',
  'can_copy',
  'can_download_docx',
  'can_lock_unlock_quote',
];

const inRoleOrder = (roles: readonly RoleValue[]) => ALL_ROLES.filter((r) => roles.includes(r));

describe('each flag for each role held alone', () => {
  it.each(Object.entries(GRANTED_BY_OWN_ROLE) as [FlagName, RoleValue[]][])(
    '%s is granted by exactly %j',
    (flag, roles) => {
      expect(rolesGranting(flag)).toEqual(inRoleOrder(roles));
    },
  );

  it('names every flag derivePermissions returns', () => {
    expect(Object.keys(flagsOf([])).sort()).toEqual(Object.keys(GRANTED_BY_OWN_ROLE).sort());
  });
});

describe('each flag for each role held by delegation', () => {
  it.each(Object.keys(GRANTED_BY_OWN_ROLE) as FlagName[])('%s', (flag) => {
    const expected = OWN_ROLE_ONLY.includes(flag) ? [] : inRoleOrder(GRANTED_BY_OWN_ROLE[flag]);
    expect(rolesGranting(flag, true)).toEqual(expected);
  });
});

describe('flags for combinations of roles', () => {
  const own = (...roles: RoleValue[]) => roles.map((r) => entry(r));
  it.each<[string, RoleEntry[], Partial<PermissionFlags>]>([
    ['nobody: no roles', [], { can_see_quotes: false, is_pure_quoter: false, can_copy: false }],
    ['no roles may still quote direct', [], { can_create_direct_quote: true }],
    [
      'a CAM who also sells quotes direct',
      own('CAM', 'SALES_USER'),
      { can_create_direct_quote: true },
    ],
    [
      'renewals staff backed by the deal desk quote direct',
      own('CSM_RENEWALS', 'DEAL_DESK'),
      { can_create_direct_quote: true },
    ],
    [
      'a CAM with only catalog roles besides does not quote direct',
      own('CAM', 'CATALOG_USER'),
      { can_create_direct_quote: false },
    ],
    [
      'a seller who also administers the catalog is still a pure quoter',
      own('SALES_USER', 'CATALOG_ADMIN'),
      { is_pure_quoter: true, is_catalog_only: false, has_catalog_role: true },
    ],
    [
      'a seller on the deal desk is not a pure quoter',
      own('SALES_USER', 'DEAL_DESK'),
      { is_pure_quoter: false, can_see_quotes: true },
    ],
    [
      'a seller covering for an approver is not a pure quoter',
      [entry('SALES_USER'), entry('FINANCE_APPROVER', true)],
      { is_pure_quoter: false, is_finance: true, can_create_quote: true },
    ],
    [
      'an approver who administers users cannot see quotes',
      own('FINANCE_APPROVER', 'USER_ADMIN'),
      { can_see_quotes: false },
    ],
    [
      'an approver who also sells can see quotes',
      own('FINANCE_APPROVER', 'SALES_USER'),
      { can_see_quotes: true },
    ],
    [
      'both catalog roles are catalog only',
      own('CATALOG_USER', 'CATALOG_ADMIN'),
      { is_catalog_only: true },
    ],
    [
      'a catalog user who sells is not',
      own('CATALOG_USER', 'SALES_USER'),
      { is_catalog_only: false },
    ],
    [
      'a delegated deal desk role lets the delegate see quotes but not create them',
      [entry('DEAL_DESK', true)],
      { can_see_quotes: true, can_create_quote: false, is_deal_desk_user: true },
    ],
  ])('%s', (_label, roles, expected) => {
    expect(flagsOf(roles)).toMatchObject(expected);
  });
});

describe('flags that do not come from roles', () => {
  it.each([
    ['tester@bastion.test', true],
    ['Tester@BASTION.TEST', true],
    ['tester@sub.bastion.test', false],
    ['bastion.test@example.com', false],
    ['tester@example.com', false],
    ['not-an-email', false],
  ])('internal test features for %s: %s', (email, expected) => {
    const flags = flagsOf([entry('SALES_USER')], { email });
    expect(flags.can_download_users).toBe(expected);
    expect(flags.can_see_history).toBe(expected);
  });

  it.each([true, false])('is_approver passes through the account flag (%s)', (isApprover) => {
    expect(flagsOf([entry('SALES_USER')], { is_approver: isApprover }).is_approver).toBe(
      isApprover,
    );
  });

  it('takes the internal test domains from configuration', () => {
    const flags = derivePermissions(
      { email: 'qa@acme-test.example', roles: [], is_approver: false },
      { internal_test_domains: ['acme-test.example'] },
    );
    expect(flags.can_see_history).toBe(true);
  });
});
