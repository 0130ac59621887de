/**
 * The facts a product rule's condition, message and quantity formulas may name.
 *
 * Quote facts: quote_type, deal_type, sales_channel, region, currency (text), is_renewal (yes/no).
 * year (number, scope 'year' only): the contract year evaluated, 1…5.
 *
 * Line aggregates: `<measure>[.y<N>]:<dimension>:<value>`
 *   measure    quantity: units on the lines; lines: how many lines have units.
 *   .y<N>      in contract year N (1…5). Without it: the year evaluated in scope 'year', else the
 *              quote's peak year (an ELA lists units in use each year, so years are not added up).
 *   dimension  sku:BX-200F-HW, family:FIREWALL, kind:ACCESS_POINT, attribute:segment=data_centre
 *              (a list attribute matches when it holds the value: attribute:port_types=SFP28).
 *   e.g. quantity:sku:BX-PSU-AC-1500, lines.y2:family:FIREWALL, quantity:attribute:form_factor=desktop
 *
 * Model facts (scope 'appliance_model' only), about the model evaluated: model:code ('BX-200F'),
 * model:sku ('BX-200F-HW'), model:family, model:form_factor, model:segment (text), model:ha_capable
 * (yes/no), model:units (appliance units), model:support_units (units of its support SKUs: same
 * model attribute, a support tier), model:missing (appliance units support does not cover),
 * model:ha_odd_lines (its lines marked high availability with an odd quantity in some year).
 *
 * Answer facts (guided selling): `answer:<question>`, the number a seller answered in a guided
 * selling questionnaire (a yes/no question answers 1 or 0); no value outside a questionnaire, so
 * a rule that reads them says nothing in the pricing pass.
 */
import { PRODUCT_KINDS } from '../pricing/product-kinds.ts';
import {
  MAX_YEARS,
  SKU_ATTRIBUTE_VALUES,
  type RuleCatalog,
  type RuleQuoteFacts,
  type RuleScope,
  type SkuAttributeName,
} from './model.ts';

export type FactType = 'number' | 'text' | 'boolean';

const QUOTE_FACTS: Readonly<Record<keyof RuleQuoteFacts, { label: string; type: FactType }>> = {
  quote_type: { label: 'Quote type', type: 'text' },
  deal_type: { label: 'Deal type', type: 'text' },
  sales_channel: { label: 'Sales channel', type: 'text' },
  region: { label: 'Region', type: 'text' },
  currency: { label: 'Currency', type: 'text' },
  is_renewal: { label: 'Renewal', type: 'boolean' },
};

export const MODEL_FACTS = {
  'model:code': 'text',
  'model:sku': 'text',
  'model:family': 'text',
  'model:form_factor': 'text',
  'model:segment': 'text',
  'model:ha_capable': 'boolean',
  'model:units': 'number',
  'model:support_units': 'number',
  'model:missing': 'number',
  'model:ha_odd_lines': 'number',
} as const satisfies Record<string, FactType>;
export type ModelFactName = keyof typeof MODEL_FACTS;

/** Placeholders short for a model fact: '{model}' is model:code, '{missing}' model:missing. */
export const MODEL_PLACEHOLDERS: Readonly<Record<string, ModelFactName>> = {
  model: 'model:code',
  sku: 'model:sku',
  family: 'model:family',
  units: 'model:units',
  support_units: 'model:support_units',
  missing: 'model:missing',
  ha_odd_lines: 'model:ha_odd_lines',
};

export type AggregateDimension = 'sku' | 'family' | 'kind' | 'attribute';

export type ParsedFact =
  | { source: 'quote'; key: keyof RuleQuoteFacts }
  | { source: 'year' }
  | {
      source: 'aggregate';
      measure: 'quantity' | 'lines';
      /** 0-based; null = the year evaluated, or the peak year. */
      year: number | null;
      /** The group of lines it reads, e.g. 'sku:BX-60-HW', 'attribute:segment=branch'. */
      group: string;
    }
  | { source: 'model'; name: ModelFactName }
  | { source: 'answer'; question: string };

export interface KnownFact {
  ok: true;
  name: string;
  label: string;
  type: FactType;
  parsed: ParsedFact;
}
export type FactCheck = KnownFact | { ok: false; problem: string };

const isModelFact = (name: string): name is ModelFactName => name in MODEL_FACTS;
const isQuoteFact = (name: string): name is keyof RuleQuoteFacts => name in QUOTE_FACTS;
const isAttributeName = (name: string): name is SkuAttributeName => name in SKU_ATTRIBUTE_VALUES;

/** What the catalogue holds, to check the names a rule uses; computed once per catalogue. */
interface CatalogNames {
  families: ReadonlySet<string>;
  openValues: ReadonlyMap<SkuAttributeName, ReadonlySet<string>>;
}
const namesByCatalog = new WeakMap<RuleCatalog, CatalogNames>();

