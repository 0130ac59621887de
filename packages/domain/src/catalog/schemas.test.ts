import { describe, expect, it } from 'vitest';
import {
  skuAttributesFormValues,
  ZBundleComponentsForm,
  ZComponentQuantityText,
  ZMoveNodeForm,
  ZSkuForm,
} from './schemas.ts';

const LINE = '0b7c7d3e-8a6a-4c3e-9c1e-1f1f1f1f1f1f';
const sku = {
  sku: ' bx-1200-hw ',
  name: 'Appliance',
  description: '',
  kind: 'HARDWARE',
  billing: 'ONE_TIME',
  family_id: 'SECURE_ACCESS',
  hierarchy_node_id: LINE,
  size: '',
  pricing_model: '',
  is_shippable: true,
  is_active: true,
  attributes: skuAttributesFormValues({}),
};

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('the SKU form', () => {
  it('sends what the server takes: capitals, and null for no size or pricing model', () => {
    expect(ZSkuForm.parse(sku)).toMatchObject({
      sku: 'BX-1200-HW',
      size: null,
      pricing_model: null,
    });
    expect(
      ZSkuForm.parse({ ...sku, family_id: 'FIREWALL', pricing_model: 'Device Based', size: 's' }),
    ).toMatchObject({ pricing_model: null, size: null });
  });

  it('sends the attributes set, and leaves out those that are not (issue 34)', () => {
    const attributes = {
      model: ' BX-9 ',
      form_factor: '',
      segment: 'campus',
      port_types: ['SFP+'],
      support_tier: '',
      ha_capable: 'no',
    } as const;
    expect(ZSkuForm.parse({ ...sku, attributes }).attributes).toEqual({
      model: 'BX-9',
      segment: 'campus',
      port_types: ['SFP+'],
      ha_capable: false,
    });
    expect(ZSkuForm.parse(sku).attributes).toEqual({});
    // What the form starts from is what it sends back.
    const stored = { model: 'BX-9', form_factor: '1U', ha_capable: true } as const;
    expect(
      ZSkuForm.parse({ ...sku, attributes: skuAttributesFormValues(stored) }).attributes,
    ).toEqual(stored);
    expect(
      messagesOf(
        ZSkuForm.safeParse({ ...sku, attributes: { ...attributes, model: 'x'.repeat(41) } }),
      ),
    ).toEqual([['attributes.model', 'Model is at most 40 characters.']]);
  });

  it('says what the server says of a secure-access SKU without a size', () => {
    expect(messagesOf(ZSkuForm.safeParse({ ...sku, pricing_model: 'Device Based' }))).toEqual([
      ['size', 'A secure-access SKU needs a size: xs, s, m or l.'],
    ]);
  });

  it('asks for a product line the server’s way', () => {
    expect(messagesOf(ZSkuForm.safeParse({ ...sku, hierarchy_node_id: '' }))).toEqual([
      ['hierarchy_node_id', 'Choose where the SKU sits in the product hierarchy.'],
    ]);
  });
});

describe('the other catalogue forms', () => {
  it('moves a line to the top level when no parent is chosen', () => {
    expect(ZMoveNodeForm.parse({ id: LINE, parent_id: '' })).toEqual({ id: LINE, parent_id: null });
  });

  it('reads a typed component quantity with the server’s message', () => {
    expect(ZComponentQuantityText.parse(' 12 ')).toBe(12);
    for (const text of ['0', '1.5', 'x', '1001']) {
      expect(messagesOf(ZComponentQuantityText.safeParse(text))).toEqual([
        ['', 'The quantity is a whole number from 1 to 1000.'],
      ]);
    }
  });

  it('sends a bundle’s option groups by name, and a blank most as no cap (issue 34)', () => {
    const form = {
      features: [
        { key: 'g1', name: ' Support tier ', min_options: '1', max_options: '1' },
        { key: 'g2', name: 'Subscriptions', min_options: ' 0', max_options: ' ' },
      ],
      components: [
        { sku: 'BX-200F-HW', quantity: '1', feature: '', selection: 'REQUIRED' },
        { sku: 'BX-200F-SUP-PRM', quantity: '1', feature: 'g1', selection: 'DEFAULT' },
        { sku: 'BX-200F-TP', quantity: '2', feature: 'g2', selection: 'OPTIONAL' },
      ],
    } as const;
    expect(ZBundleComponentsForm.parse(form)).toEqual({
      features: [
        { name: 'Support tier', min_options: 1, max_options: 1 },
        { name: 'Subscriptions', min_options: 0, max_options: null },
      ],
      components: [
        { sku: 'BX-200F-HW', quantity: 1, feature: null, selection: 'REQUIRED' },
        { sku: 'BX-200F-SUP-PRM', quantity: 1, feature: 'Support tier', selection: 'DEFAULT' },
        { sku: 'BX-200F-TP', quantity: 2, feature: 'Subscriptions', selection: 'OPTIONAL' },
      ],
    });
    const bad = {
      ...form,
      features: [
        { key: 'g1', name: '', min_options: 'one', max_options: '1' },
        { key: 'g2', name: 'Subscriptions', min_options: '2', max_options: '1' },
      ],
    };
    expect(messagesOf(ZBundleComponentsForm.safeParse(bad))).toEqual([
      ['features.0.name', 'Name the option group.'],
      ['features.0.min_options', 'A count is a whole number from 0 to 50.'],
      ['features.1.max_options', 'The most must be at least 1 and at least the fewest.'],
    ]);
  });
});
