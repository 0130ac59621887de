import { describe, expect, it } from 'vitest';
import type { RoleEntry, RoleValue } from '../permissions/roles.ts';
import { itReturns } from '../testing/cases.ts';
import {
  canAdministerUsers,
  canGrantRole,
  canImpersonate,
  isMfaRequiredFor,
  parseMfaRequiredRoles,
  rolesBeyondGrant,
} from './policy.ts';

const own = (...values: RoleValue[]): RoleEntry[] =>
  values.map((value) => ({
    value,
    assignment: null,
    assignment_value: [],
    is_deligated_role: false,
  }));
const lent = (...values: RoleValue[]): RoleEntry[] =>
  values.map((value) => ({
    value,
    assignment: null,
    assignment_value: [],
    is_deligated_role: true,
  }));

describe('canAdministerUsers', () => {
  itReturns('%j → %s', canAdministerUsers, [
    [own('ROOT_ADMIN'), true],
    [own('USER_ADMIN'), true],
    [own('IT_ADMIN', 'DEAL_DESK'), false],
    [lent('USER_ADMIN'), false],
    [[], false],
  ]);
});

describe('canGrantRole', () => {
  itReturns('%j', ([actor, role]: [RoleEntry[], RoleValue]) => canGrantRole(actor, role), [
    [[own('ROOT_ADMIN'), 'CFO'], true],
    [[own('USER_ADMIN', 'SALES_USER'), 'SALES_USER'], true],
    [[own('USER_ADMIN'), 'ROOT_ADMIN'], false],
    [[own('USER_ADMIN'), 'CFO'], false],
    [[[...own('USER_ADMIN'), ...lent('CFO')], 'CFO'], false],
  ]);

  it('lists the roles beyond the grant once each, in the order given', () => {
    expect(rolesBeyondGrant(own('USER_ADMIN'), ['CFO', 'USER_ADMIN', 'CFO', 'GAM'])).toEqual([
      'CFO',
      'GAM',
    ]);
  });
});

describe('canImpersonate', () => {
  itReturns('%j', ([actor, target]: [RoleEntry[], RoleEntry[]]) => canImpersonate(actor, target), [
    [[own('ROOT_ADMIN'), own('SALES_USER')], true],
    [[own('ROOT_ADMIN'), own('USER_ADMIN', 'IT_ADMIN')], true],
    [[own('ROOT_ADMIN'), own('ROOT_ADMIN')], false],
    [[own('USER_ADMIN'), own('SALES_USER', 'CFO')], true],
    [[own('USER_ADMIN'), own('CATALOG_ADMIN')], false],
    [[own('USER_ADMIN'), own('DEAL_DESK_ADMIN')], false],
    [[own('USER_ADMIN'), own('USER_ADMIN')], false],
    [[own('USER_ADMIN'), lent('IT_ADMIN')], true],
    [[own('IT_ADMIN'), own('SALES_USER')], false],
    [[lent('ROOT_ADMIN'), own('SALES_USER')], false],
    [[own('SALES_USER'), own('SALES_USER')], false],
  ]);
});

describe('the sign-in policy', () => {
  it('reads the setting, keeping only role values', () => {
    expect(parseMfaRequiredRoles(' ROOT_ADMIN, USER_ADMIN ,nonsense,,')).toEqual([
      'ROOT_ADMIN',
      'USER_ADMIN',
    ]);
    expect(parseMfaRequiredRoles('')).toEqual([]);
    expect(parseMfaRequiredRoles(null)).toEqual([]);
  });

  itReturns(
    '%j',
    ([roles, required]: [RoleEntry[], RoleValue[]]) => isMfaRequiredFor(roles, required),
    [
      [[own('ROOT_ADMIN'), ['ROOT_ADMIN', 'USER_ADMIN']], true],
      [[own('SALES_USER'), ['ROOT_ADMIN', 'USER_ADMIN']], false],
      [[lent('USER_ADMIN'), ['USER_ADMIN']], false],
      [[own('ROOT_ADMIN'), []], false],
    ],
  );
});