function catalogNames(catalog: RuleCatalog): CatalogNames {
  const known = namesByCatalog.get(catalog);
  if (known) return known;
  const families = new Set<string>();
  const openValues = new Map<SkuAttributeName, Set<string>>();
  for (const entry of Object.values(catalog)) {
    families.add(entry.family);
    for (const [name, value] of Object.entries(entry.attributes)) {
      if (typeof value !== 'string') continue;
      const values = openValues.get(name as SkuAttributeName) ?? new Set<string>();
      values.add(value);
      openValues.set(name as SkuAttributeName, values);
    }
  }
  const names = { families, openValues };
  namesByCatalog.set(catalog, names);
  return names;
}

const AGGREGATE_NAME = /^(quantity|lines)(?:\.y(\d+))?:(sku|family|kind|attribute):(.+)$/;
/** A questionnaire's question, as its form recipe names the field. */
export const ANSWER_NAME = /^answer:([a-z][a-z0-9_]{0,39})$/;

/** The fact a name stands for in a rule of this scope, or what is wrong with the name. */
export function checkFactName(name: string, scope: RuleScope, catalog: RuleCatalog): FactCheck {
  const unknown: FactCheck = { ok: false, problem: `'${name}' is not a fact product rules know.` };
  if (isQuoteFact(name)) {
    const { label, type } = QUOTE_FACTS[name];
    return { ok: true, name, label, type, parsed: { source: 'quote', key: name } };
  }
  if (name === 'year') {
    if (scope !== 'year')
      return { ok: false, problem: `'year' is known only to rules of scope year.` };
    return { ok: true, name, label: 'Contract year', type: 'number', parsed: { source: 'year' } };
  }
  if (isModelFact(name)) {
    if (scope !== 'appliance_model')
      return { ok: false, problem: `'${name}' is known only to rules of scope appliance_model.` };
    return {
      ok: true,
      name,
      label: name,
      type: MODEL_FACTS[name],
      parsed: { source: 'model', name },
    };
  }
  const answer = ANSWER_NAME.exec(name);
  if (answer)
    return {
      ok: true,
      name,
      label: `Answer: ${answer[1] ?? ''}`,
      type: 'number',
      parsed: { source: 'answer', question: answer[1] ?? '' },
    };
  const match = AGGREGATE_NAME.exec(name);
  if (!match) return unknown;
  const [, measure, yearText, dimension, value] = match as unknown as [
    string,
    'quantity' | 'lines',
    string | undefined,
    AggregateDimension,
    string,
  ];
  const year = yearText === undefined ? null : Number(yearText);
  if (year !== null && (year < 1 || year > MAX_YEARS))
    return { ok: false, problem: `'${name}': a quote has contract years 1 to ${MAX_YEARS}.` };
  const problem = checkGroup(dimension, value, catalog);
  if (problem) return { ok: false, problem: `'${name}': ${problem}` };
  return {
    ok: true,
    name,
    label: name,
    type: 'number',
    parsed: {
      source: 'aggregate',
      measure,
      year: year === null ? null : year - 1,
      group: `${dimension}:${value}`,
    },
  };
}

function checkGroup(dimension: AggregateDimension, value: string, catalog: RuleCatalog) {
  const names = catalogNames(catalog);
  switch (dimension) {
    case 'sku':
      return catalog[value] ? null : `${value} is not a SKU of the catalogue.`;
    case 'family':
      return names.families.has(value)
        ? null
        : `${value} is not a product family of the catalogue.`;
    case 'kind':
      return (PRODUCT_KINDS as readonly string[]).includes(value)
        ? null
        : `${value} is not a product kind; use ${PRODUCT_KINDS.join(', ')}.`;
    case 'attribute': {
      const [attribute = '', attributeValue] = value.split('=', 2);
      if (!isAttributeName(attribute))
        return `${attribute} is not an attribute product rules know; use ${Object.keys(SKU_ATTRIBUTE_VALUES).join(', ')}.`;
      if (attributeValue === undefined || attributeValue === '')
        return `name the value of ${attribute}, as in attribute:${attribute}=value.`;
      const allowed = SKU_ATTRIBUTE_VALUES[attribute];
      if (allowed === 'open')
        return names.openValues.get(attribute)?.has(attributeValue)
          ? null
          : `no SKU of the catalogue has ${attribute} ${attributeValue}.`;
      return allowed.includes(attributeValue)
        ? null
        : `${attributeValue} is not a value of ${attribute}; use ${allowed.join(', ')}.`;
    }
  }
}

/** A placeholder in a message or formula: a fact name, or a model placeholder's short name. */
export function checkPlaceholder(name: string, scope: RuleScope, catalog: RuleCatalog): FactCheck {
  const modelFact = MODEL_PLACEHOLDERS[name];
  if (modelFact !== undefined && scope === 'appliance_model')
    return checkFactName(modelFact, scope, catalog);
  const checked = checkFactName(name, scope, catalog);
  if (checked.ok || modelFact === undefined) return checked;
  return { ok: false, problem: `'{${name}}' is known only to rules of scope appliance_model.` };
}
