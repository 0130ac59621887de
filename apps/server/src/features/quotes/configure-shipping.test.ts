import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { quoteShippingLines, quotes } from '@bastion/db/schema/quotes';
import { createTestQuote, insertPricedTestSkus, testSkuNames } from '../../test/quote-fixtures.ts';
import { postCalls, useTestBed } from '../../test/test-bed.ts';
import { FINISH_CONFIGURATION_MESSAGE } from './configure-shipping.ts';

const { ctx, cookies } = useTestBed({ desk: 'DEAL_DESK' });
const { post } = postCalls({ ctx, cookies }, 'desk');
const sku = testSkuNames('S');

beforeAll(() => insertPricedTestSkus(ctx.db, sku, ['FW', 'AP', 'SUB']));

interface Shipping {
  quote: { version: number; status_id: string };
  needs_realignment: boolean;
  products: { line_id: string; sku: string; needs_realignment: boolean }[];
  lines: unknown[];
  errors: Record<string, string>;
}

/** A quote configured with the given lines and moved on to shipping; its shipping state. */
async function quoteAtShipping(
  type: 'STANDARD' | 'ELA',
  lines: { sku: string; quantities: number[] }[],
  contractLength = type === 'ELA' ? '36' : '12',
) {
  const id = await createTestQuote(ctx, cookies.desk, {
    quote_type: type,
    contract_length: contractLength,
  });
  const configured = await post('/api/dx/save-quote-configuration', {
    id,
    version: 1,
    advance: true,
    lines: lines.map((l, i) => ({ key: String(i), sku: sku(l.sku), quantities: l.quantities })),
  });
  expect(configured.statusCode, configured.body).toBe(200);
  const shipping = (await post('/api/dx/quote-shipping', { id })).json<{ data: Shipping }>().data;
  return {
    id,
    shipping,
    productId: (code: string) => shipping.products.find((p) => p.sku === sku(code))?.line_id ?? '',
  };
}

const saveShipping = (id: string, version: number, body: object) =>
  post('/api/dx/save-quote-shipping', { id, version, products: [], ...body });

const errorsOf = (response: { json: <T>() => T }) =>
  Object.fromEntries(
    response
      .json<{ errors: { path: string; message: string }[] }>()
      .errors.map((e) => [e.path, e.message]),
  );

