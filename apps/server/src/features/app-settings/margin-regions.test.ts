import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcHwSkuCosts, skuPrices, skus } from '@bastion/db/schema/catalog';
import { appSettings } from '@bastion/db/schema/navigation';
import { decimalAsMinor } from '@bastion/domain/pricing/slim-result';
import { dataOfSuccess } from '../../test/answers.ts';
import {
  ensureTestFamily,
  headerValues,
  insertOpportunity,
  unique,
} from '../../test/quote-fixtures.ts';
import { useTestBed } from '../../test/test-bed.ts';

const { ctx, cookies } = useTestBed({
  root: 'ROOT_ADMIN',
  desk: 'DEAL_DESK',
  seller: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }] },
});

const SETTING = 'margin_calc_controlled_introduction';
const SKU = `T-MARGIN-${unique().slice(0, 6).toUpperCase()}`;
let saved: typeof appSettings.$inferSelect | undefined;

beforeAll(async () => {
  [saved] = await ctx.db.select().from(appSettings).where(eq(appSettings.name, SETTING));
  await ensureTestFamily(ctx.db);
  await ctx.db.insert(skus).values({
    sku: SKU,
    name: 'Margin test appliance',
    kind: 'HARDWARE',
    billing: 'ONE_TIME',
    familyId: 'TEST_FAMILY',
    description: '',
  });
  await ctx.db.insert(skuPrices).values({
    sku: SKU,
    currencyCode: 'EUR',
    unitPriceMinor: 92_000,
    effectiveFrom: '2020-01-01',
  });
  await ctx.db.insert(mcHwSkuCosts).values({ sku: SKU, unitCostUsdMinor: 40_000 });
});
// The worker's other files share the database: put the setting back as it was.
afterAll(async () => {
  if (saved) await ctx.db.update(appSettings).set(saved).where(eq(appSettings.name, SETTING));
});

const post = (who: keyof typeof cookies, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: cookies[who] } });
const setRegions = async (value: string) =>
  dataOfSuccess(await post('root', '/api/admin/update-app-setting', { name: SETTING, value }));

/** The configure page's slim pricing (pricing/slim-result.ts): margin only for who sees it. */
interface Pricing {
  shows_margin: boolean;
  totals: { net: string; cost?: string | null; margin?: string | null };
}

/** An EMEA quote with one priced, costed line. */
async function emeaQuote() {
  const opportunityId = await insertOpportunity(ctx.db, { region: 'EMEA' });
  const made = dataOfSuccess<{ id: string }>(
    await post('seller', '/api/dx/create-quote', {
      opportunity_id: opportunityId,
      values: headerValues(),
    }),
  );
  dataOfSuccess(
    await post('seller', '/api/dx/save-quote-configuration', {
      id: made.id,
      version: 1,
      lines: [{ key: 'a', sku: SKU, quantities: [1] }],
      advance: false,
    }),
  );
  return made.id;
}
const opened = async (id: string) =>
  dataOfSuccess<{ pricing: { result: Pricing } }>(
    await post('desk', '/api/dx/quote-configuration', { id }),
  ).pricing.result;
const drafted = async (id: string) =>
  dataOfSuccess<Pricing>(
    await post('desk', '/api/dx/pricing/execute', {
      id,
      lines: [{ key: 'a', sku: SKU, quantities: [2] }],
    }),
  );

describe('app setting margin_calc_controlled_introduction', () => {
  it('sends margin only for quotes of the chosen regions', async () => {
    const id = await emeaQuote();

    await setRegions('disabled');
    const everywhere = await opened(id);
    expect(everywhere.shows_margin).toBe(true);
    expect(everywhere.totals.margin).toMatch(/^-?\d+\.\d\d$/);

    await setRegions('APJ,North America');
    for (const pricing of [await opened(id), await drafted(id)]) {
      expect(pricing.shows_margin).toBe(false);
      // Never sent, not even empty.
      expect(pricing.totals).not.toHaveProperty('margin');
      expect(pricing.totals).not.toHaveProperty('cost');
    }

    await setRegions('EMEA,APJ');
    for (const pricing of [await opened(id), await drafted(id)]) {
      expect(pricing.shows_margin).toBe(true);
      expect(decimalAsMinor(pricing.totals.cost ?? '')).toBeGreaterThan(0);
    }
  });
});
