/**
 * The demo rule set (issue 34) as data, and the attributes of the demo catalogue's SKUs it reads:
 * packages/db/src/seed/catalog-demo-data.ts seeds the SKUs with these attributes (its test checks
 * that both name the same SKUs, families, kinds and end of sale), and the rules into
 * product_rules. Domain tests read the catalogue from here.
 */
import type { PredicateNode } from '../approvals/predicates.ts';
import type {
  FormFactor,
  PortType,
  ProductRule,
  RuleCatalog,
  RuleCatalogEntry,
  Segment,
} from './model.ts';

interface FirewallModel {
  model: string;
  form_factor: FormFactor;
  segment: Segment | null;
  port_types: PortType[];
  ha_capable: boolean;
  is_end_of_sale?: boolean;
}

// Segments follow the seed's hierarchy (Branch, Campus, Data Centre nodes); ports its specs.
// prettier-ignore
export const DEMO_FIREWALL_MODELS: readonly FirewallModel[] = [
  { model: 'BX-40', form_factor: 'desktop', segment: 'branch', port_types: ['GE'], ha_capable: false, is_end_of_sale: true },
  { model: 'BX-60', form_factor: 'desktop', segment: 'branch', port_types: ['GE'], ha_capable: true },
  { model: 'BX-60W', form_factor: 'desktop', segment: 'branch', port_types: ['GE'], ha_capable: true },
  { model: 'BX-80', form_factor: 'desktop', segment: 'branch', port_types: ['GE', 'SFP'], ha_capable: true },
  { model: 'BX-100F', form_factor: '1U', segment: 'branch', port_types: ['GE', 'SFP'], ha_capable: true },
  { model: 'BX-200F', form_factor: '1U', segment: 'branch', port_types: ['GE', 'SFP+'], ha_capable: true },
  { model: 'BX-400F', form_factor: '1U', segment: 'campus', port_types: ['SFP+'], ha_capable: true },
  { model: 'BX-600F', form_factor: '1U', segment: 'campus', port_types: ['SFP+', 'SFP28'], ha_capable: true },
  { model: 'BX-900F', form_factor: '2U+', segment: 'campus', port_types: ['SFP+', 'SFP28'], ha_capable: true },
  { model: 'BX-1200', form_factor: '2U+', segment: 'campus', port_types: ['SFP28', 'QSFP'], ha_capable: true },
  { model: 'BX-1800', form_factor: '2U+', segment: 'campus', port_types: ['SFP28', 'QSFP'], ha_capable: true },
  { model: 'BX-2600', form_factor: '2U+', segment: 'data_centre', port_types: ['SFP28', 'QSFP'], ha_capable: true },
  { model: 'BX-3000', form_factor: '2U+', segment: 'data_centre', port_types: ['QSFP'], ha_capable: true, is_end_of_sale: true },
  { model: 'BX-3500', form_factor: '2U+', segment: 'data_centre', port_types: ['QSFP'], ha_capable: true },
  { model: 'BX-4200', form_factor: '2U+', segment: 'data_centre', port_types: ['QSFP'], ha_capable: true },
  { model: 'BX-5000', form_factor: 'chassis', segment: 'data_centre', port_types: ['QSFP'], ha_capable: true },
  { model: 'BX-7000', form_factor: 'chassis', segment: 'data_centre', port_types: ['QSFP'], ha_capable: true },
  { model: 'VM-02', form_factor: 'virtual', segment: null, port_types: [], ha_capable: true },
  { model: 'VM-04', form_factor: 'virtual', segment: null, port_types: [], ha_capable: true },
  { model: 'VM-08', form_factor: 'virtual', segment: null, port_types: [], ha_capable: true },
  { model: 'VM-16', form_factor: 'virtual', segment: null, port_types: [], ha_capable: true },
  { model: 'VM-32', form_factor: 'virtual', segment: null, port_types: [], ha_capable: true },
];

/** Elite support for virtual firewalls starts at VM-08. */
const VIRTUAL_WITHOUT_ELITE = new Set(['VM-02', 'VM-04']);

const SUPPORT_TIERS = ['STD', 'PRM', 'ELT'] as const;
const FIREWALL_SUBSCRIPTIONS = ['TP', 'URL', 'SBX', 'SDWAN'] as const;
const FIREWALL_ACCESSORIES = [
  'SFP-1G-SX',
  'SFP-1G-LX',
  'SFP-10G-SR',
  'SFP-10G-LR',
  'SFP28-25G-SR',
  'QSFP-40G-SR4',
  'QSFP28-100G-SR4',
  'BX-PSU-AC-400',
  'BX-PSU-AC-1500',
  'BX-RMK-DESK',
  'BX-FAN-DC',
];
const ACCESS_POINTS: readonly [model: string, isEndOfSale: boolean][] = [
  ['AP-221', true],
  ['AP-231', false],
  ['AP-431', false],
  ['AP-433', false],
  ['AP-831', false],
  ['AP-234R', false],
  ['AP-432R', false],
  ['AP-832R', false],
];

