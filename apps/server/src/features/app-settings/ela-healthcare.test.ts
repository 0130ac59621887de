import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELA_HEALTHCARE_MESSAGE } from '@bastion/domain/app-settings/ela-healthcare';
import { crmAccounts, crmOpportunities } from '@bastion/db/schema/crm';
import { appSettings } from '@bastion/db/schema/navigation';
import { quotes } from '@bastion/db/schema/quotes';
import { dataOfSuccess } from '../../test/answers.ts';
import { headerValues, insertOpportunity } from '../../test/quote-fixtures.ts';
import { useTestBed } from '../../test/test-bed.ts';

const { ctx, cookies } = useTestBed({
  root: 'ROOT_ADMIN',
  seller: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['NA'] }] },
});

const SETTING = 'remove_ela_healthcare';
let saved: typeof appSettings.$inferSelect | undefined;
beforeAll(async () => {
  [saved] = await ctx.db.select().from(appSettings).where(eq(appSettings.name, SETTING));
});
// The worker's other files share the database: put the setting back as it was.
afterAll(async () => {
  if (saved) await ctx.db.update(appSettings).set(saved).where(eq(appSettings.name, SETTING));
});

const post = (who: keyof typeof cookies, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: cookies[who] } });
const switchSetting = async (value: 'enable' | 'disabled') =>
  dataOfSuccess(await post('root', '/api/admin/update-app-setting', { name: SETTING, value }));

/** An opportunity of North America whose customer's CRM industry is the one given. */
async function opportunityOf(industry: string) {
  const id = await insertOpportunity(ctx.db, { region: 'North America', partner: true });
  const [opp] = await ctx.db
    .select({ accountId: crmOpportunities.accountId })
    .from(crmOpportunities)
    .where(eq(crmOpportunities.id, id));
  await ctx.db
    .update(crmAccounts)
    .set({ industry })
    .where(eq(crmAccounts.id, opp?.accountId ?? ''));
  return id;
}
const createQuote = (opportunityId: string, quoteType: string) =>
  post('seller', '/api/dx/create-quote', {
    opportunity_id: opportunityId,
    values: headerValues({ quote_type: quoteType, contract_length: '36' }),
  });
const quotesOf = (opportunityId: string) =>
  ctx.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.opportunityId, opportunityId));
const formFor = async (opportunityId: string) =>
  dataOfSuccess<{ unoffered_quote_types: { value: string; reason: string }[] }>(
    await post('seller', '/api/dx/get-opportunity', { id: opportunityId }),
  );

describe('app setting remove_ela_healthcare', () => {
  it('while on: the form leaves ELA out for a healthcare account, and creating one is refused', async () => {
    await switchSetting('enable');
    const hospital = await opportunityOf('Healthcare');
    expect((await formFor(hospital)).unoffered_quote_types).toEqual([
      { value: 'ELA', reason: ELA_HEALTHCARE_MESSAGE },
    ]);

    const refused = await createQuote(hospital, 'ELA');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: ELA_HEALTHCARE_MESSAGE,
      errors: [{ path: 'quote_type', message: ELA_HEALTHCARE_MESSAGE }],
    });
    expect(await quotesOf(hospital)).toEqual([]);

    // Other quote types, and ELA for other industries, are made as before.
    dataOfSuccess(await createQuote(hospital, 'STANDARD'));
    const bank = await opportunityOf('Banking');
    expect((await formFor(bank)).unoffered_quote_types).toEqual([]);
    dataOfSuccess(await createQuote(bank, 'ELA'));
  });

  it('while off: ELA is offered and made for a healthcare account', async () => {
    await switchSetting('disabled');
    const hospital = await opportunityOf('Healthcare');
    expect((await formFor(hospital)).unoffered_quote_types).toEqual([]);
    const created = dataOfSuccess<{ quote_type: string }>(await createQuote(hospital, 'ELA'));
    expect(created.quote_type).toBe('ELA');
  });
});
