import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type {
  GlobalAccountChoices,
  GlobalAccountDetail,
  GlobalAccountList,
} from '@bastion/domain/global-accounts/schemas';
import { GLOBAL_ACCOUNT_MESSAGES as M } from '@bastion/domain/global-accounts/schemas';
import { crmOpportunities } from '@bastion/db/schema/crm';
import { globalAccounts } from '@bastion/db/schema/global-accounts';
import { DEMO_PASSWORD } from '@bastion/db/seed/demo-data';
import { dataOfSuccess } from '../../test/answers.ts';
import { auditActionsOf } from '../../test/audit.ts';
import { insertContract } from '../../test/contract-fixtures.ts';
import { headerValues, insertOpportunity, unique } from '../../test/quote-fixtures.ts';
import { createUser, signedIn, signedInUser, type TestRole } from '../../test/test-app.ts';
import { useTestApp } from '../../test/test-bed.ts';
import { lendRole } from '../../test/delegations.ts';

const ctx = useTestApp();

const post = (url: string, payload: object, cookie: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/dx/global-accounts/${url}`,
    payload,
    headers: { cookie },
  });

const postAny = (url: string, payload: object, cookie: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { cookie } });

const userWith = (...roles: TestRole[]) => signedInUser(ctx, ...roles);

/** The session cookie of a demo account. */
const demo = (email: string) => signedIn(ctx.app, { email, password: DEMO_PASSWORD });

/** Groups this file made, removed at the end so the worker's shared database stays as seeded. */
const made: string[] = [];
afterAll(async () => {
  for (const id of made) await ctx.db.delete(globalAccounts).where(eq(globalAccounts.id, id));
});

async function newGroup(cookie: string, name = `Group ${unique()}`) {
  const group = dataOfSuccess<GlobalAccountDetail>(await post('save', { name }, cookie));
  made.push(group.id);
  return group;
}

const change = async (url: string, payload: object, cookie: string) =>
  dataOfSuccess<GlobalAccountDetail>(await post(url, payload, cookie));

const accountOf = async (opportunityId: string) => {
  const [row] = await ctx.db
    .select({ accountId: crmOpportunities.accountId })
    .from(crmOpportunities)
    .where(eq(crmOpportunities.id, opportunityId));
  if (!row) throw new Error('no opportunity');
  return row.accountId;
};

const namesOf = (list: GlobalAccountList) => list.groups.map((g) => g.name);

describe('a GAM and the accounts of their global accounts', () => {
  it('lets gam@bastion.test see and quote an account of another region once its group is theirs, and not before', async () => {
    const gam = await demo('gam@bastion.test');
    const deskAdmin = await userWith({ role: 'DEAL_DESK_ADMIN' });
    const opportunityId = await insertOpportunity(ctx.db, { region: 'APJ', partner: true });
    const accountId = await accountOf(opportunityId);
    const open = () => postAny('/api/dx/get-opportunity', { id: opportunityId }, gam);
    const quote = () =>
      postAny(
        '/api/dx/create-quote',
        { opportunity_id: opportunityId, values: headerValues() },
        gam,
      );

    expect((await open()).statusCode).toBe(404);
    expect((await quote()).statusCode).toBe(404);

    const group = await newGroup(deskAdmin.cookie);
    const choices = dataOfSuccess<GlobalAccountChoices>(
      await post('choices', { search: 'gam@bastion' }, deskAdmin.cookie),
    );
    const gina = choices.people.find((p) => p.email === 'gam@bastion.test');
    expect(gina).toMatchObject({ name: 'Gina Global' });
    await change('set-owner', { id: group.id, owner_user_id: gina?.id }, deskAdmin.cookie);
    // Not before the account is in the group.
    expect((await open()).statusCode).toBe(404);
    await change('add-account', { id: group.id, account_id: accountId }, deskAdmin.cookie);

    expect((await open()).statusCode).toBe(200);
    const created = dataOfSuccess<{ id: string; target_path: string }>(await quote());
    const session = dataOfSuccess<{ user: { roles: TestRole[] } }>(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/security/introspect',
        headers: { cookie: gam },
      }),
    );
    expect(session.user.roles).toContainEqual(
      expect.objectContaining({
        value: 'GAM',
        assignment: 'ACCOUNT',
        assignment_value: expect.arrayContaining([accountId]),
      }),
    );

    // The group shows the quote among its open quotes, with where it opens.
    const detail = dataOfSuccess<GlobalAccountDetail>(await post('get', { id: group.id }, gam));
    expect(detail.open_quotes).toEqual([
      expect.objectContaining({
        id: created.id,
        target_path: created.target_path,
        account_id: accountId,
      }),
    ]);
    expect(detail.accounts).toEqual([expect.objectContaining({ id: accountId, region: 'APJ' })]);

    // Out of the group, out of sight again (their own quote stays theirs).
    await change('remove-account', { id: group.id, account_id: accountId }, deskAdmin.cookie);
    expect((await open()).statusCode).toBe(404);
  });

  it('keeps a REGION GAM’s region and adds the accounts as a second entry', async () => {
    const deskAdmin = await userWith({ role: 'DEAL_DESK_ADMIN' });
    const gam = await userWith({ role: 'GAM', assignment: 'REGION', assignmentValue: ['EMEA'] });
    const emea = await insertOpportunity(ctx.db, { region: 'EMEA', partner: true });
    const apj = await insertOpportunity(ctx.db, { region: 'APJ', partner: true });
    const group = await newGroup(deskAdmin.cookie);
    await change('set-owner', { id: group.id, owner_user_id: gam.id }, deskAdmin.cookie);
    await change(
      'add-account',
      { id: group.id, account_id: await accountOf(apj) },
      deskAdmin.cookie,
    );

    for (const id of [emea, apj]) {
      expect((await postAny('/api/dx/get-opportunity', { id }, gam.cookie)).statusCode).toBe(200);
    }
    const session = dataOfSuccess<{ user: { roles: TestRole[] } }>(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/security/introspect',
        headers: { cookie: gam.cookie },
      }),
    );
    expect(session.user.roles).toEqual([
      expect.objectContaining({ value: 'GAM', assignment: 'REGION', assignment_value: ['EMEA'] }),
      expect.objectContaining({
        value: 'GAM',
        assignment: 'ACCOUNT',
        assignment_value: [await accountOf(apj)],
      }),
    ]);
  });

  it('opens a team member’s and a delegate’s view of the group, not a stranger’s', async () => {
    const deskAdmin = await userWith({ role: 'DEAL_DESK_ADMIN' });
    const owner = await userWith({ role: 'GAM' });
    const member = await userWith({ role: 'GAM' });
    const stranger = await userWith({ role: 'GAM' });
    const delegate = await createUser(ctx.db, { roles: [{ role: 'SALES_USER' }] });
    const opportunityId = await insertOpportunity(ctx.db, { region: 'LATAM', partner: true });
    const group = await newGroup(deskAdmin.cookie);
    await change('set-owner', { id: group.id, owner_user_id: owner.id }, deskAdmin.cookie);
    await change('add-member', { id: group.id, user_id: member.id }, deskAdmin.cookie);
    await change(
      'add-account',
      { id: group.id, account_id: await accountOf(opportunityId) },
      deskAdmin.cookie,
    );

    // The owner lends GAM to a salesperson while away: the delegate covers the owner's groups.
    await lendRole(ctx.db, {
      delegatorUserId: owner.id,
      delegateUserId: delegate.id,
      role: 'GAM',
    });
    const delegateCookie = await signedIn(ctx.app, delegate);

    const opens = async (cookie: string) =>
      (await postAny('/api/dx/get-opportunity', { id: opportunityId }, cookie)).statusCode;
    expect(await opens(owner.cookie)).toBe(200);
    expect(await opens(member.cookie)).toBe(200);
    expect(await opens(delegateCookie)).toBe(200);
    expect(await opens(stranger.cookie)).toBe(404);

    expect(namesOf(dataOfSuccess(await post('list', {}, member.cookie)))).toContain(group.name);
    expect(namesOf(dataOfSuccess(await post('list', {}, stranger.cookie)))).not.toContain(
      group.name,
    );
    const hidden = await post('get', { id: group.id }, stranger.cookie);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(M.noSuchGroup);
  });
});

describe('the global accounts page', () => {
  it('shows the demo groups to their GAM and to the GAM general manager, across regions', async () => {
    for (const email of ['gam@bastion.test', 'gamgm@bastion.test']) {
      const list = dataOfSuccess<GlobalAccountList>(await post('list', {}, await demo(email)));
      const contoso = list.groups.find((g) => g.name === 'Contoso Financial Group');
      expect(contoso).toMatchObject({
        owner: { email: 'gam@bastion.test' },
        account_count: 3,
        regions: ['APJ', 'EMEA', 'North America'],
      });
      expect(contoso?.installed_base.map((a) => a.currency_code)).toEqual(['USD']);
      expect(namesOf(list)).toContain('Rheinland Insurance Group');
      expect(list.can_manage).toBe(email === 'gamgm@bastion.test');
    }
  });

  it('lists every group for the deal desk and GAM_GMs, a GAM’s own for a GAM, and nothing for others', async () => {
    const deskAdmin = await userWith({ role: 'DEAL_DESK_ADMIN' });
    const group = await newGroup(deskAdmin.cookie);
    for (const role of ['DEAL_DESK', 'GAM_GM', 'ROOT_ADMIN']) {
      const who = await userWith({ role });
      const list = dataOfSuccess<GlobalAccountList>(await post('list', {}, who.cookie));
      expect(namesOf(list)).toContain(group.name);
      expect(list.can_manage).toBe(role !== 'DEAL_DESK');
    }
    const gam = await userWith({ role: 'GAM' });
    expect(dataOfSuccess<GlobalAccountList>(await post('list', {}, gam.cookie))).toEqual({
      groups: [],
      can_manage: false,
    });
    const seller = await userWith({ role: 'SALES_USER' });
    expect((await post('list', {}, seller.cookie)).statusCode).toBe(403);
    expect((await post('get', { id: group.id }, seller.cookie)).statusCode).toBe(403);
  });

  it('shows a group’s accounts, installed base and open quotes, and sums what runs by currency', async () => {
    const deskAdmin = await userWith({ role: 'DEAL_DESK_ADMIN' });
    const group = await newGroup(deskAdmin.cookie);
    const running = await insertContract(ctx.db, {
      region: 'EMEA',
      end: 100,
      currencyCode: 'EUR',
      lines: [{ sku: 'EP-ADV-DEV', quantity: 10, unitNetMinor: 1_000 }],
    });
    const lost = await insertContract(ctx.db, {
      region: 'North America',
      end: 50,
      currencyCode: 'USD',
      lost: true,
      lines: [{ sku: 'EP-ADV-DEV', quantity: 5, unitNetMinor: 2_000 }],
    });
    for (const c of [running, lost]) {
      await change('add-account', { id: group.id, account_id: c.accountId }, deskAdmin.cookie);
    }
    // A quote on the running contract's opportunity, made by the deal desk.
    const desk = await userWith({ role: 'DEAL_DESK' });
    const created = dataOfSuccess<{ id: string }>(
      await postAny(
        '/api/dx/create-quote',
        { opportunity_id: running.opportunityId, values: headerValues() },
        desk.cookie,
      ),
    );

    const detail = dataOfSuccess<GlobalAccountDetail>(
      await post('get', { id: group.id }, desk.cookie),
    );
    expect(detail).toMatchObject({
      account_count: 2,
      regions: ['EMEA', 'North America'],
      open_quote_count: 1,
      installed_base: [{ currency_code: 'EUR', amount_minor: 10_000 }],
      can_manage: false,
    });
    expect(detail.contracts.map((c) => [c.contract_number, c.status])).toEqual([
      [lost.contractNumber, 'LOST'],
      [running.contractNumber, 'NOT_STARTED'],
    ]);
    expect(detail.open_quotes.map((q) => q.id)).toEqual([created.id]);
  });

  it('lets managers change groups, audited, and refuses bad changes with clear messages', async () => {
    const deskAdmin = await userWith({ role: 'DEAL_DESK_ADMIN' });
    const gamGm = await userWith({ role: 'GAM_GM' });
    const gam = await userWith({ role: 'GAM' });
    const seller = await userWith({ role: 'SALES_USER' });
    const name = `Acme ${unique()}`;
    const group = await newGroup(gamGm.cookie, name);
    const other = await newGroup(deskAdmin.cookie);

    // A GAM works groups but does not manage them.
    expect((await post('save', { name: `X ${unique()}` }, gam.cookie)).statusCode).toBe(403);

    const duplicate = await post('save', { name: name.toUpperCase() }, deskAdmin.cookie);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(
      `There is already a global account named "${name.toUpperCase()}": choose another name.`,
    );
    const blank = await post('save', { id: group.id, name: '  ' }, deskAdmin.cookie);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(M.nameMissing);

    const renamed = await change(
      'save',
      { id: group.id, name: `${name} Group`, description: 'Worldwide' },
      deskAdmin.cookie,
    );
    expect(renamed).toMatchObject({ name: `${name} Group`, description: 'Worldwide' });

    const notGam = await post(
      'set-owner',
      { id: group.id, owner_user_id: seller.id },
      deskAdmin.cookie,
    );
    expect(notGam.statusCode).toBe(400);
    expect(notGam.json().message).toBe(M.notGam);
    const notMember = await post(
      'add-member',
      { id: group.id, user_id: seller.id },
      deskAdmin.cookie,
    );
    expect(notMember.statusCode).toBe(400);

    await change('add-member', { id: group.id, user_id: gam.id }, deskAdmin.cookie);
    const again = await post('add-member', { id: group.id, user_id: gam.id }, deskAdmin.cookie);
    expect(again.statusCode).toBe(409);
    // The owner leads: a team member made owner leaves the team.
    const owned = await change(
      'set-owner',
      { id: group.id, owner_user_id: gam.id },
      deskAdmin.cookie,
    );
    expect(owned).toMatchObject({ owner: { id: gam.id }, team: [], team_size: 0 });

    const opportunityId = await insertOpportunity(ctx.db, { region: 'EMEA' });
    const accountId = await accountOf(opportunityId);
    await change('add-account', { id: other.id, account_id: accountId }, deskAdmin.cookie);
    const taken = await post(
      'add-account',
      { id: group.id, account_id: accountId },
      deskAdmin.cookie,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      `Customer ${accountId.slice(4)} already belongs to the global account "${other.name}": remove it there first.`,
    );
    const partner = await insertOpportunity(ctx.db, { region: 'EMEA', partner: true });
    const partnerAccount = `001P${(await accountOf(partner)).slice(4)}`;
    const refused = await post(
      'add-account',
      { id: group.id, account_id: partnerAccount },
      deskAdmin.cookie,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.notACustomer);
    const missing = await post(
      'add-account',
      { id: group.id, account_id: 'nope' },
      deskAdmin.cookie,
    );
    expect(missing.statusCode).toBe(404);
    const notIn = await post(
      'remove-account',
      { id: group.id, account_id: accountId },
      deskAdmin.cookie,
    );
    expect(notIn.statusCode).toBe(404);
    expect(notIn.json().message).toBe(M.accountNotInGroup);
    const noGroup = await post(
      'add-account',
      { id: crypto.randomUUID(), account_id: accountId },
      deskAdmin.cookie,
    );
    expect(noGroup.statusCode).toBe(404);

    expect((await auditActionsOf(ctx.db, group.id)).map((a) => a.action)).toEqual([
      'global_account.created',
      'global_account.updated',
      'global_account.member_added',
      'global_account.owner_set',
    ]);
  });
});
