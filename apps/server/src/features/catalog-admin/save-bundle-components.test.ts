import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bundleComponents, bundleFeatures } from '@bastion/db/schema/catalog';
import { useCatalogTestBed } from './catalog-admin.test-harness.ts';

const { bed, api } = useCatalogTestBed();

interface Component {
  sku: string;
  name: string;
  kind: string;
  is_active: boolean;
  quantity: number;
  feature: string | null;
  selection: string;
}
interface Feature {
  name: string;
  min_options: number;
  max_options: number | null;
}
interface Sku {
  sku: string;
  kind: string;
  components: Component[];
  features: Feature[];
}

const newBundle = () => api.createSku({ kind: 'BUNDLE', is_shippable: false });

/** The stored rows of a bundle, to prove a refused save changed nothing. */
async function storedComponents(bundle: string) {
  const rows = await bed.ctx.db
    .select({ sku: bundleComponents.componentSku, quantity: bundleComponents.quantity })
    .from(bundleComponents)
    .where(eq(bundleComponents.bundleSku, bundle))
    .orderBy(asc(bundleComponents.componentSku));
  return rows;
}

/** Every stored row of a bundle's options and option groups, to prove a refusal changed nothing. */
async function storedOptions(bundle: string) {
  const [components, features] = await Promise.all([
    bed.ctx.db
      .select()
      .from(bundleComponents)
      .where(eq(bundleComponents.bundleSku, bundle))
      .orderBy(asc(bundleComponents.componentSku)),
    bed.ctx.db
      .select()
      .from(bundleFeatures)
      .where(eq(bundleFeatures.bundleSku, bundle))
      .orderBy(asc(bundleFeatures.position)),
  ]);
  return { components, features };
}

const save = (bundle: string, components: unknown, cookie?: string) =>
  api.post('skus/save-components', { sku: bundle, components }, cookie);