function demoCatalog(): RuleCatalog {
  const catalog: Record<string, RuleCatalogEntry> = {};
  const add = (
    sku: string,
    entry: Omit<RuleCatalogEntry, 'is_end_of_sale'>,
    isEndOfSale = false,
  ) => {
    catalog[sku] = { ...entry, is_end_of_sale: isEndOfSale };
  };
  for (const fw of DEMO_FIREWALL_MODELS) {
    const isVirtual = fw.form_factor === 'virtual';
    add(
      isVirtual ? `${fw.model}-LIC` : `${fw.model}-HW`,
      {
        family: 'FIREWALL',
        kind: isVirtual ? 'SUBSCRIPTION' : 'HARDWARE',
        attributes: {
          model: fw.model,
          form_factor: fw.form_factor,
          ...(fw.segment ? { segment: fw.segment } : {}),
          port_types: fw.port_types,
          ha_capable: fw.ha_capable,
        },
      },
      fw.is_end_of_sale,
    );
    // Support and subscriptions stay on sale for end-of-sale models: the installed base renews.
    for (const tier of SUPPORT_TIERS) {
      if (isVirtual && tier === 'ELT' && VIRTUAL_WITHOUT_ELITE.has(fw.model)) continue;
      add(`${fw.model}-SUP-${tier}`, {
        family: 'FIREWALL',
        kind: 'SUPPORT',
        attributes: { model: fw.model, support_tier: tier },
      });
    }
    for (const subscription of FIREWALL_SUBSCRIPTIONS)
      add(`${fw.model}-${subscription}`, {
        family: 'FIREWALL',
        kind: 'SUBSCRIPTION',
        attributes: { model: fw.model },
      });
  }
  for (const sku of FIREWALL_ACCESSORIES)
    add(sku, { family: 'FIREWALL', kind: 'HARDWARE', attributes: {} });
  for (const [model, isEndOfSale] of ACCESS_POINTS) {
    add(
      `${model}-HW`,
      { family: 'SECURE_ACCESS', kind: 'ACCESS_POINT', attributes: { model } },
      isEndOfSale,
    );
    add(`${model}-SUP`, { family: 'SECURE_ACCESS', kind: 'SUPPORT', attributes: { model } });
  }
  for (const sku of ['AP-CLOUD-STD', 'AP-CLOUD-ADV', 'AP-WIDS'])
    add(sku, { family: 'SECURE_ACCESS', kind: 'SUBSCRIPTION', attributes: {} });
  return catalog;
}

/** The demo catalogue's SKUs as product rules read them. */
export const DEMO_RULE_CATALOG: RuleCatalog = demoCatalog();

const fact = (
  name: string,
  op: 'gt' | 'gte' | 'lt' | 'lte' | 'eq',
  value: number | string,
): PredicateNode => ({
  kind: 'predicate',
  fact: name,
  op,
  value,
});
const all = (...children: PredicateNode[]): PredicateNode => ({
  kind: 'group',
  combinator: 'AND',
  children,
});
const always = { is_active: true, effective_from: null, effective_to: null } as const;

/** The demo guided-selling questionnaire (form recipe guided_branch_firewall). */
export const DEMO_QUESTIONNAIRE = 'guided_branch_firewall';

/** One branch firewall per site (two for high availability), by the throughput a site needs. */
const BRANCH_BANDS = [
  { model: 'BX-60', from: 0, to: 500, why: 'up to 500 Mbps' },
  { model: 'BX-100F', from: 501, to: 2000, why: '501 to 2,000 Mbps' },
  { model: 'BX-200F', from: 2001, to: null, why: 'over 2,000 Mbps' },
] as const;
const APPLIANCES_PER_SITE = '{answer:sites} * (1 + {answer:high_availability})';

/**
 * Guided selling (issue 34): what the branch-firewall questionnaire's answers call for. They
 * read only answer facts, so they say nothing in the pricing pass; the support the appliances
 * need comes from "Appliances need support" as a fix.
 */
export const DEMO_GUIDED_RULES: readonly ProductRule[] = [
  ...BRANCH_BANDS.map((band, index): ProductRule => ({
    ...always,
    id: `demo-guided-${band.model.toLowerCase()}`,
    name: `Guided: ${band.model} for branches`,
    kind: 'selection',
    apply: 'offer',
    priority: 200 + index,
    scope: 'quote',
    condition: all(
      fact('answer:sites', 'gt', 0),
      fact('answer:throughput_mbps', 'gte', band.from),
      ...(band.to === null ? [] : [fact('answer:throughput_mbps', 'lte', band.to)]),
    ),
    message: `${band.model} for sites that need ${band.why}: one per site, two for a high-availability pair, each with Threat Prevention.`,
    actions: [
      { op: 'add', sku: `${band.model}-HW`, quantity: APPLIANCES_PER_SITE },
      { op: 'add', sku: `${band.model}-TP`, quantity: APPLIANCES_PER_SITE },
    ],
  })),
  {
    ...always,
    id: 'demo-guided-wifi',
    name: 'Guided: Wi-Fi at busy sites',
    kind: 'recommendation',
    priority: 210,
    scope: 'quote',
    condition: all(fact('answer:sites', 'gt', 0), fact('answer:users_per_site', 'gt', 25)),
    message: 'Sites with more than 25 users usually want Wi-Fi: an AP-431 access point per site.',
    actions: [{ op: 'add', sku: 'AP-431-HW', quantity: '{answer:sites}' }],
  },
];

