/**
 * The facts the product-rule editor offers (issue 34): the quote's facts, the model facts of
 * scope appliance_model, and examples of line aggregates, whose names the admin completes
 * (`quantity:sku:BX-200F-HW`). A name's type comes from its shape alone; whether the SKU,
 * family or attribute value exists is checkRule's to say when the rule is saved or tested.
 */
import { PRODUCT_KINDS } from '../pricing/product-kinds.ts';
import { DEAL_TYPE_CODES, QUOTE_TYPES } from '../quotes/quote-types.ts';
import { SALES_CHANNELS } from '../quotes/sales-channel.ts';
import { ANSWER_NAME, MODEL_FACTS, type FactType, type ModelFactName } from './facts.ts';
import { FORM_FACTORS, MAX_YEARS, PORT_TYPES, SEGMENTS, type RuleScope } from './model.ts';

export interface RuleFact {
  name: string;
  label: string;
  type: FactType;
  description: string;
  values: readonly string[];
  unit: string;
}

const fact = (
  name: string,
  label: string,
  type: FactType,
  description: string,
  values: readonly string[] = [],
): RuleFact => ({ name, label, type, description, values, unit: '' });

const QUOTE_FACTS: readonly RuleFact[] = [
  fact('quote_type', 'Quote type', 'text', 'STANDARD or ELA.', QUOTE_TYPES),
  fact('deal_type', 'Deal type', 'text', 'NB is new business.', DEAL_TYPE_CODES),
  fact('sales_channel', 'Sales channel', 'text', 'Direct, or through a partner.', SALES_CHANNELS),
  fact('region', 'Region', 'text', 'The quote’s region, as its opportunity names it.'),
  fact('currency', 'Currency', 'text', 'The quote’s currency code.'),
  fact('is_renewal', 'Renewal', 'boolean', 'A renewal, co-term or true-up quote.'),
];

const MODEL_LABELS: Readonly<Record<ModelFactName, [label: string, description: string]>> = {
  'model:code': ['Model', 'The model evaluated, as BX-200F.'],
  'model:sku': ['Model’s appliance SKU', 'As BX-200F-HW.'],
  'model:family': ['Model’s family', 'As FIREWALL.'],
  'model:form_factor': ['Model’s form factor', FORM_FACTORS.join(', ')],
  'model:segment': ['Model’s segment', SEGMENTS.join(', ')],
  'model:ha_capable': ['Model is HA-capable', 'Its appliance can run as a pair.'],
  'model:units': ['Model’s appliance units', 'Units of its appliance on the quote.'],
  'model:support_units': ['Model’s support units', 'Units of its support SKUs.'],
  'model:missing': ['Units without support', 'Appliance units its support does not cover.'],
  'model:ha_odd_lines': [
    'Odd high-availability lines',
    'Its lines marked high availability with an odd quantity.',
  ],
};

const AGGREGATE_HELP =
  'quantity (units) or lines (lines with units), optionally .y1 to .y5, then sku:, family:, kind: or attribute:name=value.';

const AGGREGATE_EXAMPLES: readonly RuleFact[] = [
  fact('quantity:family:FIREWALL', 'Units of a family', 'number', AGGREGATE_HELP),
  ...PRODUCT_KINDS.map((kind) =>
    fact(`quantity:kind:${kind}`, `Units of kind ${kind}`, 'number', AGGREGATE_HELP),
  ),
  ...SEGMENTS.map((segment) =>
    fact(`quantity:attribute:segment=${segment}`, `Units for ${segment}`, 'number', AGGREGATE_HELP),
  ),
  ...FORM_FACTORS.map((factor) =>
    fact(
      `quantity:attribute:form_factor=${factor}`,
      `Units of form factor ${factor}`,
      'number',
      AGGREGATE_HELP,
    ),
  ),
  ...PORT_TYPES.map((port) =>
    fact(
      `quantity:attribute:port_types=${port}`,
      `Units with ${port} ports`,
      'number',
      AGGREGATE_HELP,
    ),
  ),
  fact('lines:kind:SUPPORT', 'Support lines', 'number', AGGREGATE_HELP),
];

const ANSWER_HELP =
  'Guided selling: answer:<question> is what the seller answered (yes/no: 1 or 0); no value elsewhere.';
/** The demo questionnaire's questions (guided_branch_firewall); any answer:<question> is read. */
const ANSWER_EXAMPLES: readonly RuleFact[] = [
  fact('answer:sites', 'Answer: sites', 'number', ANSWER_HELP),
  fact('answer:users_per_site', 'Answer: users per site', 'number', ANSWER_HELP),
  fact('answer:throughput_mbps', 'Answer: throughput per site (Mbps)', 'number', ANSWER_HELP),
  fact('answer:high_availability', 'Answer: high availability (1 or 0)', 'number', ANSWER_HELP),
];

const AGGREGATE_NAME = /^(quantity|lines)(?:\.y([1-9]))?:(sku|family|kind|attribute):(.+)$/;

/** The facts the editor suggests for a rule of this scope. */
export function ruleFactsFor(scope: RuleScope): [RuleFact, ...RuleFact[]] {
  const [first = QUOTE_FACTS[0] as RuleFact, ...rest] = [
    ...(scope === 'appliance_model'
      ? (Object.keys(MODEL_FACTS) as ModelFactName[]).map((name) =>
          fact(name, MODEL_LABELS[name][0], MODEL_FACTS[name], MODEL_LABELS[name][1]),
        )
      : []),
    ...QUOTE_FACTS,
    ...(scope === 'year'
      ? [fact('year', 'Contract year', 'number', 'The year evaluated, 1 to 5.')]
      : []),
    ...AGGREGATE_EXAMPLES,
    ...ANSWER_EXAMPLES,
  ];
  return [first, ...rest];
}

/** A fact by the shape of its name in a rule of this scope; undefined when it has none. */
export function ruleFactNamed(name: string, scope: RuleScope): RuleFact | undefined {
  const known = ruleFactsFor(scope).find((candidate) => candidate.name === name);
  if (known) return known;
  const answer = ANSWER_NAME.exec(name);
  if (answer) return fact(name, `Answer: ${answer[1] ?? ''}`, 'number', ANSWER_HELP);
  const match = AGGREGATE_NAME.exec(name);
  if (!match) return undefined;
  const year = match[2] === undefined ? null : Number(match[2]);
  if (year !== null && year > MAX_YEARS) return undefined;
  const measure = match[1] === 'lines' ? 'Lines' : 'Units';
  return fact(
    name,
    `${measure} of ${match[3]} ${match[4]}${year === null ? '' : ` in year ${year}`}`,
    'number',
    AGGREGATE_HELP,
  );
}
