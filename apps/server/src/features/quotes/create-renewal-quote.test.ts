import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '@bastion/domain/renewals/proration';
import { contracts, quoteLines, quotes } from '@bastion/db/schema/quotes';
import { todayIso } from '../../core/renewals/contracts.repository.ts';
import { dataOfSuccess } from '../../test/answers.ts';
import { insertContract, type ContractOptions } from '../../test/contract-fixtures.ts';
import { insertPricedTestSkus, unique } from '../../test/quote-fixtures.ts';
import { inRegion, signedInUser, type TestRole } from '../../test/test-app.ts';
import { DIRECT_QUOTE_REFUSED } from './quote-channel.ts';
import { useTestApp } from '../../test/test-bed.ts';
import { monthsCovering } from '@bastion/domain/renewals/renewal-draft';
import { renewalTermOf } from './create-renewal-quote.ts';

const ctx = useTestApp();

const post = (url: string, payload: object, cookie: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { cookie } });

const userWith = (...roles: TestRole[]) => signedInUser(ctx, ...roles);
const inNa = (role: string) => inRegion(role, 'NA');

interface Created {
  id: string;
  quote_number: string;
  target_path: string;
}

const create = (contractId: string, kind: string, cookie: string) =>
  post('/api/dx/renewals/create-quote', { contract_id: contractId, kind }, cookie);

const created = async (contractId: string, kind: string, cookie: string) =>
  dataOfSuccess<Created>(await create(contractId, kind, cookie));

const quoteRow = async (id: string) =>
  (await ctx.db.select().from(quotes).where(eq(quotes.id, id)))[0];

const linesOf = (id: string) =>
  ctx.db
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, id))
    .orderBy(asc(quoteLines.position));

const skuPrefix = `RNQ-${unique()}`;
const sku = (code: string) => `${skuPrefix}-${code}`;
let skusMade = false;

/** A North American contract with an annual line ending with it, one ending earlier and hardware. */
async function contractWithLines(options: Partial<ContractOptions> = {}) {
  if (!skusMade) {
    await insertPricedTestSkus(ctx.db, sku, ['SUB', 'FW']);
    skusMade = true;
  }
  const end = options.end ?? '2027-02-28';
  const endDate = typeof end === 'number' ? addDays(todayIso(), end) : end;
  return insertContract(ctx.db, {
    region: 'North America',
    end,
    lines: [
      { sku: sku('SUB'), quantity: 25, unitNetMinor: 9_000 },
      { sku: sku('SUB'), quantity: 5, unitNetMinor: 8_000, end: addDays(endDate, -30) },
      { sku: sku('FW'), quantity: 2, unitNetMinor: 40_000 },
    ],
    ...options,
  });
}

describe('the terms of renewal quotes', () => {
  it('renews for 12 months from the day after the end, through leap years', () => {
    const contract = { startDate: '2026-03-01', endDate: '2027-02-28' };
    expect(renewalTermOf('RENEWAL', contract, '2026-12-01')).toEqual({
      termStart: '2027-03-01',
      termEnd: '2028-02-29',
      contractLength: 12,
    });
  });

  it('co-terms and trues up from today (or a later start) to the end, in whole months', () => {
    const contract = { startDate: '2027-01-01', endDate: '2027-12-31' };
    expect(renewalTermOf('COTERM', contract, '2026-12-01')).toEqual({
      termStart: '2027-01-01',
      termEnd: '2027-12-31',
      contractLength: 12,
    });
    expect(renewalTermOf('TRUE_UP', contract, '2027-06-15')).toEqual({
      termStart: '2027-06-15',
      termEnd: '2027-12-31',
      contractLength: 7,
    });
    expect(monthsCovering('2027-01-01', '2027-01-01')).toBe(1);
    expect(monthsCovering('2027-01-01', '2035-01-01')).toBe(60);
  });
});

