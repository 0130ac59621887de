import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '@bastion/db/schema/audit';
import { skuPrices, skus } from '@bastion/db/schema/catalog';
import { crmAccounts } from '@bastion/db/schema/crm';
import { contracts, entitlements } from '@bastion/db/schema/quotes';
import { dataOfSuccess } from '../../test/answers.ts';
import { withAppSetting } from '../../test/app-settings.ts';
import { ensureTestFamily, insertOpportunity, unique } from '../../test/quote-fixtures.ts';
import { openBeforeAll, postCallsAs, useTestBed } from '../../test/test-bed.ts';

const IMPORT = '/api/dx/renewals/import-contracts';
const bed = useTestBed({ admin: 'DEAL_DESK_ADMIN', it: 'IT_ADMIN', seller: 'SALES_USER' });
const { post } = postCallsAs(bed, 'admin');

const tag = unique().slice(0, 8).toUpperCase();
const SUB = `IC-SUB-${tag}`;
const HW = `IC-HW-${tag}`;

const fixtures = openBeforeAll(async () => {
  const { db } = bed.ctx;
  await ensureTestFamily(db);
  await db.insert(skus).values([
    {
      sku: SUB,
      name: 'Import subscription',
      kind: 'SUBSCRIPTION',
      billing: 'ANNUAL',
      familyId: 'TEST_FAMILY',
    },
    {
      sku: HW,
      name: 'Import firewall',
      kind: 'HARDWARE',
      billing: 'ONE_TIME',
      familyId: 'TEST_FAMILY',
    },
  ]);
  await db.insert(skuPrices).values(
    [SUB, HW].map((sku) => ({
      sku,
      currencyCode: 'EUR',
      unitPriceMinor: 10_000,
      effectiveFrom: '2020-01-01',
    })),
  );
  const opportunityId = await insertOpportunity(db, { region: 'EMEA' });
  const accountId = `001C${opportunityId.slice(3)}`;
  const [account] = await db.select().from(crmAccounts).where(eq(crmAccounts.id, accountId));
  return { opportunityId, accountId, accountName: account?.name ?? '' };
});

const HEADER =
  'contract_number,account_id,region,opportunity_id,currency_code,contract_start,contract_end,sku,quantity,start_date,end_date,unit_net_price,csm_name,csm_email,cam_name,cam_email';

const numbers = () => ({ a: `IMP-A-${unique()}`, b: `IMP-B-${unique()}` });

function goodCsv(n: { a: string; b: string }) {
  const { accountId, opportunityId } = fixtures;
  return [
    HEADER,
    `${n.a},${accountId},EMEA,${opportunityId},eur,2027-01-01,2027-12-31,${SUB},10,,,1200.00,Casey CSM,casey@example.com,Cam CAM,cam@example.com`,
    `${n.a},${accountId},EMEA,${opportunityId},eur,2027-01-01,2027-12-31,${HW},2,2027-03-01,2027-12-31,850.5,Casey CSM,casey@example.com,Cam CAM,cam@example.com`,
    `${n.b},${accountId},EMEA,,USD,2027-06-01,2028-05-31,${SUB},1,,,0,,,,`,
  ].join('\r\n');
}

const contractsNamed = (...names: string[]) =>
  bed.ctx.db
    .select()
    .from(contracts)
    .where(inArray(contracts.contractNumber, names))
    .orderBy(asc(contracts.contractNumber));

interface Refusal {
  message: string;
  errors?: { path: string; row?: number; column?: string | null; message: string }[];
  details?: { path: string; row?: number; column?: string | null; message: string }[];
}
const refusalOf = (response: { statusCode: number; json: () => unknown }) => {
  const body = response.json() as Refusal;
  return {
    status: response.statusCode,
    message: body.message,
    details: body.errors ?? body.details ?? [],
  };
};

