import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  ContractDetail,
  ContractsPage,
  InstalledBase,
} from '@bastion/domain/renewals/schemas';
import { contracts } from '@bastion/db/schema/quotes';
import { auditLog } from '@bastion/db/schema/audit';
import { dataOfSuccess } from '../../test/answers.ts';
import { withAppSetting } from '../../test/app-settings.ts';
import { insertContract } from '../../test/contract-fixtures.ts';
import { insertPricedTestSkus, unique } from '../../test/quote-fixtures.ts';
import { inRegion, signedInUser, type TestRole } from '../../test/test-app.ts';
import { useTestApp } from '../../test/test-bed.ts';

const ctx = useTestApp();

const post = (url: string, payload: object, cookie: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { cookie } });

const userWith = (...roles: TestRole[]) => signedInUser(ctx, ...roles);

const desk = (search: string, cookie: string, filters: object = {}) =>
  post('/api/dx/renewals/contracts', { search, ...filters }, cookie).then((r) =>
    dataOfSuccess<ContractsPage>(r),
  );

const numbersOf = (page: ContractsPage) => page.rows.map((row) => row.contract_number);

describe('the renewals desk', () => {
  it('shows a regional renewals user the contracts of their region, and a CSM their own', async () => {
    const tag = `Scoped ${unique()}`;
    const na = await insertContract(ctx.db, {
      region: 'North America',
      end: 40,
      accountName: `${tag} NA`,
    });
    const emea = await insertContract(ctx.db, {
      region: 'EMEA',
      end: 50,
      accountName: `${tag} EMEA`,
    });
    const seller = await userWith(inRegion('RENEWAL_USER', 'NA'), inRegion('SALES_USER', 'NA'));
    const page = await desk(tag, seller.cookie);
    expect(numbersOf(page)).toEqual([na.contractNumber]);
    expect(page).toMatchObject({ total: 1, can_create_renewal: true, can_create_coterm: false });
    expect(page.regions).toContain('North America');
    expect(page.regions).not.toContain('EMEA');

    const csm = await userWith({ role: 'CSM_RENEWALS' });
    await ctx.db
      .update(contracts)
      .set({ csmEmail: csm.email.toUpperCase() })
      .where(eq(contracts.id, emea.id));
    expect(numbersOf(await desk(tag, csm.cookie))).toEqual([emea.contractNumber]);

    // Out of scope is as absent.
    const other = await post('/api/dx/renewals/contract', { contract_id: emea.id }, seller.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('There is no such contract, or it is not yours to see.');
  });

  it('filters by the end-date window, overdue contracts, status, region, CSM and CAM', async () => {
    const tag = `Window ${unique()}`;
    const account = (suffix: string) => `${tag} ${suffix}`;
    const soon = await insertContract(ctx.db, {
      region: 'EMEA',
      end: 10,
      accountName: account('soon'),
      csmName: `Lovelace ${tag}`,
    });
    const later = await insertContract(ctx.db, {
      region: 'EMEA',
      end: 45,
      accountName: account('later'),
      camName: `Cam ${tag}`,
    });
    const overdue = await insertContract(ctx.db, {
      region: 'EMEA',
      end: -5,
      accountName: account('overdue'),
    });
    await insertContract(ctx.db, {
      region: 'EMEA',
      end: -20,
      accountName: account('renewed'),
      renewed: true,
    });
    const lost = await insertContract(ctx.db, {
      region: 'APJ',
      end: 20,
      accountName: account('lost'),
      lost: true,
    });
    const dealDesk = await userWith({ role: 'DEAL_DESK' });

    expect(numbersOf(await desk(tag, dealDesk.cookie, { ends_within_days: 30 }))).toEqual([
      overdue.contractNumber,
      soon.contractNumber,
      lost.contractNumber,
    ]);
    expect(
      numbersOf(await desk(tag, dealDesk.cookie, { ends_within_days: 30, include_overdue: false })),
    ).toEqual([soon.contractNumber, lost.contractNumber]);
    expect(numbersOf(await desk(tag, dealDesk.cookie, { status: 'LOST' }))).toEqual([
      lost.contractNumber,
    ]);
    const notStarted = await desk(tag, dealDesk.cookie, {
      status: 'NOT_STARTED',
      region: 'EMEA',
    });
    expect(numbersOf(notStarted)).toEqual([
      overdue.contractNumber,
      soon.contractNumber,
      later.contractNumber,
    ]);
    expect(notStarted.total).toBe(3);
    expect(numbersOf(await desk(tag, dealDesk.cookie, { csm: 'lovelace' }))).toEqual([
      soon.contractNumber,
    ]);
    expect(numbersOf(await desk(tag, dealDesk.cookie, { cam: `cam ${tag}` }))).toEqual([
      later.contractNumber,
    ]);
    expect(numbersOf(await desk('', dealDesk.cookie, { account: later.accountId }))).toEqual([
      later.contractNumber,
    ]);

    const paged = await desk(tag, dealDesk.cookie, { page: 2, page_size: 2 });
    expect(paged.total).toBe(5);
    expect(paged.rows).toHaveLength(2);
    expect(paged.rows.map((row) => row.days_to_end)).toEqual([10, 20]);
  });

  it('marks a contract lost once, with its reason, audited', async () => {
    const contract = await insertContract(ctx.db, { region: 'EMEA', end: 30 });
    const renewed = await insertContract(ctx.db, { region: 'EMEA', end: 30, renewed: true });
    const user = await userWith(inRegion('RENEWAL_USER', 'EMEA'));
    const marked = dataOfSuccess<ContractDetail>(
      await post(
        '/api/dx/renewals/mark-lost',
        { contract_id: contract.id, reason: 'Budget cut' },
        user.cookie,
      ),
    );
    expect(marked).toMatchObject({
      status: 'LOST',
      status_label: 'Lost',
      lost_reason: 'Budget cut',
    });
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row).toMatchObject({ lostBy: user.id, lostReason: 'Budget cut' });
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, contract.id));
    expect(audits.map((a) => a.action)).toEqual(['contract.lost']);

    const again = await post(
      '/api/dx/renewals/mark-lost',
      { contract_id: contract.id, reason: 'Twice' },
      user.cookie,
    );
    expect(again.statusCode).toBe(409);
    const ofRenewed = await post(
      '/api/dx/renewals/mark-lost',
      { contract_id: renewed.id, reason: 'Too late' },
      user.cookie,
    );
    expect(ofRenewed.statusCode).toBe(409);
    expect(ofRenewed.json().message).toContain(renewed.contractNumber);

    const blank = await post(
      '/api/dx/renewals/mark-lost',
      { contract_id: renewed.id, reason: '  ' },
      user.cookie,
    );
    expect(blank.statusCode).toBe(400);
  });

  it('shows the installed base of an opportunity’s account with the contract lines', async () => {
    const sku = `RNB-${unique()}`;
    await insertPricedTestSkus(ctx.db, (code) => `${sku}-${code}`, ['SUB', 'FW']);
    const contract = await insertContract(ctx.db, {
      region: 'North America',
      end: 100,
      lines: [
        { sku: `${sku}-SUB`, quantity: 10, unitNetMinor: 12_000 },
        { sku: `${sku}-FW`, quantity: 2, unitNetMinor: 50_000 },
      ],
    });
    const seller = await userWith(inRegion('SALES_USER', 'NA'));
    const base = dataOfSuccess<InstalledBase>(
      await post(
        '/api/dx/installed-base',
        { opportunity_id: contract.opportunityId },
        seller.cookie,
      ),
    );
    expect(base.account_id).toBe(contract.accountId);
    expect(base.contracts.map((c) => c.contract_number)).toEqual([contract.contractNumber]);
    expect(base.contracts[0]).toMatchObject({ amount_to_renew_minor: 120_000, line_count: 2 });
    expect(base.contracts[0]?.entitlements.map((e) => [e.sku, e.billing, e.quantity])).toEqual([
      [`${sku}-FW`, 'ONE_TIME', 2],
      [`${sku}-SUB`, 'ANNUAL', 10],
    ]);

    const outsider = await userWith(inRegion('SALES_USER', 'EMEA'));
    const refused = await post(
      '/api/dx/installed-base',
      { opportunity_id: contract.opportunityId },
      outsider.cookie,
    );
    expect(refused.statusCode).toBe(404);
  });

  it('answers 403 on every renewals call while cpq_renewals_trueups is disabled', async () => {
    const contract = await insertContract(ctx.db, { region: 'EMEA', end: 30 });
    const admin = await userWith({ role: 'DEAL_DESK_ADMIN' }, { role: 'DEAL_DESK' });
    const calls: [string, object][] = [
      ['/api/dx/renewals/contracts', {}],
      ['/api/dx/renewals/contract', { contract_id: contract.id }],
      ['/api/dx/renewals/mark-lost', { contract_id: contract.id, reason: 'No' }],
      ['/api/dx/renewals/import-contracts', { csv: 'contract_number\n', dry_run: true }],
      ['/api/dx/renewals/create-quote', { contract_id: contract.id, kind: 'RENEWAL' }],
      ['/api/dx/renewals/quote-configuration', { id: contract.id }],
      ['/api/dx/renewals/price', { id: contract.id, draft: { lines: [] } }],
      [
        '/api/dx/renewals/save-configuration',
        { id: contract.id, version: 1, draft: { lines: [] } },
      ],
    ];
    await withAppSetting(ctx.db, 'cpq_renewals_trueups', 'disabled', async () => {
      for (const [url, body] of calls) {
        const response = await post(url, body, admin.cookie);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().message, url).toBe(
          'Renewals and true-ups are switched off (application setting cpq_renewals_trueups).',
        );
      }
      const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, contract.id));
      expect(row?.lostAt).toBeNull();
    });
  });
});