describe('shipping and hardware', () => {
  it('lists only the hardware, splits it and moves the quote on to terms', async () => {
    const { id, shipping, productId } = await quoteAtShipping('STANDARD', [
      { sku: 'FW', quantities: [10] },
      { sku: 'SUB', quantities: [10] },
    ]);
    expect(shipping.products.map((p) => p.sku)).toEqual([sku('FW')]);
    expect(shipping.errors[`products.${productId('FW')}.shipping_quantity`]).toBe(
      'Total Shipping Quantity does not match with sum of Shipping Quantities',
    );
    const saved = await saveShipping(id, shipping.quote.version, {
      advance: true,
      lines: [
        { line_id: productId('FW'), region: 'EMEA', incoterm: 'DAP', quantity: 6 },
        { line_id: productId('FW'), region: 'NA', incoterm: 'EXW', quantity: 4 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const data = saved.json<{ data: Shipping & { quote: { target_path: string } } }>().data;
    expect(data.quote.status_id).toBe('TNC');
    expect(data.quote.target_path).toBe(`/cpq/terms-condition/${id}/STANDARD`);
    expect(data.errors).toEqual({});
    expect(data.lines).toHaveLength(2);
  });

  it.each([
    [
      'a total that does not match',
      [{ region: 'EMEA', incoterm: 'DAP', quantity: 3 }],
      'shipping_quantity',
      'Total Shipping Quantity does not match with sum of Shipping Quantities',
    ],
    [
      'a line with no region',
      [{ incoterm: 'DAP', quantity: 5 }],
      'lines.0.region',
      'Please select Region.',
    ],
    [
      'a line with no incoterm',
      [{ region: 'EMEA', quantity: 5 }],
      'lines.0.incoterm',
      'Please select Incoterm.',
    ],
    [
      'a line with no quantity',
      [{ region: 'EMEA', incoterm: 'DAP' }],
      'lines.0.quantity',
      'Please enter Quantity.',
    ],
    [
      'an unknown region',
      [{ region: 'MARS', incoterm: 'DAP', quantity: 5 }],
      'lines.0.region',
      'There is no region "MARS".',
    ],
    [
      'an unknown incoterm',
      [{ region: 'EMEA', incoterm: 'FOB9', quantity: 5 }],
      'lines.0.incoterm',
      'There is no incoterm "FOB9".',
    ],
  ])(
    'STANDARD: refuses %s with its message, changing nothing',
    async (_n, lines, path, message) => {
      const { id, shipping, productId } = await quoteAtShipping('STANDARD', [
        { sku: 'FW', quantities: [5] },
      ]);
      const response = await saveShipping(id, shipping.quote.version, {
        lines: lines.map((l) => ({ line_id: productId('FW'), ...l })),
      });
      expect(response.statusCode).toBe(400);
      const key =
        path === 'shipping_quantity' ? `products.${productId('FW')}.shipping_quantity` : path;
      expect(errorsOf(response)[key]).toBe(message);
      const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
      expect(row?.version).toBe(shipping.quote.version);
      expect(
        await ctx.db.select().from(quoteShippingLines).where(eq(quoteShippingLines.quoteId, id)),
      ).toEqual([]);
    },
  );

  it('ELA: checks each year of the contract, and only those', async () => {
    const { id, shipping, productId } = await quoteAtShipping('ELA', [
      { sku: 'FW', quantities: [5, 3, 2] },
      { sku: 'AP', quantities: [10, 0, 0] },
    ]);
    const fw = productId('FW');
    const ap = productId('AP');
    const short = await saveShipping(id, shipping.quote.version, {
      lines: [
        { line_id: fw, region: 'EMEA', incoterm: 'DAP', years: [5, 1, 2] },
        { line_id: fw, region: 'EMEA', incoterm: 'DAP', years: [0, 0, 0] },
      ],
    });
    expect(short.statusCode).toBe(400);
    expect(errorsOf(short)).toMatchObject({
      [`products.${fw}.year2`]:
        'Shipping Quantity does not match with sum of Deployment Schedule for Year 2.',
      'lines.1.deployment_schedule': 'Please enter Deployment Schedule.',
      [`products.${ap}`]: 'Please configure Shipping.',
    });

    // The access points are not shipped at all (manual quantity 0); the firewalls add up.
    const good = await saveShipping(id, shipping.quote.version, {
      advance: true,
      products: [{ line_id: ap, manual_shipping_quantities: [0, 0, 0] }],
      lines: [
        { line_id: fw, region: 'EMEA', incoterm: 'DAP', years: [5, 1, 2] },
        // A value in year 4 of a 36-month contract ships nothing and is not checked.
        { line_id: fw, region: 'APJ', incoterm: 'DAP', years: [0, 2, 0, 9] },
      ],
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json<{ data: Shipping }>().data.quote.status_id).toBe('TNC');
  });

  it('will not ship a quote whose products are not configured yet', async () => {
    const id = await createTestQuote(ctx, cookies.desk);
    const response = await saveShipping(id, 1, { lines: [], advance: true });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: FINISH_CONFIGURATION_MESSAGE });
  });

  it('refuses a stale version', async () => {
    const { id, shipping, productId } = await quoteAtShipping('STANDARD', [
      { sku: 'FW', quantities: [1] },
    ]);
    const lines = [{ line_id: productId('FW'), region: 'EMEA', incoterm: 'DAP', quantity: 1 }];
    expect((await saveShipping(id, shipping.quote.version, { lines })).statusCode).toBe(200);
    expect((await saveShipping(id, shipping.quote.version, { lines })).statusCode).toBe(409);
  });

  it('realigns: changing a shipped product clears its shipping and sends the quote back', async () => {
    const { id, shipping, productId } = await quoteAtShipping('STANDARD', [
      { sku: 'FW', quantities: [4] },
      { sku: 'AP', quantities: [2] },
    ]);
    const fw = productId('FW');
    const ap = productId('AP');
    const shipped = await saveShipping(id, shipping.quote.version, {
      advance: true,
      lines: [
        { line_id: fw, region: 'EMEA', incoterm: 'DAP', quantity: 4 },
        { line_id: ap, region: 'EMEA', incoterm: 'DAP', quantity: 2 },
      ],
    });
    const version = shipped.json<{ data: Shipping }>().data.quote.version;

    // Back on the configure page the firewalls go from 4 to 6; the access points stay.
    const reconfigured = await post('/api/dx/save-quote-configuration', {
      id,
      version,
      lines: [
        { id: fw, key: 'fw', sku: sku('FW'), quantities: [6] },
        { id: ap, key: 'ap', sku: sku('AP'), quantities: [2] },
      ],
    });
    expect(reconfigured.statusCode, reconfigured.body).toBe(200);
    const configuration = reconfigured.json<{
      data: { quote: { status_id: string; version: number }; needs_shipping_realignment: boolean };
    }>().data;
    expect(configuration.quote.status_id).toBe('INCOMPLETE');
    expect(configuration.needs_shipping_realignment).toBe(true);

    const after = (await post('/api/dx/quote-shipping', { id })).json<{ data: Shipping }>().data;
    expect(after.needs_realignment).toBe(true);
    expect(after.products.find((p) => p.line_id === fw)?.needs_realignment).toBe(true);
    expect(after.products.find((p) => p.line_id === ap)?.needs_realignment).toBe(false);
    // Only the changed product lost its lines.
    expect(after.lines).toEqual([expect.objectContaining({ line_id: ap, quantity: 2 })]);

    // Next on the configure page, then re-adding the firewalls' shipping, clears the mark.
    const next = await post('/api/dx/save-quote-configuration', {
      id,
      version: configuration.quote.version,
      advance: true,
      lines: [
        { id: fw, key: 'fw', sku: sku('FW'), quantities: [6] },
        { id: ap, key: 'ap', sku: sku('AP'), quantities: [2] },
      ],
    });
    const nextVersion = next.json<{ data: { quote: { version: number; status_id: string } } }>()
      .data.quote;
    expect(nextVersion.status_id).toBe('SH_HW_CONFIG');
    const realigned = await saveShipping(id, nextVersion.version, {
      lines: [
        { line_id: fw, region: 'NA', incoterm: 'EXW', quantity: 6 },
        { line_id: ap, region: 'EMEA', incoterm: 'DAP', quantity: 2 },
      ],
    });
    expect(realigned.statusCode, realigned.body).toBe(200);
    expect(realigned.json<{ data: Shipping }>().data.needs_realignment).toBe(false);
  });
});
