import type { FormRecipe } from '@bastion/domain/forms/recipe';
import { DEAL_TYPES } from '@bastion/domain/quotes/quote-types';
import type { Database } from '../client.ts';
import { formRecipes, lookupValues } from '../schema/forms.ts';

type LookupRow = typeof lookupValues.$inferInsert;

const list = (
  lookup: string,
  entries: readonly (readonly [value: string, label: string, family?: string])[],
) =>
  entries.map(([value, label, family], index): LookupRow => ({
    lookup,
    value,
    label,
    family: family ?? null,
    sortOrder: index + 1,
  }));

/** The lookup lists every installation starts with; admins add and retire entries. */
export const REFERENCE_LOOKUPS: readonly LookupRow[] = [
  ...list('quote_types', [
    ['STANDARD', 'Standard'],
    ['ELA', 'ELA (multi-year)'],
    ['LEGACY', 'Legacy (recorded by the deal desk)'],
  ]),
  ...list('contract_lengths', [
    ['12', '12 months', 'ANNUAL'],
    ['24', '24 months', 'MULTI_YEAR'],
    ['36', '36 months', 'MULTI_YEAR'],
    ['48', '48 months', 'MULTI_YEAR'],
    ['60', '60 months', 'MULTI_YEAR'],
  ]),
  ...list(
    'deal_types',
    DEAL_TYPES.map((type) => [type.code, type.name]),
  ),
  ...list('sales_channels', [
    ['DIRECT', 'Direct'],
    ['T1', 'Tier 1 (partner)'],
    ['T2', 'Tier 2 (distributor)'],
  ]),
  ...list('partner_types', [
    ['AUTHORIZED', 'Authorized'],
    ['SELECT', 'Select'],
    ['PREMIER', 'Premier'],
    ['MSP', 'Managed service provider'],
  ]),
  ...list('slas', [
    ['24/7', '24/7'],
    ['12/5', '12/5 business hours'],
    ['8/5', '8/5 business hours'],
  ]),
  ...list('shipping_regions', [
    ['NA', 'North America'],
    ['EMEA', 'Europe, Middle East & Africa'],
    ['APJ', 'Asia Pacific & Japan'],
    ['LATAM', 'Latin America'],
  ]),
  ...list('incoterms', [
    ['EXW', 'EXW: ex works'],
    ['FCA', 'FCA: free carrier'],
    ['CPT', 'CPT: carriage paid to'],
    ['DAP', 'DAP: delivered at place'],
    ['DDP', 'DDP: delivered duty paid'],
  ]),
  ...list('secure_access_sku_types', [
    ['NEW', 'New subscription'],
    ['RENEWAL', 'Renewal'],
    ['UPGRADE', 'Upgrade'],
  ]),
  ...list('product_families', [
    ['SECURE_ACCESS', 'Secure Access'],
    ['FIREWALL', 'Network Firewall'],
    ['ENDPOINT', 'Endpoint Protection'],
    ['CLOUD', 'Cloud Security'],
    ['IDENTITY', 'Identity & Access'],
  ]),
];

type Field = FormRecipe['rows'][number][number];

/** The selects of the quote terms every recipe asks for; each recipe lays them out. */
const QUOTE_TYPE_SELECT = {
  field: 'quote_type',
  label: 'Quote type',
  renderer: 'Select',
  lookup: 'quote_types',
  is_required: true,
  invalid_msg: 'Please select Quote Type',
} satisfies Field;

const CONTRACT_LENGTH_SELECT = {
  field: 'contract_length',
  label: 'Contract length',
  renderer: 'Select',
  lookup: 'contract_lengths',
  is_required: true,
  invalid_msg: 'Please select Contract Length',
} satisfies Field;

const DEAL_TYPE_SELECT = {
  field: 'deal_type',
  label: 'Deal type',
  renderer: 'Select',
  lookup: 'deal_types',
  is_required: true,
  invalid_msg: 'Please select Deal Type',
} satisfies Field;

/** An ELA runs for several years: its contract lengths are the multi-year ones. */
const MULTI_YEAR_ELA = {
  source: 'quote_type',
  op: 'string-equals',
  val: 'ELA',
  target: 'contract_length',
  effect: 'FILTER_LOOKUP',
  family: 'MULTI_YEAR',
} satisfies FormRecipe['rules'][number];

const NON_DIRECT = { source: 'sales_channel', op: 'string-not-equals', val: 'DIRECT' } as const;

