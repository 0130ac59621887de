import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  accountInOtherGroupMessage,
  GLOBAL_ACCOUNT_MESSAGES as M,
  ZGlobalAccountAccountBody,
  ZGlobalAccountMemberBody,
  ZSaveGlobalAccountBody,
  ZSetGlobalAccountOwnerBody,
} from './schemas.ts';

const GROUP = '0b7a3b8e-5b7c-4c9e-9d1e-2f1f7c1d0a11';
const USER = '9c1d2e3f-4a5b-4c6d-8e7f-001122334455';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('ZSaveGlobalAccountBody', () => {
  it.each<[string, unknown, string | null]>([
    ['a new group, trimmed', { name: '  Contoso Group ' }, null],
    ['a rename', { id: GROUP, name: 'Contoso', description: 'Banks' }, null],
    ['no name', { name: '   ' }, M.nameMissing],
    ['a name that is not text', { name: 42 }, M.nameMissing],
    ['a long name', { name: 'x'.repeat(121) }, M.nameTooLong],
    ['a long description', { name: 'A', description: 'x'.repeat(1001) }, M.descriptionTooLong],
    ['a bad id', { id: 'nope', name: 'A' }, M.notAGroup],
  ])('%s', (_label, body, message) => {
    expect(firstMessage(ZSaveGlobalAccountBody.safeParse(body))).toBe(message);
  });

  it('trims and defaults', () => {
    expect(ZSaveGlobalAccountBody.parse({ name: '  Contoso Group ' })).toEqual({
      id: null,
      name: 'Contoso Group',
      description: '',
    });
  });
});

describe('the other bodies', () => {
  it.each<[string, z.ZodType, unknown, string | null]>([
    ['owner', ZSetGlobalAccountOwnerBody, { id: GROUP, owner_user_id: USER }, null],
    ['no owner', ZSetGlobalAccountOwnerBody, { id: GROUP, owner_user_id: null }, null],
    ['a bad owner', ZSetGlobalAccountOwnerBody, { id: GROUP, owner_user_id: 'x' }, M.notAUser],
    ['an account', ZGlobalAccountAccountBody, { id: GROUP, account_id: '001ABC' }, null],
    ['no account', ZGlobalAccountAccountBody, { id: GROUP, account_id: ' ' }, M.accountMissing],
    ['a member', ZGlobalAccountMemberBody, { id: GROUP, user_id: USER }, null],
    ['a bad member', ZGlobalAccountMemberBody, { id: GROUP, user_id: '' }, M.notAUser],
  ])('%s', (_label, schema, body, message) => {
    expect(firstMessage(schema.safeParse(body))).toBe(message);
  });
});

describe('messages', () => {
  it('name the group an account is already in', () => {
    expect(accountInOtherGroupMessage('Contoso Bank', 'Contoso Group')).toBe(
      'Contoso Bank already belongs to the global account "Contoso Group": remove it there first.',
    );
  });
});
