import { and, eq, isNull, sql } from 'drizzle-orm';
import { skuPrices, skus } from '@bastion/db/schema/catalog';
import { DEMO_PASSWORD, seedDemoData } from '@bastion/db/seed/demo-data';
import { seedReferenceData } from '@bastion/db/seed/reference-data';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { hashPassword } from '../core/access/passwords.ts';
import { headerValues, insertOpportunity } from '../test/quote-fixtures.ts';
import { openBenchDatabase, type BenchSettings } from './bench-database.ts';

/**
 * The app built in process (as the server tests build it) over a bench database with the demo
 * data, signed in as the demo seller: what the request benchmarks share.
 */
export async function openBenchApp(settings: BenchSettings) {
  const handle = await openBenchDatabase(settings);
  const { db } = handle;
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(skus);
  if (n === 0) {
    await seedReferenceData(db);
    await seedDemoData(db, await hashPassword(DEMO_PASSWORD));
  }
  const app = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      RATE_LIMIT_API_PER_MINUTE: '0',
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    }),
    db,
    version: 'bench',
    logger: false,
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/security/auth/login',
    payload: { email: 'sales@bastion.test', password: DEMO_PASSWORD },
  });
  const cookie = login.cookies.find((c) => c.name === 'bastion_session');
  if (!cookie) throw new Error(`login failed: ${login.body}`);
  const post = (path: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: path,
      payload,
      headers: { cookie: `bastion_session=${cookie.value}` },
    });
  const dataOf = async <T>(path: string, payload: object): Promise<T> => {
    const response = await post(path, payload);
    if (response.statusCode !== 200) {
      throw new Error(`${path}: ${response.statusCode} ${response.body.slice(0, 500)}`);
    }
    return response.json<{ data: T }>().data;
  };
  /** A new quote of the demo seller's on a North American USD opportunity: its id. */
  const createUsdQuote = async (values: Record<string, string>) => {
    const opportunityId = await insertOpportunity(db, {
      region: 'North America',
      currencyCode: 'USD',
      ownerEmail: 'sales@bastion.test',
    });
    const made = await dataOf<{ id: string }>('/api/dx/create-quote', {
      opportunity_id: opportunityId,
      values: headerValues(values),
    });
    return made.id;
  };
  return {
    db,
    app,
    post,
    dataOf,
    createUsdQuote,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** Products a seller can put on a USD quote: active, priced, neither sized nor bundled. */
export async function priceableUsdSkus(db: Awaited<ReturnType<typeof openBenchApp>>['db']) {
  const priceable = await db
    .selectDistinct({ sku: skus.sku })
    .from(skus)
    .innerJoin(skuPrices, eq(skuPrices.sku, skus.sku))
    .where(
      and(
        eq(skus.isActive, true),
        isNull(skus.pricingModel),
        sql`${skus.kind} <> 'BUNDLE'`,
        eq(skuPrices.currencyCode, 'USD'),
      ),
    );
  const codes = priceable.map((row) => row.sku);
  if (codes.length === 0) throw new Error('No priceable SKU in the demo catalogue.');
  return codes;
}