/** The header of a quote: what the opportunity does not already say. */
export const QUOTE_DETAILS_RECIPE: FormRecipe = {
  initial_state: { quote_type: 'STANDARD', sales_channel: 'DIRECT', can_nofity_partner: false },
  rows: [
    [
      {
        field: 'quote_name',
        label: 'Quote name',
        is_required: true,
        invalid_msg: 'Please enter Quote Name',
        col_class_name: 'col-12 col-md-6',
      },
      { ...QUOTE_TYPE_SELECT, col_class_name: 'col-6 col-md-3' },
      { ...CONTRACT_LENGTH_SELECT, default_value: '12', col_class_name: 'col-6 col-md-3' },
    ],
    [
      { ...DEAL_TYPE_SELECT, col_class_name: 'col-12 col-md-4' },
      {
        field: 'sales_channel',
        label: 'Sales channel',
        renderer: 'Select',
        lookup: 'sales_channels',
        is_required: true,
        invalid_msg: 'Please select Sales Channel',
        col_class_name: 'col-12 col-md-4',
        reset_value_for: ['partner_type', 'partner_contact_email'],
      },
      {
        field: 'partner_type',
        label: 'Partner type',
        renderer: 'Select',
        lookup: 'partner_types',
        is_hidden: true,
        invalid_msg: 'Please select Partner Type',
        col_class_name: 'col-12 col-md-4',
      },
    ],
    [
      {
        field: 'partner_contact_email',
        label: 'Partner contact e-mail',
        renderer: 'EmailInput',
        is_hidden: true,
        invalid_msg: 'Please enter a valid Partner Contact Email.',
        placeholder: 'name@partner.com',
        col_class_name: 'col-12 col-md-6',
      },
      {
        field: 'is_coterm',
        label: 'Co-term with the customer’s current contract',
        renderer: 'Checkbox',
        is_optional: true,
        col_class_name: 'col-12 col-md-6 align-self-end',
      },
      {
        field: 'can_nofity_partner',
        label: 'Notify the partner when the quote is approved',
        renderer: 'Checkbox',
        is_optional: true,
        is_disabled: true,
        col_class_name: 'col-12 col-md-6 align-self-end',
      },
    ],
    [
      {
        field: 'contract_period',
        field1: 'contract_start_date',
        field2: 'contract_end_date',
        label: 'Contract start and end',
        renderer: 'DateRange',
        is_required: true,
        invalid_msg: 'Please select Contract Start and End Dates',
        col_class_name: 'col-12 col-lg-6',
      },
      {
        field: 'sla',
        label: 'Support level (SLA)',
        renderer: 'Select',
        lookup: 'slas',
        default_value: '24/7',
        is_required: true,
        invalid_msg: 'Please select SLA',
        col_class_name: 'col-12 col-lg-6',
      },
    ],
    [
      {
        field: 'products_evaluated',
        label: 'Products evaluated',
        renderer: 'CheckBoxGroup',
        lookup: 'product_families',
        is_required: true,
        invalid_msg: 'Please select at least one Product Family',
        col_class_name: 'col-12',
      },
    ],
    [
      {
        field: 'notes',
        label: 'Notes for the deal desk',
        renderer: 'TextArea',
        is_optional: true,
        col_class_name: 'col-12',
      },
    ],
  ],
  rules: [
    // Made from an opportunity, the channel is the opportunity's: shown, not chosen.
    {
      type: 'expression',
      op: 'not opportunity_id is-undefined',
      target: 'sales_channel',
      effect: 'READONLY',
    },
    { ...NON_DIRECT, target: ['partner_type', 'partner_contact_email'], effect: 'SHOW' },
    { ...NON_DIRECT, target: 'can_nofity_partner', effect: 'EDITABLE' },
    MULTI_YEAR_ELA,
    {
      source: 'quote_type',
      op: 'string-equals',
      val: 'ELA',
      target: 'contract_length',
      effect: 'UPDATE_DEFAULT_VALUE',
      new_props: { default_value: '36' },
    },
    {
      source: 'deal_type',
      op: 'string-equals',
      val: 'R',
      target: 'contract_period',
      effect: 'UPDATE_PROP',
      new_props: {
        label: 'Renewal start and end',
        help_text: 'The renewal continues the current contract.',
      },
    },
  ],
};

const QUOTE_TERMS_ROW = [
  {
    ...QUOTE_TYPE_SELECT,
    help_text: 'On a quote this comes from the quote itself.',
    col_class_name: 'col-12 col-md-4',
  },
  { ...CONTRACT_LENGTH_SELECT, col_class_name: 'col-12 col-md-4' },
] satisfies FormRecipe['rows'][number];

