import type { FormRecipe, FormValues, JsonValue } from '../forms/recipe.ts';

/**
 * Editing a quote's header after creation (issue 33, docs/decisions/031): the same recipe as the
 * create-quote form, with the fields that were settled when the quote was made shown but fixed.
 */

/**
 * Fixed on every quote: the type decides the configurator and how lines are counted (one year or
 * one per contract year), co-term decides the contract it joins, and the channel is the
 * opportunity's. A different one is a new quote (Copy, or Create quote).
 */
export const FIXED_HEADER_FIELDS = ['quote_type', 'sales_channel', 'is_coterm'] as const;

/**
 * Also fixed on a renewal, co-term or true-up quote: its term and deal type are its contract's,
 * which priced its lines over their periods.
 */
export const CONTRACT_TERM_FIELDS = ['contract_period', 'contract_length', 'deal_type'] as const;

/** What a quote says of its header: the create form's answers, and the columns made of them. */
export interface QuoteHeaderSource {
  details: Record<string, unknown>;
  quote_name: string;
  quote_type: string;
  contract_length: number;
  deal_type: string;
  sales_channel: string;
  is_coterm: boolean;
  opportunity_id: string | null;
  partner_type: string | null;
}

/**
 * The header as the editor starts from it and the server compares against: the answers saved
 * at creation, with the quote's own columns (which later edits keep) over them.
 */
export function headerValuesOf(quote: QuoteHeaderSource): FormValues {
  const header = quote.details.header;
  return {
    ...(typeof header === 'object' && header !== null && !Array.isArray(header)
      ? (header as FormValues)
      : {}),
    quote_name: quote.quote_name,
    quote_type: quote.quote_type,
    contract_length: String(quote.contract_length),
    deal_type: quote.deal_type,
    sales_channel: quote.sales_channel,
    is_coterm: quote.is_coterm,
    opportunity_id: quote.opportunity_id ?? undefined,
    ...(quote.partner_type ? { partner_type: quote.partner_type } : {}),
  };
}

/** The header fields a quote keeps as they are, by how it was made. */
export function fixedHeaderFieldsOf(quote: { opens_on_renewal_page: boolean }): string[] {
  return quote.opens_on_renewal_page
    ? [...FIXED_HEADER_FIELDS, ...CONTRACT_TERM_FIELDS]
    : [...FIXED_HEADER_FIELDS];
}

/**
 * The create-quote recipe as the header editor shows it: the fixed fields disabled. Rules that
 * would make them editable again (EDITABLE) cannot, since the fixed fields are also dropped from
 * the rules' targets.
 */
export function headerEditRecipe(recipe: FormRecipe, fixed: readonly string[]): FormRecipe {
  const isFixed = new Set(fixed);
  return {
    ...recipe,
    rows: recipe.rows.map((row) =>
      row.map((field) => (isFixed.has(field.field) ? { ...field, is_disabled: true } : field)),
    ),
    rules: recipe.rules.flatMap((rule) => {
      if (rule.effect !== 'EDITABLE' && rule.effect !== 'READONLY') return [rule];
      const targets = (Array.isArray(rule.target) ? rule.target : [rule.target]).filter(
        (target) => !isFixed.has(target),
      );
      return targets.length === 0 ? [] : [{ ...rule, target: targets }];
    }),
  };
}

const listOf = (labels: readonly string[]) =>
  labels.length <= 1
    ? (labels[0] ?? '')
    : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1] ?? ''}`;

/**
 * Why the disabled fields cannot change, in one or two sentences above the form, naming them by
 * their labels in the recipe (an admin may have renamed them).
 */
export function fixedFieldsNote(recipe: FormRecipe, fixed: readonly string[]): string {
  const labelOf = new Map(recipe.rows.flat().map((field) => [field.field, field.label]));
  const labels = (fields: readonly string[]) =>
    fields.filter((f) => fixed.includes(f)).flatMap((f) => labelOf.get(f) ?? []);
  const settled = labels(FIXED_HEADER_FIELDS);
  const term = labels(CONTRACT_TERM_FIELDS);
  return [
    settled.length > 0
      ? `${listOf(settled)} were set when the quote was made: copy the quote to change them.`
      : '',
    term.length > 0 ? `${listOf(term)} are the contract’s: they price the renewed lines.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The value keys of the fixed fields (a date range keeps two). */
export function fixedValueKeysOf(recipe: FormRecipe, fixed: readonly string[]): string[] {
  const isFixed = new Set(fixed);
  return recipe.rows.flat().flatMap((field) => {
    if (!isFixed.has(field.field)) return [];
    return field.renderer === 'DateRange'
      ? [field.field1 ?? `${field.field}_start`, field.field2 ?? `${field.field}_end`]
      : [field.field];
  });
}

/** The submitted values with every fixed key put back as the quote has it. */
export function withFixedValues(
  submitted: FormValues,
  current: FormValues,
  fixedKeys: readonly string[],
): FormValues {
  const values: FormValues = { ...submitted };
  for (const key of fixedKeys) values[key] = current[key];
  return values;
}

export interface HeaderChange {
  field: string;
  before: JsonValue;
  after: JsonValue;
}

const normal = (value: JsonValue | undefined): JsonValue => {
  if (value === undefined || value === '') return null;
  if (Array.isArray(value)) return [...value].map(String).sort();
  return value;
};

/**
 * What changed between two headers, key by key in a stable order (the history records it): a
 * missing value and an empty one are the same, and a list of choices is compared as a set.
 */
export function headerChangesOf(before: FormValues, after: FormValues): HeaderChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.flatMap((field) => {
    const was = normal(before[field]);
    const now = normal(after[field]);
    return JSON.stringify(was) === JSON.stringify(now) ? [] : [{ field, before: was, after: now }];
  });
}