describe('a bundle’s components', () => {
  it('saves, replaces and shows the components, with an audit of what changed', async () => {
    const bundle = await newBundle();
    const [appliance, licence, support] = await Promise.all([
      api.createSku(),
      api.createSku({ kind: 'SUBSCRIPTION', billing: 'ANNUAL', is_shippable: false }),
      api.createSku({ kind: 'SUPPORT', billing: 'ANNUAL', is_shippable: false }),
    ]);
    // Codes may come in any case and with spaces around them.
    const first = await api.dataOf<Sku>('skus/save-components', {
      sku: bundle,
      components: [
        { sku: ` ${appliance.toLowerCase()} `, quantity: 1 },
        { sku: licence, quantity: 2 },
      ],
    });
    expect(first.components).toEqual(
      [
        { sku: appliance, name: `Test SKU ${appliance}`, kind: 'HARDWARE', quantity: 1 },
        { sku: licence, name: `Test SKU ${licence}`, kind: 'SUBSCRIPTION', quantity: 2 },
      ]
        // A body without option groups saves a fixed bundle: every component comes with it.
        .map((c) => ({ ...c, is_active: true, feature: null, selection: 'REQUIRED' }))
        .sort((a, b) => a.sku.localeCompare(b.sku)),
    );
    expect(first.features).toEqual([]);
    expect((await api.dataOf<Sku>('skus/get', { sku: bundle })).components).toEqual(
      first.components,
    );
    // A catalog user reads them in the SKU panel too.
    expect(
      (await api.dataOf<Sku>('skus/get', { sku: bundle }, bed.cookies.catalogUser)).components,
    ).toHaveLength(2);

    // The whole set is replaced: one removed, one changed, one added.
    await api.dataOf('skus/save-components', {
      sku: bundle,
      components: [
        { sku: licence, quantity: 3 },
        { sku: support, quantity: 1 },
      ],
    });
    expect(await storedComponents(bundle)).toEqual(
      [
        { sku: licence, quantity: 3 },
        { sku: support, quantity: 1 },
      ].sort((a, b) => a.sku.localeCompare(b.sku)),
    );
    const audits = (await api.auditActions(bundle)).filter(
      (a) => a.action === 'catalog.bundle.components_saved',
    );
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({
      actor: bed.users.admin.id,
      details: {
        added: [{ sku: support, quantity: 1 }],
        removed: [{ sku: appliance, quantity: 1 }],
        changed: [{ sku: licence, from: 2, to: 3 }],
      },
    });
    expect(audits[1]?.details).not.toHaveProperty('features_before');
    // Other SKUs carry no components and no option groups.
    const other = await api.dataOf<Sku>('skus/get', { sku: licence });
    expect([other.components, other.features]).toEqual([[], []]);
  });

  it('refuses every bad row at once, with its place, and saves nothing', async () => {
    const bundle = await newBundle();
    const [good, inactive, otherBundle] = await Promise.all([
      api.createSku(),
      api.createSku({ is_active: false }),
      newBundle(),
    ]);
    await api.dataOf('skus/save-components', {
      sku: bundle,
      components: [{ sku: good, quantity: 1 }],
    });
    const response = await save(bundle, [
      { sku: good, quantity: 2 },
      { sku: bundle, quantity: 1 },
      { sku: 'NO-SUCH-SKU-1', quantity: 1 },
      { sku: otherBundle, quantity: 1 },
      { sku: inactive, quantity: 1 },
      { sku: good, quantity: 1 },
    ]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    expect(response.json().errors).toEqual([
      { path: 'components.1.sku', message: 'A bundle cannot contain itself.' },
      { path: 'components.2.sku', message: 'There is no SKU NO-SUCH-SKU-1.' },
      {
        path: 'components.3.sku',
        message: `${otherBundle} is a bundle itself: a bundle holds products, not other bundles.`,
      },
      {
        path: 'components.4.sku',
        message: `${inactive} is inactive: only active SKUs can go into a bundle.`,
      },
      {
        path: 'components.5.sku',
        message: `${good} is listed twice: give it one row with the whole quantity.`,
      },
    ]);
    expect(await storedComponents(bundle)).toEqual([{ sku: good, quantity: 1 }]);
  });

  it.each([
    [0, 'The quantity is a whole number from 1 to 1000.'],
    [-2, 'The quantity is a whole number from 1 to 1000.'],
    [1.5, 'The quantity is a whole number from 1 to 1000.'],
    [1001, 'The quantity is a whole number from 1 to 1000.'],
    ['2', 'The quantity is a whole number from 1 to 1000.'],
  ])('refuses a quantity of %j (400)', async (quantity, message) => {
    const bundle = await newBundle();
    const component = await api.createSku();
    const response = await save(bundle, [{ sku: component, quantity }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'components.0.quantity', message }]);
    expect(await storedComponents(bundle)).toEqual([]);
  });

  it('refuses an empty list, a missing code, and too many rows (400)', async () => {
    const bundle = await newBundle();
    const empty = await save(bundle, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { path: 'components', message: 'A bundle needs at least one component.' },
    ]);
    const blank = await save(bundle, [{ sku: ' ', quantity: 1 }]);
    expect(blank.json().errors).toEqual([
      { path: 'components.0.sku', message: 'Enter the component’s SKU code.' },
    ]);
    const many = await save(
      bundle,
      Array.from({ length: 51 }, (_, i) => ({ sku: `X-${i}`, quantity: 1 })),
    );
    expect(many.json().errors).toEqual([
      { path: 'components', message: 'A bundle holds at most 50 components.' },
    ]);
  });

  it('answers 404 for a bundle that does not exist and 409 for a SKU that is not a bundle', async () => {
    const component = await api.createSku();
    const missing = await save('NO-SUCH-BUNDLE', [{ sku: component, quantity: 1 }]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('There is no SKU NO-SUCH-BUNDLE.');
    const hardware = await api.createSku();
    const notBundle = await save(hardware, [{ sku: component, quantity: 1 }]);
    expect(notBundle.statusCode).toBe(409);
    expect(notBundle.json()).toMatchObject({
      error: 'CONFLICT',
      message: `${hardware} is not a bundle (its kind is HARDWARE): only bundles have components.`,
      errors: [{ path: 'sku' }],
    });
    expect(await storedComponents(hardware)).toEqual([]);
  });

  it('is for catalogue admins and root admins only', async () => {
    const bundle = await newBundle();
    const component = await api.createSku();
    for (const cookie of [bed.cookies.catalogUser, bed.cookies.sales]) {
      const response = await save(bundle, [{ sku: component, quantity: 1 }], cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 403, error: 'FORBIDDEN' });
    }
    expect(await storedComponents(bundle)).toEqual([]);
    const signedOut = await bed.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/catalog/skus/save-components',
      payload: { sku: bundle, components: [{ sku: component, quantity: 1 }] },
    });
    expect(signedOut.statusCode).toBe(403);
    expect(signedOut.json()).toMatchObject({ error: 'SESSION_REQUIRED' });
    await api.dataOf(
      'skus/save-components',
      { sku: bundle, components: [{ sku: component, quantity: 1 }] },
      bed.cookies.root,
    );
    expect(await storedComponents(bundle)).toEqual([{ sku: component, quantity: 1 }]);
  });
});

