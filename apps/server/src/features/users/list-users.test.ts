import { describe, expect, it } from 'vitest';
import type { UserListRow } from '@bastion/domain/accounts/user-admin-schemas';
import { crmAccounts } from '@bastion/db/schema/crm';
import { userRoles, users } from '@bastion/db/schema/users';
import { unique, useUsersBed, usersCalls } from './users.test-harness.ts';

const bed = useUsersBed();
const calls = usersCalls(bed);

const DAY = 86_400_000;

interface Seed {
  first?: string;
  last?: string;
  provider?: 'Local' | 'Google';
  disabled?: boolean;
  mfa?: boolean;
  signedInDaysAgo?: number | null;
  roles?: { role: string; assignment?: 'REGION' | 'ACCOUNT'; values?: string[]; lent?: boolean }[];
}

/** Users straight into the table, all carrying `word` in their last name. */
async function seedUsers(word: string, seeds: Record<string, Seed>) {
  const emails: Record<string, string> = {};
  for (const [key, seed] of Object.entries(seeds)) {
    const email = `${key.toLowerCase()}-${unique()}@example.com`;
    const [row] = await bed.ctx.db
      .insert(users)
      .values({
        email,
        firstName: seed.first ?? key,
        lastName: seed.last ?? `${word} ${key}`,
        idProvider: seed.provider ?? 'Local',
        isDisabled: seed.disabled ?? false,
        mfaEnabled: seed.mfa ?? false,
        lastSignInAt:
          seed.signedInDaysAgo === undefined || seed.signedInDaysAgo === null
            ? null
            : new Date(Date.now() - seed.signedInDaysAgo * DAY),
      })
      .returning({ id: users.id });
    for (const role of seed.roles ?? []) {
      await bed.ctx.db.insert(userRoles).values({
        userId: row!.id,
        role: role.role,
        assignment: role.assignment ?? null,
        assignmentValue: role.values ?? [],
      });
    }
    emails[key] = email;
  }
  return emails;
}

const list = (body: Record<string, unknown>, who: 'root' | 'admin' = 'root') =>
  calls.dataOf<{ rows: UserListRow[]; total: number; page: number; page_size: number }>(
    'admin/users',
    body,
    who,
  );

const firstNames = (rows: UserListRow[]) => rows.map((r) => r.first_name);

describe('POST /api/admin/users', () => {
  it('filters by each of the grid filters, within a search', async () => {
    const word = `Filt${unique()}`;
    await seedUsers(word, {
      Anna: {
        roles: [{ role: 'SALES_USER', assignment: 'REGION', values: ['EMEA', 'APJ'] }],
        signedInDaysAgo: 2,
        mfa: true,
      },
      Ben: {
        roles: [{ role: 'SALES_USER', assignment: 'REGION', values: ['NA'] }],
        signedInDaysAgo: 20,
      },
      Cleo: { roles: [{ role: 'CFO' }], provider: 'Google', signedInDaysAgo: 90 },
      Dirk: { roles: [{ role: 'CFO' }], disabled: true },
    });
    const names = async (filters: Record<string, unknown>) =>
      firstNames((await list({ search: word, ...filters })).rows);

    expect(await names({})).toEqual(['Anna', 'Ben', 'Cleo', 'Dirk']);
    expect(await names({ role: 'CFO' })).toEqual(['Cleo', 'Dirk']);
    expect(await names({ region: 'EMEA' })).toEqual(['Anna']);
    // A region matches however it was stored: 'NA' is North America.
    expect(await names({ region: 'North America' })).toEqual(['Ben']);
    expect(await names({ region: 'LATAM' })).toEqual([]);
    expect(await names({ status: 'disabled' })).toEqual(['Dirk']);
    expect(await names({ status: 'active' })).toEqual(['Anna', 'Ben', 'Cleo']);
    expect(await names({ mfa: 'on' })).toEqual(['Anna']);
    expect(await names({ mfa: 'off' })).toEqual(['Ben', 'Cleo', 'Dirk']);
    expect(await names({ provider: 'Google' })).toEqual(['Cleo']);
    expect(await names({ provider: 'Local' })).toEqual(['Anna', 'Ben', 'Dirk']);
    expect(await names({ last_sign_in: 'never' })).toEqual(['Dirk']);
    expect(await names({ last_sign_in: '7d' })).toEqual(['Anna']);
    expect(await names({ last_sign_in: '30d' })).toEqual(['Anna', 'Ben']);
    expect(await names({ last_sign_in: 'older' })).toEqual(['Cleo']);
    expect(await names({ role: 'SALES_USER', last_sign_in: '30d', mfa: 'off' })).toEqual(['Ben']);
  });

  it('searches e-mail, first, last and full name in any case', async () => {
    const word = `Srch${unique()}`;
    const emails = await seedUsers(word, { Erin: {}, Finn: {} });
    expect(firstNames((await list({ search: word.toUpperCase() })).rows)).toEqual(['Erin', 'Finn']);
    expect(firstNames((await list({ search: emails.Finn!.toUpperCase() })).rows)).toEqual(['Finn']);
    expect(firstNames((await list({ search: `erin ${word}` })).rows)).toEqual(['Erin']);
    // LIKE wildcards are plain characters in a search.
    expect((await list({ search: `${word}%` })).total).toBe(0);
  });

  it('sorts and pages, with the total of the whole list', async () => {
    const word = `Page${unique()}`;
    await seedUsers(word, {
      Gus: { signedInDaysAgo: 5 },
      Hal: { signedInDaysAgo: 1 },
      Ida: { signedInDaysAgo: null },
      Jon: { signedInDaysAgo: 40 },
      Kay: { signedInDaysAgo: 3 },
    });
    const first = await list({ search: word, page: 1, page_size: 2 });
    expect(first).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(firstNames(first.rows)).toEqual(['Gus', 'Hal']);
    expect(firstNames((await list({ search: word, page: 3, page_size: 2 })).rows)).toEqual(['Kay']);
    expect(firstNames((await list({ search: word, direction: 'desc' })).rows)).toEqual([
      'Kay',
      'Jon',
      'Ida',
      'Hal',
      'Gus',
    ]);
    // Never signed in counts as the oldest.
    const byLastSignIn = await list({ search: word, sort: 'last_sign_in_at', direction: 'desc' });
    expect(firstNames(byLastSignIn.rows)).toEqual(['Hal', 'Kay', 'Gus', 'Jon', 'Ida']);
    expect(
      firstNames((await list({ search: word, sort: 'last_sign_in_at', direction: 'asc' })).rows),
    ).toEqual(['Ida', 'Jon', 'Gus', 'Kay', 'Hal']);
    const byEmail = await list({ search: word, sort: 'email' });
    expect(byEmail.rows.map((r) => r.email)).toEqual(byEmail.rows.map((r) => r.email).sort());
  });

  it('shows own roles only, REGION values in their canonical spelling', async () => {
    const word = `Own${unique()}`;
    const emails = await seedUsers(word, {
      Lea: {
        signedInDaysAgo: 1,
        roles: [
          { role: 'SALES_USER', assignment: 'REGION', values: ['na', 'EMEA'] },
          { role: 'CFO' },
        ],
      },
    });
    const [row] = (await list({ search: word })).rows;
    expect(row).toMatchObject({
      email: emails.Lea,
      id_provider: 'Local',
      is_disabled: false,
      mfa_enabled: false,
    });
    // In the order roles are listed everywhere (ROLE_VALUES).
    expect(row?.roles).toEqual([
      { value: 'CFO', assignment: null, assignment_value: [], is_deligated_role: false },
      {
        value: 'SALES_USER',
        assignment: 'REGION',
        assignment_value: ['North America', 'EMEA'],
        is_deligated_role: false,
      },
    ]);
    expect(Date.parse(row?.last_sign_in_at ?? '')).toBeGreaterThan(Date.now() - 2 * DAY);
  });

  it('is for root and user administrators only', async () => {
    expect((await calls.post('admin/users', {}, 'admin')).statusCode).toBe(200);
    const refused = await calls.refusalOf('admin/users', {}, 403, 'salesTester');
    expect(refused.error).toBe('FORBIDDEN');
  });

  it('refuses bad filters with a message', async () => {
    const refused = await calls.refusalOf('admin/users', { role: 'KING', page_size: 500 }, 400);
    expect(refused.errors?.map((e) => e.path).sort()).toEqual(['page_size', 'role']);
  });
});

