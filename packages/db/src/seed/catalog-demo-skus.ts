/** The demo catalogue's SKUs, tiers, bundles and costs, built from its product tables. */
import { type FamilyId, type RowOf } from './catalog-demo-tables.ts';
import {
  ACCESS_POINTS,
  ADVANCED_FACTOR,
  AP_SUPPORT_PERCENT,
  CENTRAL_MANAGERS,
  FIREWALLS,
  FIREWALL_ACCESSORIES,
  FIREWALL_SUBSCRIPTIONS,
  FIREWALL_SUPPORT,
  type HardwareSeed,
  IDENTITY_HARDWARE,
  LOG_APPLIANCES,
  SECURE_ACCESS_SIZES,
  SERVICES,
  SUBSCRIPTIONS,
  type SkuSeed,
  VIRTUAL_ELITE_FROM,
  WIRELESS_ACCESSORIES,
} from './catalog-demo-products.ts';
import { percentOf } from './catalog-demo-commercial.ts';

export function catalogSkus(): {
  seeds: SkuSeed[];
  bundles: RowOf<'bundles'>[];
  bundleFeatures: RowOf<'bundleFeatures'>[];
} {
  const seeds: SkuSeed[] = [];
  const bundles: RowOf<'bundles'>[] = [];

  for (const fw of FIREWALLS) {
    const isVirtual = fw.node === 114;
    const appliance = isVirtual ? `${fw.model}-LIC` : `${fw.model}-HW`;
    seeds.push(
      isVirtual
        ? {
            sku: appliance,
            name: `${fw.model} virtual firewall licence, per instance per year`,
            description: fw.spec,
            kind: 'SUBSCRIPTION',
            billing: 'ANNUAL',
            family: 'FIREWALL',
            node: fw.node,
            usd: fw.usd,
            tiers: 'UNIT',
          }
        : {
            sku: appliance,
            name: `${fw.model} next-generation firewall appliance`,
            description: fw.spec,
            kind: 'HARDWARE',
            billing: 'ONE_TIME',
            family: 'FIREWALL',
            node: fw.node,
            usd: fw.usd,
            isActive: fw.isActive ?? true,
          },
    );
    // Support and subscriptions stay on sale for end-of-sale models: the installed base renews.
    for (const support of FIREWALL_SUPPORT) {
      if (isVirtual && support.code === 'ELT' && !VIRTUAL_ELITE_FROM.includes(fw.model)) continue;
      seeds.push({
        sku: `${fw.model}-SUP-${support.code}`,
        name: `${fw.model} ${support.name} (${isVirtual ? support.virtual : support.hardware}), 1 year`,
        kind: 'SUPPORT',
        billing: 'ANNUAL',
        family: 'FIREWALL',
        node: support.node,
        usd: percentOf(fw.usd, support.percent),
      });
    }
    for (const subscription of FIREWALL_SUBSCRIPTIONS) {
      seeds.push({
        sku: `${fw.model}-${subscription.code}`,
        name: `${fw.model} ${subscription.name}, 1 year`,
        description: subscription.description,
        kind: 'SUBSCRIPTION',
        billing: 'ANNUAL',
        family: 'FIREWALL',
        node: subscription.node,
        usd: percentOf(fw.usd, subscription.percent),
        tiers: 'UNIT',
      });
    }
    if (fw.isActive === false) continue;
    const bundle = `${fw.model}-BDL`;
    seeds.push({
      sku: bundle,
      name: `${fw.model} Protect Bundle`,
      description: `${isVirtual ? 'Licence' : 'Appliance'}, Threat Prevention and Premium Support (24x7), 1 year`,
      kind: 'BUNDLE',
      billing: 'ONE_TIME',
      family: 'FIREWALL',
      node: 140,
      usd: 0,
    });
    for (const component of [appliance, `${fw.model}-TP`, `${fw.model}-SUP-PRM`]) {
      bundles.push({ bundleSku: bundle, componentSku: component, quantity: 1 });
    }
  }

  // A bundle with options (issue 34): the appliance, exactly one support tier and up to three
  // of its four subscriptions, each following the bundle's quantity.
  const flex = 'BX-200F-FLEX';
  seeds.push({
    sku: flex,
    name: 'BX-200F Flex Bundle',
    description: 'Appliance with the support tier and subscriptions you choose, 1 year',
    kind: 'BUNDLE',
    billing: 'ONE_TIME',
    family: 'FIREWALL',
    node: 140,
    usd: 0,
  });
  const bundleFeatureRows: RowOf<'bundleFeatures'>[] = [
    { bundleSku: flex, name: 'Support tier', position: 1, minOptions: 1, maxOptions: 1 },
    { bundleSku: flex, name: 'Subscriptions', position: 2, minOptions: 0, maxOptions: 3 },
  ];
  bundles.push(
    {
      bundleSku: flex,
      componentSku: 'BX-200F-HW',
      quantity: 1,
      position: 0,
      feature: null,
      selection: 'REQUIRED',
    },
    ...(['STD', 'PRM', 'ELT'] as const).map((tier, index): RowOf<'bundles'> => ({
      bundleSku: flex,
      componentSku: `BX-200F-SUP-${tier}`,
      quantity: 1,
      position: 1 + index,
      feature: 'Support tier',
      selection: tier === 'PRM' ? 'DEFAULT' : 'OPTIONAL',
    })),
    ...(['TP', 'URL', 'SBX', 'SDWAN'] as const).map((code, index): RowOf<'bundles'> => ({
      bundleSku: flex,
      componentSku: `BX-200F-${code}`,
      quantity: 1,
      position: 4 + index,
      feature: 'Subscriptions',
      selection: code === 'TP' ? 'DEFAULT' : 'OPTIONAL',
    })),
  );

  const hardware = (seed: HardwareSeed, family: FamilyId, isActive = true): SkuSeed => ({
    ...seed,
    kind: 'HARDWARE',
    billing: 'ONE_TIME',
    family,
    isActive,
  });
  seeds.push(...FIREWALL_ACCESSORIES.map((seed) => hardware(seed, 'FIREWALL')));

  for (const ap of ACCESS_POINTS) {
    seeds.push({
      sku: `${ap.model}-HW`,
      name: `${ap.model} ${ap.node === 212 ? 'outdoor' : 'indoor'} access point`,
      description: ap.spec,
      kind: 'ACCESS_POINT',
      billing: 'ONE_TIME',
      family: 'SECURE_ACCESS',
      node: ap.node,
      usd: ap.usd,
      isActive: ap.isActive ?? true,
      tiers: 'UNIT',
    });
  }
  for (const ap of ACCESS_POINTS) {
    seeds.push({
      sku: `${ap.model}-SUP`,
      name: `${ap.model} Support (24x7, advance replacement), 1 year`,
      kind: 'SUPPORT',
      billing: 'ANNUAL',
      family: 'SECURE_ACCESS',
      node: 220,
      usd: percentOf(ap.usd, AP_SUPPORT_PERCENT),
    });
  }
  seeds.push(...WIRELESS_ACCESSORIES.map((seed) => hardware(seed, 'SECURE_ACCESS')));

  const models = [
    { model: 'Device Based', code: 'DB', usd: 'deviceUsd', nodes: [311, 312, 313] },
    { model: 'Local Access Point Based', code: 'LAP', usd: 'lapUsd', nodes: [321, 322, 323] },
  ] as const;
  for (const { model, code, usd, nodes } of models) {
    const [essentialsNode, advancedNode, upgradeNode] = nodes;
    for (const size of SECURE_ACCESS_SIZES) {
      const essentials = size[usd];
      const advanced = Math.round(essentials * ADVANCED_FACTOR);
      const per =
        code === 'DB'
          ? `per device, sites ${size.devices}`
          : `per local access point, ${size.devices}`;
      const common = {
        kind: 'SUBSCRIPTION',
        billing: 'ANNUAL',
        family: 'SECURE_ACCESS',
        size: size.size,
        pricingModel: model,
        tiers: code === 'DB' ? 'SEAT' : 'UNIT',
      } as const;
      seeds.push(
        {
          ...common,
          sku: `SA-${code}-ESS-${size.label}`,
          name: `Secure Access Essentials, ${model}, size ${size.label} (${per}), 1 year`,
          node: essentialsNode,
          usd: essentials,
        },
        {
          ...common,
          sku: `SA-${code}-ADV-${size.label}`,
          name: `Secure Access Advanced, ${model}, size ${size.label} (${per}), 1 year`,
          node: advancedNode,
          usd: advanced,
        },
        {
          ...common,
          sku: `SA-${code}-UPG-${size.label}`,
          name: `Secure Access upgrade Essentials to Advanced, ${model}, size ${size.label}, 1 year`,
          node: upgradeNode,
          usd: advanced - essentials,
        },
      );
    }
  }

  for (const [appliances, supportNode, tiers] of [
    [LOG_APPLIANCES, 413, ['STD', 'PRM']],
    [CENTRAL_MANAGERS, 423, ['PRM']],
  ] as const) {
    for (const appliance of appliances) {
      seeds.push(hardware(appliance, 'FIREWALL', appliance.isActive ?? true));
    }
    for (const appliance of appliances) {
      for (const tier of tiers) {
        const support = FIREWALL_SUPPORT.find((s) => s.code === tier) ?? FIREWALL_SUPPORT[0];
        seeds.push({
          sku: `${appliance.sku}-SUP-${tier}`,
          name: `${appliance.sku} ${support.name} (${support.hardware}), 1 year`,
          kind: 'SUPPORT',
          billing: 'ANNUAL',
          family: 'FIREWALL',
          node: supportNode,
          usd: percentOf(appliance.usd, support.percent),
        });
      }
    }
  }

  seeds.push(...SUBSCRIPTIONS);
  seeds.push(...IDENTITY_HARDWARE.map((seed) => hardware(seed, 'IDENTITY')));
  seeds.push(
    ...SERVICES.map((seed): SkuSeed => ({ ...seed, kind: 'SERVICE', billing: 'ONE_TIME' })),
  );
  return { seeds, bundles, bundleFeatures: bundleFeatureRows };
}

/**
 * What a renewal may migrate an end-of-sale model's support and subscriptions to (issue 18): the
 * next model up's. Each pair sits a few rows apart, inside one insert statement, which is when
 * the self-reference is checked.
 */
export const DEMO_SUCCESSORS: Readonly<Record<string, string>> = {
  'BX-40-SUP-PRM': 'BX-60-SUP-PRM',
  'BX-40-TP': 'BX-60-TP',
  'AP-221-SUP': 'AP-231-SUP',
};