/** Shipping of the quote's hardware by region and incoterm (spec §5 shipping breakups). */
export const HARDWARE_SHIPPING_RECIPE: FormRecipe = {
  initial_state: {
    quote_type: 'STANDARD',
    contract_length: '36',
    shipping: {
      // A sample order, so the form can be tried before a quote has products.
      products: [
        { id: 'FW-200', name: 'FW-200 firewall appliance', y1: 20, y2: 10, y3: 5 },
        { id: 'AP-10', name: 'AP-10 access point', y1: 50, y2: 0, y3: 0 },
      ],
      shipping_quantities: [],
    },
  },
  rows: [
    QUOTE_TERMS_ROW,
    [
      {
        field: 'shipping',
        label: 'Shipping lines',
        renderer: 'ShippingBreakups',
        is_required: true,
        col_class_name: 'col-12',
      },
    ],
  ],
  rules: [MULTI_YEAR_ELA],
};

/** Sizing of a secure-access subscription (spec §5 secure access). */
export const SECURE_ACCESS_SIZING_RECIPE: FormRecipe = {
  initial_state: { quote_type: 'STANDARD', contract_length: '12', deal_type: 'NB' },
  rows: [
    [...QUOTE_TERMS_ROW, { ...DEAL_TYPE_SELECT, col_class_name: 'col-12 col-md-4' }],
    [
      {
        field: 'secure_access',
        label: 'Secure access sizing',
        renderer: 'SecureAccess',
        lookup: 'secure_access_sku_types',
        is_required: true,
        col_class_name: 'col-12',
      },
    ],
  ],
  rules: [MULTI_YEAR_ELA],
};

const WHOLE = '^\\d+$';

/**
 * Guided selling (issue 34): the branch-firewall questionnaire. Product rules read its answers as
 * answer:<field> (a yes/no answer as 1 or 0) and propose the lines; the quote gives the region.
 */
export const GUIDED_BRANCH_FIREWALL_RECIPE: FormRecipe = {
  initial_state: { sites: '', users_per_site: '', throughput_mbps: '', high_availability: false },
  rows: [
    [
      {
        field: 'sites',
        label: 'Branch sites',
        renderer: 'Number',
        is_required: true,
        pattern: WHOLE,
        min: 1,
        max: 500,
        invalid_msg: 'Enter how many branch sites, a whole number.',
        col_class_name: 'col-12 col-md-6',
      },
      {
        field: 'users_per_site',
        label: 'Users per site',
        renderer: 'Number',
        is_required: true,
        pattern: WHOLE,
        min: 1,
        max: 10000,
        invalid_msg: 'Enter how many people work at a site, a whole number.',
        col_class_name: 'col-12 col-md-6',
      },
    ],
    [
      {
        field: 'throughput_mbps',
        label: 'Throughput a site needs (Mbps)',
        renderer: 'Number',
        is_required: true,
        pattern: WHOLE,
        min: 1,
        max: 100000,
        invalid_msg: 'Enter the throughput in Mbps, a whole number.',
        help_text: 'Internet and site-to-site traffic, with threat protection on.',
        col_class_name: 'col-12 col-md-6',
      },
      {
        field: 'high_availability',
        label: 'High availability: two appliances per site',
        renderer: 'Checkbox',
        col_class_name: 'col-12 col-md-6 align-self-end',
      },
    ],
  ],
  rules: [],
};

export const REFERENCE_FORM_RECIPES: readonly (typeof formRecipes.$inferInsert)[] = [
  {
    name: 'quote_details',
    title: 'Quote details',
    description: 'The header of a new quote: type, term, channel, partner and contract dates.',
    recipe: QUOTE_DETAILS_RECIPE,
  },
  {
    name: 'hardware_shipping',
    title: 'Shipping & hardware',
    description: 'Split the hardware of a quote into shipping lines by region and incoterm.',
    recipe: HARDWARE_SHIPPING_RECIPE,
  },
  {
    name: 'secure_access_sizing',
    title: 'Secure access sizing',
    description: 'Size a secure-access subscription by access points or by devices, per year.',
    recipe: SECURE_ACCESS_SIZING_RECIPE,
  },
  {
    name: 'guided_branch_firewall',
    title: 'Guided selling: branch firewalls',
    description: 'A few questions about the branch sites; product rules propose the lines.',
    recipe: GUIDED_BRANCH_FIREWALL_RECIPE,
  },
];

/** Inserts what is missing; recipes and lists that admins edited stay as they are. */
export async function seedFormReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(lookupValues)
      .values([...REFERENCE_LOOKUPS])
      .onConflictDoNothing();
    await tx
      .insert(formRecipes)
      .values([...REFERENCE_FORM_RECIPES])
      .onConflictDoNothing();
  });
}
