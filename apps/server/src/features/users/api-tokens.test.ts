import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiTokenRow, UserDetail } from '@bastion/domain/accounts/user-admin-schemas';
import { apiTokens } from '@bastion/db/schema/integrations';
import { outboundEmails } from '@bastion/db/schema/mail';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { API_TOKEN_INVALID_MESSAGE, PERSON_ONLY_MESSAGE } from '../../lib/access.ts';
import { headerValues, insertOpportunity } from '../../test/quote-fixtures.ts';
import { login } from '../../test/test-app.ts';
import { openTestBed, postCallsAs, useTestBed } from '../../test/test-bed.ts';
import { NOT_A_SERVICE_ACCOUNT_MESSAGE } from './service-account.ts';
import { unique } from './users.test-harness.ts';

/*
 * Service accounts and their API tokens (issue 21): made by user administrators, used as
 * `Authorization: Bearer …`, under the same access rules as a person with the same roles.
 */

const bed = useTestBed({
  root: 'ROOT_ADMIN',
  seller: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }] },
});
const { post, dataOf } = postCallsAs(bed, 'root', '/api/');

interface Refusal {
  error: string;
  message: string;
  errors?: { path: string; message: string }[];
}

async function newServiceAccount(roles: object[], fields: Record<string, unknown> = {}) {
  return dataOf<UserDetail>('admin/create-user', {
    email: `svc-${unique()}@integrations.example`,
    first_name: 'Order',
    last_name: 'System',
    id_provider: 'Local',
    is_service_account: true,
    roles,
    ...fields,
  });
}

async function newToken(email: string, name = 'Order system', days = 30) {
  return dataOf<{ token: string; row: ApiTokenRow }>('admin/create-api-token', {
    email,
    name,
    expires_in_days: days,
  });
}

/** A call with the token only: no cookie, no Origin. */
const withToken = (token: string, url: string, payload: object, headers = {}) =>
  bed.ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });

const emeaSeller = [{ value: 'SALES_USER', assignment: 'REGION', assignment_value: ['EMEA'] }];

async function sellersQuote(): Promise<string> {
  const opportunityId = await insertOpportunity(bed.ctx.db, { region: 'EMEA' });
  const made = await post(
    'dx/create-quote',
    { opportunity_id: opportunityId, values: headerValues() },
    'seller',
  );
  expect(made.statusCode, made.body).toBe(200);
  return made.json<{ data: { id: string } }>().data.id;
}

describe('service accounts', () => {
  it('are made by user administrators, marked as such, and never sign in', async () => {
    const account = await newServiceAccount(emeaSeller);
    expect(account.is_service_account).toBe(true);

    const refused = async (fields: Record<string, unknown>, path: string) => {
      const response = await post('admin/create-user', {
        email: `svc-${unique()}@integrations.example`,
        first_name: 'Order',
        last_name: 'System',
        id_provider: 'Local',
        is_service_account: true,
        roles: emeaSeller,
        ...fields,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<Refusal>().errors?.[0]?.path).toBe(path);
    };
    await refused({ is_approver: true }, 'is_approver');
    await refused({ send_password: true }, 'send_password');
    await refused({ id_provider: 'Google' }, 'id_provider');

    const link = await post('security/send_password', { email: account.email });
    expect(link.statusCode).toBe(400);
    expect(link.json<Refusal>().message).toContain('is a service account');

    const signIn = await login(bed.ctx.app, { email: account.email, password: 'anything-at-all' });
    expect(signIn.statusCode).toBe(401);
    const forgot = await bed.ctx.app.inject({
      method: 'POST',
      url: '/api/security/forgot_password',
      payload: { email: account.email },
    });
    expect(forgot.statusCode).toBeLessThan(500);
    const mails = await bed.ctx.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.recipient, account.email));
    expect(mails).toEqual([]);
  });
});