export const DEMO_PRODUCT_RULES: readonly ProductRule[] = [
  {
    ...always,
    id: 'demo-support-coverage',
    name: 'Appliances need support',
    kind: 'validation',
    severity: 'error',
    priority: 10,
    scope: 'appliance_model',
    condition: all(fact('model:family', 'eq', 'FIREWALL'), fact('model:missing', 'gt', 0)),
    message:
      '{sku} needs a support contract for {missing|unit}: add {model}-SUP-STD, {model}-SUP-PRM or {model}-SUP-ELT.',
    actions: [
      {
        op: 'add',
        sku: '{model}-SUP-PRM',
        quantity: '{missing}',
        label: 'Add {model}-SUP-PRM for {missing|unit}',
      },
    ],
  },
  {
    ...always,
    id: 'demo-psu-1500',
    name: '1500 W power supply fits data-centre models',
    kind: 'validation',
    severity: 'error',
    priority: 20,
    scope: 'quote',
    // "BX-400F and larger": the seed files BX-400F to BX-1800 under Campus, the rest under Data Centre.
    condition: all(
      fact('quantity:sku:BX-PSU-AC-1500', 'gt', 0),
      fact('quantity:attribute:segment=campus', 'eq', 0),
      fact('quantity:attribute:segment=data_centre', 'eq', 0),
    ),
    message: 'BX-PSU-AC-1500 fits data-centre models only (BX-400F and larger).',
    actions: [],
  },
  {
    ...always,
    id: 'demo-desk-rack-kit',
    name: 'Desktop rack kit fits desktop models',
    kind: 'validation',
    severity: 'error',
    priority: 30,
    scope: 'quote',
    condition: all(
      fact('quantity:sku:BX-RMK-DESK', 'gt', 0),
      fact('quantity:attribute:form_factor=desktop', 'eq', 0),
    ),
    message: 'BX-RMK-DESK fits desktop models only (BX-60, BX-60W and BX-80).',
    actions: [],
  },
  {
    ...always,
    id: 'demo-sfp28',
    name: 'SFP28 transceivers need SFP28 ports',
    kind: 'validation',
    severity: 'warning',
    priority: 40,
    scope: 'quote',
    condition: all(
      fact('quantity:sku:SFP28-25G-SR', 'gt', 0),
      fact('quantity:attribute:port_types=SFP28', 'eq', 0),
    ),
    message: 'SFP28-25G-SR needs a model with SFP28 ports (BX-600F to BX-2600).',
    actions: [],
  },
  {
    ...always,
    id: 'demo-ha-pairs',
    name: 'High-availability pairs',
    kind: 'validation',
    severity: 'error',
    priority: 50,
    scope: 'appliance_model',
    condition: fact('model:ha_odd_lines', 'gt', 0),
    message: 'A high-availability pair needs an even number of {sku} appliances.',
    actions: [],
  },
  {
    ...always,
    id: 'demo-ap-cloud',
    name: 'Cloud management for access points',
    kind: 'recommendation',
    priority: 60,
    scope: 'quote',
    condition: all(
      fact('quantity:kind:ACCESS_POINT', 'gt', 0),
      fact('quantity:sku:AP-CLOUD-STD', 'eq', 0),
      fact('quantity:sku:AP-CLOUD-ADV', 'eq', 0),
    ),
    message: 'Manage these access points from the cloud: add AP-CLOUD-STD or AP-CLOUD-ADV.',
    actions: [
      { op: 'add', sku: 'AP-CLOUD-STD', quantity: '{quantity:kind:ACCESS_POINT}' },
      { op: 'add', sku: 'AP-CLOUD-ADV', quantity: '{quantity:kind:ACCESS_POINT}' },
    ],
  },
  {
    ...always,
    id: 'demo-end-of-sale',
    name: 'No end-of-sale appliances for new business',
    kind: 'filter',
    priority: 70,
    scope: 'quote',
    condition: fact('deal_type', 'eq', 'NB'),
    message: '',
    // Their support and subscriptions are not end of sale: renewals still find them.
    actions: [
      { op: 'hide', select: { kinds: ['HARDWARE', 'ACCESS_POINT'], is_end_of_sale: true } },
    ],
  },
];
