import { describe, expect, it } from 'vitest';
import { useCatalogTestBed } from './catalog-admin.test-harness.ts';

const { api } = useCatalogTestBed();

interface Sku {
  sku: string;
  name: string;
  kind: string;
  billing: string;
  family_id: string;
  hierarchy_node_id: string | null;
  is_shippable: boolean;
  is_active: boolean;
  successor_sku: string | null;
}

const read = (code: string) => api.dataOf<Sku>('skus/get', { sku: code });

const newSubscription = () =>
  api.createSku({ kind: 'SUBSCRIPTION', billing: 'ANNUAL', is_shippable: false });

const setSuccessor = async (code: string, successor: string | null) =>
  api.dataOf<Sku>('skus/save', await api.editBodyOf(code, { successor_sku: successor }));

/** A refused save: its status, and the one message at the field it names. */
async function refusal(code: string, changes: Record<string, unknown>) {
  const response = await api.post('skus/save', await api.editBodyOf(code, changes));
  const body = response.json<{ errors: { path: string; message: string }[] }>();
  return { status: response.statusCode, details: body.errors };
}

describe('a SKU’s successor', () => {
  it('is saved, shown in the SKU’s answer and cleared again', async () => {
    const [legacy, current] = await Promise.all([newSubscription(), newSubscription()]);
    expect((await read(legacy)).successor_sku).toBeNull();

    // Codes come in any case, as elsewhere in the catalogue.
    const saved = await setSuccessor(legacy, ` ${current.toLowerCase()} `);
    expect(saved.successor_sku).toBe(current);
    expect((await read(legacy)).successor_sku).toBe(current);

    expect((await setSuccessor(legacy, null)).successor_sku).toBeNull();
  });

  it('is given to a new SKU as it is created', async () => {
    const current = await newSubscription();
    const legacy = await api.createSku({
      kind: 'SUPPORT',
      billing: 'ANNUAL',
      is_shippable: false,
      successor_sku: current,
    });
    expect((await read(legacy)).successor_sku).toBe(current);
  });

  it('must be a SKU of the catalogue, other than the SKU itself', async () => {
    const sku = await newSubscription();
    expect(await refusal(sku, { successor_sku: 'NO-SUCH-SKU-42' })).toEqual({
      status: 400,
      details: [
        { path: 'successor_sku', message: 'There is no SKU NO-SUCH-SKU-42 to be the successor.' },
      ],
    });
    expect(await refusal(sku, { successor_sku: sku })).toEqual({
      status: 400,
      details: [
        {
          path: 'successor_sku',
          message: 'A SKU cannot be its own successor: choose another SKU.',
        },
      ],
    });
    expect((await read(sku)).successor_sku).toBeNull();
  });

  it('cannot be a bundle', async () => {
    const [sku, bundle] = await Promise.all([
      newSubscription(),
      api.createSku({ kind: 'BUNDLE', is_shippable: false }),
    ]);
    const refused = await refusal(sku, { successor_sku: bundle });
    expect(refused.status).toBe(400);
    expect(refused.details).toEqual([
      {
        path: 'successor_sku',
        message: `${bundle} is a bundle: a renewal cannot migrate to a bundle. Choose one of its components.`,
      },
    ]);
    expect((await read(sku)).successor_sku).toBeNull();
  });

  it('never leads back to the SKU, however long the way round', async () => {
    const [a, b, c] = await Promise.all([newSubscription(), newSubscription(), newSubscription()]);
    await setSuccessor(a, b);

    const direct = await refusal(b, { successor_sku: a });
    expect(direct.status).toBe(400);
    expect(direct.details).toEqual([
      {
        path: 'successor_sku',
        message: `${a} leads back to ${b} (${b} → ${a} → ${b}): successors cannot go round in a circle.`,
      },
    ]);

    await setSuccessor(b, c);
    const longer = await refusal(c, { successor_sku: a });
    expect(longer.details[0]?.message).toBe(
      `${a} leads back to ${c} (${c} → ${a} → ${b} → ${c}): successors cannot go round in a circle.`,
    );
    expect((await read(c)).successor_sku).toBeNull();

    // A chain that does not come back is fine.
    const d = await newSubscription();
    expect((await setSuccessor(d, a)).successor_sku).toBe(a);
  });

  it('keeps a SKU that is a successor from becoming a bundle (409)', async () => {
    const [legacy, current] = await Promise.all([newSubscription(), newSubscription()]);
    await setSuccessor(legacy, current);
    const refused = await refusal(current, { kind: 'BUNDLE', billing: 'ONE_TIME' });
    expect(refused).toEqual({
      status: 409,
      details: [
        {
          path: 'kind',
          message: `${current} is the successor of ${legacy}, and a bundle cannot be a successor: give that SKU another successor first.`,
        },
      ],
    });
    expect((await read(current)).kind).toBe('SUBSCRIPTION');
  });
});