describe('API tokens', () => {
  it('are shown once, kept as a hash, and listed without the token', async () => {
    const account = await newServiceAccount(emeaSeller);
    const created = await newToken(account.email);
    expect(created.token).toMatch(/^bcpq_[A-Za-z0-9_-]{43}$/);
    expect(created.row).toMatchObject({ name: 'Order system', state: 'active' });
    expect(created.token.startsWith(created.row.token_prefix)).toBe(true);

    const listed = await dataOf<{ tokens: ApiTokenRow[] }>('admin/api-tokens', {
      email: account.email,
    });
    expect(listed.tokens).toEqual([created.row]);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    const [stored] = await bed.ctx.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, created.row.id));
    expect(stored?.tokenHash).not.toContain(created.token.slice(5));
  });

  it('read a quote within the account scope, skipping the Origin check but nothing else', async () => {
    const account = await newServiceAccount(emeaSeller);
    const { token } = await newToken(account.email);
    const quoteId = await sellersQuote();

    const read = await withToken(token, '/api/dx/get-quote', { id: quoteId });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ data: { id: string } }>().data.id).toBe(quoteId);

    // No browser page sends the header, so another site's Origin does not matter…
    const foreign = await withToken(
      token,
      '/api/dx/get-quote',
      { id: quoteId },
      { origin: 'https://elsewhere.example' },
    );
    expect(foreign.statusCode, foreign.body).toBe(200);
    // …but bodies are still JSON only.
    const form = await bed.ctx.app.inject({
      method: 'POST',
      url: '/api/dx/get-quote',
      payload: `id=${quoteId}`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(form.statusCode).toBe(415);

    // An APJ-only account does not see an EMEA quote: as for a person, it does not exist.
    const apj = await newServiceAccount([
      { value: 'SALES_USER', assignment: 'REGION', assignment_value: ['APJ'] },
    ]);
    const apjToken = (await newToken(apj.email)).token;
    const hidden = await withToken(apjToken, '/api/dx/get-quote', { id: quoteId });
    expect(hidden.statusCode).toBe(404);
  });

  it('attribute what they change to the service account in the quote history', async () => {
    const account = await newServiceAccount(emeaSeller);
    const { token } = await newToken(account.email);
    const opportunityId = await insertOpportunity(bed.ctx.db, { region: 'EMEA' });
    const made = await withToken(token, '/api/dx/create-quote', {
      opportunity_id: opportunityId,
      values: headerValues(),
    });
    expect(made.statusCode, made.body).toBe(200);
    const quoteId = made.json<{ data: { id: string } }>().data.id;
    const history = await bed.ctx.db
      .select()
      .from(quoteHistory)
      .where(eq(quoteHistory.quoteId, quoteId));
    expect(history.map((entry) => entry.actorUserId)).toEqual([account.id]);
  });

  it('of a catalogue-only account get 403 on quotes', async () => {
    const account = await newServiceAccount([
      { value: 'CATALOG_USER', assignment: null, assignment_value: [] },
    ]);
    const { token } = await newToken(account.email);
    const quoteId = await sellersQuote();
    const refused = await withToken(token, '/api/dx/get-quote', { id: quoteId });
    expect(refused.statusCode, refused.body).toBe(403);
  });

  it('stop working when revoked, expired, or their account is disabled: 401', async () => {
    const quoteId = await sellersQuote();
    const account = await newServiceAccount(emeaSeller);
    const revoked = await newToken(account.email, 'Revoked');
    const expired = await newToken(account.email, 'Expired');
    const kept = await newToken(account.email, 'Kept');
    const works = async (token: string) =>
      (await withToken(token, '/api/dx/get-quote', { id: quoteId })).statusCode;
    expect(await works(revoked.token)).toBe(200);

    const revocation = await dataOf<ApiTokenRow>('admin/revoke-api-token', {
      email: account.email,
      token_id: revoked.row.id,
    });
    expect(revocation).toMatchObject({ state: 'revoked', revoked_by_email: bed.users.root.email });
    const refused = await withToken(revoked.token, '/api/dx/get-quote', { id: quoteId });
    expect(refused.statusCode).toBe(401);
    expect(refused.json<Refusal>().message).toBe(API_TOKEN_INVALID_MESSAGE);
    expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"');

    await bed.ctx.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.row.id));
    expect(await works(expired.token)).toBe(401);
    const listed = await dataOf<{ tokens: ApiTokenRow[] }>('admin/api-tokens', {
      email: account.email,
    });
    expect(Object.fromEntries(listed.tokens.map((t) => [t.name, t.state]))).toEqual({
      Kept: 'active',
      Expired: 'expired',
      Revoked: 'revoked',
    });
    expect(listed.tokens.find((t) => t.name === 'Revoked')?.last_used_at).not.toBeNull();

    expect(await works(kept.token)).toBe(200);
    await dataOf('admin/set-user-disabled', { email: account.email, is_disabled: true });
    expect(await works(kept.token)).toBe(401);
    expect(await works('bcpq_made-up')).toBe(401);
    const basic = await bed.ctx.app.inject({
      method: 'POST',
      url: '/api/dx/get-quote',
      payload: { id: quoteId },
      headers: { authorization: 'Basic dXNlcjpwYXNz', cookie: bed.cookies.seller },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('cannot do what belongs to a person: second factor, password, sessions, acting as', async () => {
    const account = await newServiceAccount([
      { value: 'USER_ADMIN', assignment: null, assignment_value: [] },
    ]);
    const { token } = await newToken(account.email);
    for (const url of [
      '/api/security/change-password',
      '/api/security/sessions',
      '/api/security/gen-qr',
      '/api/security/impersonate',
    ]) {
      const refused = await withToken(token, url, {});
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json<Refusal>().message).toBe(PERSON_ONLY_MESSAGE);
    }
  });

  it('are for service accounts, made and revoked by user administrators only', async () => {
    const person = await dataOf<UserDetail>('admin/create-user', {
      email: `person-${unique()}@example.com`,
      first_name: 'Pia',
      last_name: 'Person',
      id_provider: 'Local',
      roles: emeaSeller,
    });
    const forPerson = await post('admin/create-api-token', {
      email: person.email,
      name: 'Mine',
      expires_in_days: 30,
    });
    expect(forPerson.statusCode).toBe(409);
    expect(forPerson.json<Refusal>().message).toBe(NOT_A_SERVICE_ACCOUNT_MESSAGE);

    const account = await newServiceAccount(emeaSeller);
    const bySeller = await post(
      'admin/create-api-token',
      { email: account.email, name: 'Mine', expires_in_days: 30 },
      'seller',
    );
    expect(bySeller.statusCode).toBe(403);

    const tooLong = await post('admin/create-api-token', {
      email: account.email,
      name: ' ',
      expires_in_days: 400,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(
      tooLong
        .json<Refusal>()
        .errors?.map((e) => e.path)
        .sort(),
    ).toEqual(['expires_in_days', 'name']);
    const unknown = await post('admin/revoke-api-token', {
      email: account.email,
      token_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('API token rate limits', () => {
  it('count each token on its own', async () => {
    const limited = await openTestBed({ root: 'ROOT_ADMIN' }, { RATE_LIMIT_API_PER_MINUTE: '3' });
    const calls = postCallsAs(limited, 'root', '/api/');
    const account = await calls.dataOf<UserDetail>('admin/create-user', {
      email: `svc-${unique()}@integrations.example`,
      first_name: 'Rate',
      last_name: 'Limited',
      id_provider: 'Local',
      is_service_account: true,
      roles: emeaSeller,
    });
    const tokenOf = async (name: string) =>
      (
        await calls.dataOf<{ token: string }>('admin/create-api-token', {
          email: account.email,
          name,
          expires_in_days: 1,
        })
      ).token;
    const first = await tokenOf('First');
    const second = await tokenOf('Second');
    const list = (token: string) =>
      limited.ctx.app.inject({
        method: 'POST',
        url: '/api/dx/grid',
        payload: { module_name: 'quote' },
        headers: { authorization: `Bearer ${token}` },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await list(first)).statusCode);
    expect(statuses.slice(3)).toEqual([429]);
    expect((await list(second)).statusCode).not.toBe(429);
    await limited.ctx.app.close();
  });
});