describe('contract import', () => {
  it('imports a good file: two contracts, three lines, audited', async () => {
    const n = numbers();
    const result = dataOfSuccess<Record<string, unknown>>(await post(IMPORT, { csv: goodCsv(n) }));
    expect(result).toEqual({
      dry_run: false,
      contracts: 2,
      entitlements: 3,
      contract_numbers: [n.a, n.b],
    });
    const [a, b] = await contractsNamed(n.a, n.b);
    expect(a).toMatchObject({
      accountId: fixtures.accountId,
      accountName: fixtures.accountName,
      region: 'EMEA',
      opportunityId: fixtures.opportunityId,
      currencyCode: 'EUR',
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      csmName: 'Casey CSM',
      csmEmail: 'casey@example.com',
      camName: 'Cam CAM',
      camEmail: 'cam@example.com',
      origin: 'IMPORT',
      createdBy: bed.users.admin.id,
    });
    expect(b).toMatchObject({ currencyCode: 'USD', opportunityId: null, startDate: '2027-06-01' });
    const lines = await bed.ctx.db
      .select()
      .from(entitlements)
      .where(inArray(entitlements.contractId, [a?.id ?? '', b?.id ?? '']))
      .orderBy(asc(entitlements.unitNetMinor));
    expect(lines.map((l) => [l.sku, l.quantity, l.unitNetMinor, l.startDate, l.endDate])).toEqual([
      [SUB, 1, 0, '2027-06-01', '2028-05-31'],
      [HW, 2, 85_050, '2027-03-01', '2027-12-31'],
      [SUB, 10, 120_000, '2027-01-01', '2027-12-31'],
    ]);
    const audits = await bed.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'contracts.imported'),
          eq(auditLog.actorUserId, bed.users.admin.id),
        ),
      );
    expect(audits.at(-1)?.details).toMatchObject({ contracts: 2, entitlements: 3 });

    // The same file again: the numbers are taken.
    const again = refusalOf(await post(IMPORT, { csv: goodCsv(n) }));
    expect(again.status).toBe(400);
    expect(again.details.map((d) => d.message)).toEqual([
      `Row 2: contract ${n.a} already exists.`,
      `Row 4: contract ${n.b} already exists.`,
    ]);
  });

  it('reports every bad row by number and saves nothing', async () => {
    const n = numbers();
    const { accountId } = fixtures;
    const csv = [
      HEADER,
      `${n.a},${accountId},EMEA,,EUR,2027-01-01,2027-12-31,${SUB},1,,,100,,,,`,
      `${n.a},${accountId},EMEA,,EUR,2027-01-01,2027-12-31,${SUB},0,,,100,,,,`,
      `${n.a},${accountId},EMEA,,EUR,2027-01-01,2027-12-31,${SUB},1,2027-06-01,2027-05-01,100,,,,`,
      `${n.b},NO-SUCH-ACCOUNT,EMEA,,EUR,2027-01-01,2027-12-31,${SUB},1,,,12.345,,not-an-email,,`,
    ].join('\n');
    const refusal = refusalOf(await post(IMPORT, { csv }));
    expect(refusal.status).toBe(400);
    expect(refusal.message).toBe(
      'Nothing was imported: 5 problems in 3 rows of the file. Correct the file and import it again.',
    );
    expect(refusal.details).toEqual([
      {
        path: 'row 3.quantity',
        row: 3,
        column: 'quantity',
        message: 'Row 3: the quantity must be a whole number above 0.',
      },
      {
        path: 'row 4.end_date',
        row: 4,
        column: 'end_date',
        message: 'Row 4: the end date is before the start date.',
      },
      {
        path: 'row 5.account_id',
        row: 5,
        column: 'account_id',
        message: 'Row 5: there is no CRM account NO-SUCH-ACCOUNT.',
      },
      {
        path: 'row 5.unit_net_price',
        row: 5,
        column: 'unit_net_price',
        message: 'Row 5: the unit net price has at most 2 decimals.',
      },
      {
        path: 'row 5.csm_email',
        row: 5,
        column: 'csm_email',
        message: 'Row 5: “not-an-email” is not an e-mail address.',
      },
    ]);
    expect(await contractsNamed(n.a, n.b)).toEqual([]);
  });

  it('checks without saving on a dry run', async () => {
    const n = numbers();
    const result = dataOfSuccess<Record<string, unknown>>(
      await post(IMPORT, { csv: goodCsv(n), dry_run: true }),
    );
    expect(result).toMatchObject({ dry_run: true, contracts: 2, entitlements: 3 });
    expect(await contractsNamed(n.a, n.b)).toEqual([]);
  });

  it('names a missing column, and rows of one contract that disagree', async () => {
    const missing = refusalOf(
      await post(IMPORT, {
        csv:
          HEADER.replace(',quantity', '') + `\nX,Y,EMEA,,EUR,2027-01-01,2027-12-31,${SUB},,,1,,,,`,
      }),
    );
    expect(missing.details).toEqual([
      {
        path: 'row 1.quantity',
        row: 1,
        column: 'quantity',
        message: 'Row 1: the header must name the column quantity: it is missing.',
      },
    ]);

    const n = numbers();
    const { accountId } = fixtures;
    const disagree = refusalOf(
      await post(IMPORT, {
        csv: [
          HEADER,
          `${n.a},${accountId},EMEA,,EUR,2027-01-01,2027-12-31,${SUB},1,,,100,,,,`,
          `${n.a},${accountId},APJ,,EUR,2027-01-01,2027-12-31,${HW},1,,,100,,,,`,
        ].join('\n'),
      }),
    );
    expect(disagree.details).toEqual([
      {
        path: 'row 3.region',
        row: 3,
        column: 'region',
        message: `Row 3: region “APJ” differs from row 2 of contract ${n.a} (“EMEA”): rows of one contract must agree.`,
      },
    ]);
  });

  it('is refused to a sales user, and to everyone while renewals are switched off', async () => {
    const n = numbers();
    expect((await post(IMPORT, { csv: goodCsv(n) }, 'seller')).statusCode).toBe(403);

    await withAppSetting(bed.ctx.db, 'cpq_renewals_trueups', 'disabled', async () => {
      const refused = await post(IMPORT, { csv: goodCsv(n) }, 'it');
      expect(refused.statusCode).toBe(403);
    });
    expect(await contractsNamed(n.a, n.b)).toEqual([]);
    // Back on, the IT administrator may import.
    expect((await post(IMPORT, { csv: goodCsv(n), dry_run: true }, 'it')).statusCode).toBe(200);
  });
});