describe('a bundle’s option groups (issue 34)', () => {
  /** A bundle and five products: an appliance, three support tiers and a subscription. */
  async function flexParts() {
    const bundle = await newBundle();
    const [appliance, standard, premium, elite, licence] = await Promise.all([
      api.createSku(),
      api.createSku({ kind: 'SUPPORT', billing: 'ANNUAL', is_shippable: false }),
      api.createSku({ kind: 'SUPPORT', billing: 'ANNUAL', is_shippable: false }),
      api.createSku({ kind: 'SUPPORT', billing: 'ANNUAL', is_shippable: false }),
      api.createSku({ kind: 'SUBSCRIPTION', billing: 'ANNUAL', is_shippable: false }),
    ]);
    return { bundle, appliance, standard, premium, elite, licence };
  }

  it('saves option groups and each component’s group and selection, and reads them back', async () => {
    const { bundle, appliance, standard, premium, elite, licence } = await flexParts();
    const saved = await api.dataOf<Sku>('skus/save-components', {
      sku: bundle,
      components: [
        { sku: appliance, quantity: 1 },
        { sku: standard, quantity: 1, feature: 'Support tier', selection: 'OPTIONAL' },
        { sku: premium, quantity: 1, feature: 'Support tier', selection: 'DEFAULT' },
        { sku: elite, quantity: 1, feature: 'Support tier', selection: 'OPTIONAL' },
        { sku: licence, quantity: 2, feature: 'Subscriptions', selection: 'OPTIONAL' },
      ],
      features: [
        { name: ' Support tier ', min_options: 1, max_options: 1 },
        { name: 'Subscriptions', min_options: 0, max_options: null },
      ],
    });
    // In the order they were sent, not by name.
    expect(saved.features).toEqual([
      { name: 'Support tier', min_options: 1, max_options: 1 },
      { name: 'Subscriptions', min_options: 0, max_options: null },
    ]);
    const placed = (sku: string) => saved.components.find((c) => c.sku === sku);
    expect(placed(appliance)).toMatchObject({ feature: null, selection: 'REQUIRED' });
    expect(placed(premium)).toMatchObject({ feature: 'Support tier', selection: 'DEFAULT' });
    expect(placed(licence)).toMatchObject({
      feature: 'Subscriptions',
      selection: 'OPTIONAL',
      quantity: 2,
    });
    const read = await api.dataOf<Sku>('skus/get', { sku: bundle }, bed.cookies.catalogUser);
    expect([read.components, read.features]).toEqual([saved.components, saved.features]);

    // A second save moves one option, changes another's selection and drops a group's cap: the
    // audit says so, with the groups as they were.
    await api.dataOf('skus/save-components', {
      sku: bundle,
      components: [
        { sku: appliance, quantity: 1 },
        { sku: standard, quantity: 1, feature: 'Support tier', selection: 'DEFAULT' },
        { sku: premium, quantity: 1, feature: 'Support tier', selection: 'OPTIONAL' },
        { sku: elite, quantity: 1, feature: 'Support tier', selection: 'OPTIONAL' },
        { sku: licence, quantity: 2, feature: null, selection: 'OPTIONAL' },
      ],
      features: [{ name: 'Support tier', min_options: 1, max_options: 2 }],
    });
    const stored = await storedOptions(bundle);
    expect(stored.features.map((f) => [f.name, f.position, f.minOptions, f.maxOptions])).toEqual([
      ['Support tier', 1, 1, 2],
    ]);
    const audits = (await api.auditActions(bundle)).filter(
      (a) => a.action === 'catalog.bundle.components_saved',
    );
    expect(audits).toHaveLength(2);
    expect(audits[0]?.details).toMatchObject({
      features: saved.features,
      components: expect.arrayContaining([
        { sku: premium, quantity: 1, feature: 'Support tier', selection: 'DEFAULT' },
      ]),
    });
    expect(audits[1]?.details).toEqual({
      added: [],
      removed: [],
      changed: [
        { sku: standard, from: 1, to: 1, selection: { from: 'OPTIONAL', to: 'DEFAULT' } },
        { sku: premium, from: 1, to: 1, selection: { from: 'DEFAULT', to: 'OPTIONAL' } },
        { sku: licence, from: 2, to: 2, feature: { from: 'Subscriptions', to: null } },
      ],
      features_before: saved.features,
      features: [{ name: 'Support tier', min_options: 1, max_options: 2 }],
      components: expect.any(Array),
    });

    // An old-style body (no groups, no selections) makes it a fixed bundle again.
    const fixed = await api.dataOf<Sku>('skus/save-components', {
      sku: bundle,
      components: [{ sku: appliance, quantity: 1 }],
    });
    expect(fixed.features).toEqual([]);
    expect(fixed.components).toMatchObject([
      { sku: appliance, feature: null, selection: 'REQUIRED' },
    ]);
    expect((await storedOptions(bundle)).features).toEqual([]);
  });

  it('refuses groups and placements that cannot work, each in its place, and saves nothing', async () => {
    const { bundle, appliance, standard, premium, elite, licence } = await flexParts();
    await api.dataOf('skus/save-components', {
      sku: bundle,
      components: [
        { sku: appliance, quantity: 1 },
        { sku: standard, quantity: 1, feature: 'Support tier', selection: 'DEFAULT' },
      ],
      features: [{ name: 'Support tier', min_options: 1, max_options: 1 }],
    });
    const before = await storedOptions(bundle);
    const response = await api.post('skus/save-components', {
      sku: bundle,
      components: [
        { sku: appliance, quantity: 1, feature: 'Hardware', selection: 'REQUIRED' },
        { sku: standard, quantity: 1, feature: 'Support tier', selection: 'OPTIONAL' },
        { sku: premium, quantity: 1, feature: 'Support tier', selection: 'DEFAULT' },
        { sku: elite, quantity: 1, feature: 'Support tier', selection: 'OPTIONAL' },
        { sku: licence, quantity: 1, feature: 'Extras', selection: 'REQUIRED' },
      ],
      features: [
        { name: 'Support tier', min_options: 4, max_options: null },
        { name: 'support tier', min_options: 0, max_options: null },
        { name: 'Training', min_options: 0, max_options: 2 },
        { name: 'Extras', min_options: 0, max_options: 1 },
      ],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    expect(response.json().errors).toEqual([
      {
        path: 'components.0.feature',
        message: `There is no option group “Hardware”: add it to the option groups, or put ${appliance} in another.`,
      },
      { path: 'features.0.min_options', message: 'Support tier has 3 options: it cannot need 4.' },
      {
        path: 'features.1.name',
        message: 'There are two option groups called “support tier”: give each its own name.',
      },
      {
        path: 'features.2.name',
        message: 'Training has no options: put at least one component in it, or remove the group.',
      },
    ]);
    expect(await storedOptions(bundle)).toEqual(before);

    // A group's most below its required options; one option cannot meet a fewest of 2.
    const capped = await api.post('skus/save-components', {
      sku: bundle,
      components: [
        { sku: standard, quantity: 1, feature: 'Support tier', selection: 'REQUIRED' },
        { sku: premium, quantity: 1, feature: 'Support tier', selection: 'REQUIRED' },
        { sku: licence, quantity: 1, feature: 'Subscriptions', selection: 'OPTIONAL' },
      ],
      features: [
        { name: 'Support tier', min_options: 1, max_options: 1 },
        { name: 'Subscriptions', min_options: 2, max_options: null },
      ],
    });
    expect(capped.json().errors).toEqual([
      {
        path: 'features.0.max_options',
        message:
          'Support tier has 2 required options, which always come with the bundle: it cannot take at most 1.',
      },
      { path: 'features.1.min_options', message: 'Subscriptions has 1 option: it cannot need 2.' },
    ]);
    expect(await storedOptions(bundle)).toEqual(before);
  });

  it('refuses default and optional components on a bundle without option groups', async () => {
    const { bundle, appliance, standard, licence } = await flexParts();
    await api.dataOf('skus/save-components', {
      sku: bundle,
      components: [{ sku: appliance, quantity: 1 }],
    });
    const before = await storedOptions(bundle);
    const response = await save(bundle, [
      { sku: appliance, quantity: 1, selection: 'REQUIRED' },
      { sku: standard, quantity: 1, selection: 'DEFAULT' },
      { sku: licence, quantity: 1, selection: 'OPTIONAL' },
    ]);
    expect(response.statusCode).toBe(400);
    const message =
      'Only a bundle with option groups has optional components: add an option group first.';
    expect(response.json().errors).toEqual([
      { path: 'components.1.selection', message },
      { path: 'components.2.selection', message },
    ]);
    expect(await storedOptions(bundle)).toEqual(before);
  });

  it('refuses malformed option groups before reading the catalogue (400)', async () => {
    const { bundle, appliance } = await flexParts();
    const response = await api.post('skus/save-components', {
      sku: bundle,
      components: [{ sku: appliance, quantity: 1, feature: 'A', selection: 'SOMETIMES' }],
      features: [
        { name: ' ', min_options: 0, max_options: null },
        { name: 'A', min_options: 2, max_options: 1 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        path: 'components.0.selection',
        message: 'The selection is one of REQUIRED, DEFAULT, OPTIONAL.',
      },
      { path: 'features.0.name', message: 'Name the option group.' },
      {
        path: 'features.1.max_options',
        message: 'The most must be at least 1 and at least the fewest.',
      },
    ]);
    expect(await storedOptions(bundle)).toEqual({ components: [], features: [] });
  });
});

describe('SKU changes that would break a bundle', () => {
  async function bundleOf(component: string) {
    const bundle = await newBundle();
    await api.dataOf('skus/save-components', {
      sku: bundle,
      components: [{ sku: component, quantity: 1 }],
    });
    return bundle;
  }

  /** Saves an existing SKU of the bed's family as it is, with changes. */
  const edit = async (code: string, change: Record<string, unknown>) =>
    api.post('skus/save', await api.editBodyOf(code, change));

  it('keeps a component out of bundles and active while an active bundle holds it', async () => {
    const component = await api.createSku();
    const bundle = await bundleOf(component);
    const toBundle = await edit(component, { kind: 'BUNDLE' });
    expect(toBundle.statusCode).toBe(409);
    expect(toBundle.json()).toMatchObject({
      message: `${component} is a component of ${bundle}: a bundle cannot go into another bundle. Take it out of that bundle first.`,
      errors: [{ path: 'kind' }],
    });
    const retire = await edit(component, { is_active: false });
    expect(retire.statusCode).toBe(409);
    expect(retire.json()).toMatchObject({
      message: `${component} is a component of the active bundle ${bundle}: take it out of that bundle, or make the bundle inactive, first.`,
      errors: [{ path: 'is_active' }],
    });
    // Once the bundle is inactive, its components may be retired.
    expect((await edit(bundle, { is_active: false })).statusCode).toBe(200);
    expect((await edit(component, { is_active: false })).statusCode).toBe(200);
  });

  it('keeps a bundle a bundle while it has components', async () => {
    const component = await api.createSku();
    const bundle = await bundleOf(component);
    const response = await edit(bundle, { kind: 'HARDWARE' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `${bundle} is a bundle of 1 component: remove it first to change its kind.`,
    );
    // A bundle with no components yet may still change its kind.
    const empty = await newBundle();
    expect((await edit(empty, { kind: 'HARDWARE' })).statusCode).toBe(200);
  });
});