describe('POST /api/admin/users-download', () => {
  it('answers a CSV of every matching user, cells that look like formulas defused', async () => {
    const word = `Csv${unique()}`;
    const emails = await seedUsers(word, {
      Max: {
        first: '=HYPERLINK("http://evil.example","x")',
        last: `${word}, Jr.`,
        mfa: true,
        signedInDaysAgo: 1,
        roles: [
          { role: 'SALES_USER', assignment: 'REGION', values: ['EMEA', 'APJ'] },
          { role: 'CFO' },
        ],
      },
      Ned: { first: '-2+3', last: `${word} Ned`, disabled: true, provider: 'Google' },
    });
    const response = await calls.post('admin/users-download', { search: word }, 'adminTester');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('email,first_name,last_name,provider,status,mfa,roles,last_sign_in_at');
    expect(lines[1]).toBe(`${emails.Ned},'-2+3,${word} Ned,Google,disabled,off,,`);
    expect(lines[2]).toMatch(
      new RegExp(
        `^${emails.Max!.replace('.', '\\.')},"'=HYPERLINK\\(""http://evil\\.example"",""x""\\)","${word}, Jr\\.",Local,active,on,CFO; SALES_USER\\[REGION:EMEA\\|APJ\\],\\d{4}-\\d\\d-\\d\\dT`,
      ),
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });

  it('needs can_download_users as well as user administration', async () => {
    expect((await calls.post('admin/users-download', {}, 'root')).statusCode).toBe(200);
    expect((await calls.refusalOf('admin/users-download', {}, 403, 'admin')).error).toBe(
      'FORBIDDEN',
    );
    // An internal tester who administers nothing.
    await calls.refusalOf('admin/users-download', {}, 403, 'salesTester');
  });
});

describe('POST /api/admin/user-detail and user-account-options', () => {
  it('answers 404 for an unknown e-mail', async () => {
    const refused = await calls.refusalOf(
      'admin/user-detail',
      { email: 'Nobody@Example.com' },
      404,
    );
    expect(refused.message).toBe('There is no user with the e-mail address nobody@example.com.');
  });

  it('offers CRM accounts by name, at most 50', async () => {
    const word = `Acct${unique()}`;
    await bed.ctx.db.insert(crmAccounts).values([
      { id: `B-${word}`, name: `${word} Beta`, kind: 'CUSTOMER' },
      { id: `A-${word}`, name: `${word} Alpha`, kind: 'PARTNER' },
    ]);
    const { accounts } = await calls.dataOf<{ accounts: { id: string; name: string }[] }>(
      'admin/user-account-options',
      { search: word.toLowerCase() },
      'admin',
    );
    expect(accounts).toEqual([
      { id: `A-${word}`, name: `${word} Alpha` },
      { id: `B-${word}`, name: `${word} Beta` },
    ]);
    const all = await calls.dataOf<{ accounts: unknown[] }>('admin/user-account-options', {});
    expect(all.accounts.length).toBeLessThanOrEqual(50);
  });
});