describe('POST /api/dx/renewals/create-quote', () => {
  it('makes a renewal with the annual lines running on the end date, SKU type SAME', async () => {
    const seller = await userWith(inNa('RENEWAL_USER'), inNa('SALES_USER'));
    const contract = await contractWithLines();
    const answer = await created(contract.id, 'RENEWAL', seller.cookie);
    expect(answer.quote_number).toMatch(/^Q-\d{4}-\d{6}$/);
    expect(answer.target_path).toBe(`/cpq/configure-renewal-quote/${answer.id}/R`);

    const quote = await quoteRow(answer.id);
    expect(quote).toMatchObject({
      quoteName: `Renewal of ${contract.contractNumber} (${contract.accountName})`,
      quoteType: 'STANDARD',
      dealType: 'R',
      isRenewal: true,
      isCoterm: false,
      statusId: 'INCOMPLETE',
      contractLength: 12,
      contractId: contract.id,
      currencyCode: 'EUR',
      region: 'North America',
      renewal: {
        kind: 'RENEWAL',
        contract_ids: [contract.id],
        term_start: '2027-03-01',
        term_end: '2028-02-29',
        default_uplift_percent: '5',
        drops: [],
      },
    });
    const header = (quote?.details as { header: Record<string, unknown> }).header;
    expect(header).toMatchObject({
      quote_name: quote?.quoteName,
      deal_type: 'R',
      contract_length: '12',
      contract_start_date: '2027-03-01',
      contract_end_date: '2028-02-29',
    });

    const lines = await linesOf(answer.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      sku: sku('SUB'),
      y1: 25,
      skuType: 'SAME',
      priorUnitNetMinor: 9_000,
      position: 0,
    });
    expect(Number(lines[0]?.upliftPercent)).toBe(5);

    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row?.renewalQuoteId).toBe(answer.id);

    // The desk shows it in progress, and a second renewal is refused by the first's number.
    const again = await create(contract.id, 'RENEWAL', seller.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `${contract.contractNumber} already has renewal quote ${answer.quote_number} in progress.`,
    );
  });

  it('leaves the SKU type for the deal desk to choose', async () => {
    const dealDesk = await userWith({ role: 'DEAL_DESK' });
    const contract = await contractWithLines();
    const answer = await created(contract.id, 'RENEWAL', dealDesk.cookie);
    const lines = await linesOf(answer.id);
    expect(lines.map((l) => [l.sku, l.skuType, l.entitlementId !== null])).toEqual([
      [sku('SUB'), null, true],
    ]);
  });

  it('makes a co-term and a true-up quote without lines, over the rest of the contract', async () => {
    const cotermUser = await userWith(
      inNa('RENEWAL_USER'),
      inNa('SALES_USER'),
      inNa('COTERM_USER'),
    );
    const contract = await contractWithLines({ end: 200 });
    const today = todayIso();

    const coterm = await created(contract.id, 'COTERM', cotermUser.cookie);
    expect(coterm.target_path).toBe(`/cpq/configure-renewal-coterm-quote/${coterm.id}/NB`);
    expect(await quoteRow(coterm.id)).toMatchObject({
      quoteName: `Co-term onto ${contract.contractNumber}`,
      dealType: 'NB',
      isCoterm: true,
      isRenewal: false,
      contractLength: monthsCovering(today, contract.endDate),
      renewal: { kind: 'COTERM', term_start: today, term_end: contract.endDate },
    });
    expect(await linesOf(coterm.id)).toEqual([]);

    const trueUp = await created(contract.id, 'TRUE_UP', cotermUser.cookie);
    expect(trueUp.target_path).toBe(`/cpq/configure-renewal-quote/${trueUp.id}/TU`);
    expect(await quoteRow(trueUp.id)).toMatchObject({
      quoteName: `True-up of ${contract.contractNumber}`,
      dealType: 'TU',
      isRenewal: true,
      renewal: { kind: 'TRUE_UP', term_start: today, term_end: contract.endDate },
    });
    expect(await linesOf(trueUp.id)).toEqual([]);

    // Neither takes the contract's renewal slot.
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row?.renewalQuoteId).toBeNull();
  });

  it('refuses renewed and lost contracts, co-terms without the role, and contracts out of scope', async () => {
    const seller = await userWith(inNa('RENEWAL_USER'), inNa('SALES_USER'));
    const renewed = await contractWithLines({ renewed: true });
    const refusedRenewed = await create(renewed.id, 'RENEWAL', seller.cookie);
    expect(refusedRenewed.statusCode).toBe(409);
    expect(refusedRenewed.json().message).toBe(`${renewed.contractNumber} is already renewed.`);

    const lost = await contractWithLines({ lost: true });
    const refusedLost = await create(lost.id, 'TRUE_UP', seller.cookie);
    expect(refusedLost.statusCode).toBe(409);
    expect(refusedLost.json().message).toContain(lost.contractNumber);

    const contract = await contractWithLines();
    const coterm = await create(contract.id, 'COTERM', seller.cookie);
    expect(coterm.statusCode).toBe(403);
    expect(coterm.json().message).toBe('You may not create co-term quotes.');

    const orphan = await contractWithLines({ withoutOpportunity: true });
    const refusedOrphan = await create(orphan.id, 'RENEWAL', seller.cookie);
    expect(refusedOrphan.statusCode).toBe(409);
    expect(refusedOrphan.json().message).toBe(
      `${orphan.contractNumber} has no opportunity to quote on.`,
    );

    // A renewals CSM quotes partner deals only: a direct contract is not theirs to renew.
    const csm = await userWith(inNa('RENEWAL_USER'), inNa('CSM_RENEWALS'));
    const direct = await create(contract.id, 'RENEWAL', csm.cookie);
    expect(direct.statusCode).toBe(403);
    expect(direct.json().message).toBe(DIRECT_QUOTE_REFUSED);

    const outsider = await userWith(
      { role: 'RENEWAL_USER', assignment: 'REGION', assignmentValue: ['EMEA'] },
      { role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] },
    );
    const hidden = await create(contract.id, 'RENEWAL', outsider.cookie);
    expect(hidden.statusCode).toBe(404);
    const hiddenContract = await post(
      '/api/dx/renewals/contract',
      { contract_id: contract.id },
      outsider.cookie,
    );
    expect(hiddenContract.statusCode).toBe(404);

    expect(await ctx.db.select().from(quotes).where(eq(quotes.contractId, contract.id))).toEqual(
      [],
    );
  });
});
