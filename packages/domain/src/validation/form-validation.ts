import { DATE_INPUT_EXAMPLE, isUnreadableDate } from '../format/date-input.ts';
import type {
  FieldState,
  FormField,
  FormValues,
  JsonValue,
  LookupOption,
  Renderer,
} from '../forms/recipe.ts';
import { isEmptyValue, isJsonObject, ownValue, setValue } from '../forms/values.ts';
import type { ContractLengthInput } from './contract-years.ts';
import { addError, setOwn, type CountInput } from './counts.ts';
import { isValidEmail } from './email.ts';
import {
  VALIDATION_MESSAGES as M,
  atLeastMessage,
  atMostMessage,
  betweenMessage,
  pleaseEnterMessage,
  pleaseSelectMessage,
} from './messages.ts';
import { validateSecureAccess, type SecureAccessInput } from './secure-access.ts';
import {
  validateShippingBreakups,
  type ShippingBreakupsInput,
  type ShippingProduct,
} from './shipping.ts';

/**
 * Generic form validation (spec §5): checks the visible fields of a recipe as the rules left
 * them and builds the payload to send. The browser runs it for live feedback, the server again
 * on what it receives, so both answer with the same errors.
 */

/**
 * Quote facts the composite fields (ShippingBreakups, SecureAccess) depend on. quote_type,
 * contract_length, deal_type and is_renewal fall back to the form's own values of those names,
 * so a form that asks for them is checked against what was entered.
 */
export interface ValidationContext {
  quote_type?: string | null;
  contract_length?: ContractLengthInput;
  /** A code ('NB', 'R'…) or a name. */
  deal_type?: string | null;
  is_renewal?: boolean | null;
  /** From the session, never from the form: a submitted value must not grant it. */
  is_deal_desk_user?: boolean | null;
  /** The quote's products, when the ShippingBreakups value does not carry them. */
  products?: readonly ShippingProduct[] | null;
  /** The quote's, when the ShippingBreakups value does not carry it. */
  manual_shipping_quantity?: CountInput;
}

export interface FormValidationResult {
  /** Messages keyed by err_key, else field name; composite fields add `<key>.<part>`. */
  errors: Record<string, string>;
  /** The values of the visible fields without errors. */
  payload: FormValues;
  isValid: boolean;
  /** Recipe mistakes found on the way (a pattern that does not compile…), for the logs. */
  warnings: string[];
}

// Fields whose value is picked rather than typed get "Please select…" by default.
const PICKED: ReadonlySet<Renderer> = new Set(['Select', 'CheckBoxGroup', 'Checkbox', 'DateRange']);
const PLEASE_ENTER = 'Please enter';

export function validateFields(
  fields: readonly FieldState[],
  values: FormValues,
  context: ValidationContext = {},
): FormValidationResult {
  const errors: Record<string, string> = {};
  const payload: FormValues = {};
  const warnings: string[] = [];
  const patterns = new PatternCache(warnings);

  for (const field of fields) {
    // A hidden field is not part of the form: no check, no value sent.
    if (!field.is_visible) continue;
    const fieldErrors = checkField(field, values, context, patterns, warnings);
    if (Object.keys(fieldErrors).length > 0) {
      for (const [key, message] of Object.entries(fieldErrors)) addError(errors, key, message);
      continue;
    }
    for (const key of valueKeysOf(field)) {
      const value = ownValue(values, key);
      if (value !== undefined) setValue(payload, key, value);
    }
    // An optional checkbox nobody ticked is a "no", not a missing answer.
    if (rendererOf(field) === 'Checkbox' && !isRequired(field)) {
      const value = ownValue(values, field.field);
      if (value === undefined || value === null) setValue(payload, field.field, false);
    }
  }
  return { errors, payload, isValid: Object.keys(errors).length === 0, warnings };
}

const rendererOf = (field: FormField): Renderer => field.renderer ?? 'Text';
const isRequired = (field: FormField) => field.is_required === true && field.is_optional !== true;
const errorKeyOf = (field: FormField) => field.err_key || field.field;

function valueKeysOf(field: FormField): string[] {
  if (rendererOf(field) !== 'DateRange') return [field.field];
  const keys = [field.field, field.field1, field.field2].filter((k): k is string => !!k);
  return [...new Set(keys)];
}

/** Nothing entered; unlike isEmptyValue, text of only spaces counts as nothing too. */
const isBlank = (value: JsonValue | undefined) =>
  isEmptyValue(value) || (typeof value === 'string' && value.trim() === '');

const labelOf = (field: FormField) => field.label.trim() || field.field;

/** The field's invalid_msg, else "Please enter {label}." or "Please select {label}.". */
export function requiredMessage(field: FormField): string {
  if (field.invalid_msg?.trim()) return field.invalid_msg;
  const label = withoutTrailingPeriods(labelOf(field));
  return PICKED.has(rendererOf(field)) ? pleaseSelectMessage(label) : pleaseEnterMessage(label);
}

/**
 * The label of the numeric-bounds messages (spec §5): the invalid message without its leading
 * 'Please enter' ('Please enter Discount.' → 'Discount'), trimmed, without a trailing period
 * (the bounds message adds its own). When there is no such message, the field's label.
 */
export function boundsLabel(field: Pick<FormField, 'field' | 'label' | 'invalid_msg'>): string {
  const message = field.invalid_msg?.trim() ?? '';
  const rest = message.startsWith(PLEASE_ENTER) ? message.slice(PLEASE_ENTER.length) : '';
  return withoutTrailingPeriods(rest.trim()) || withoutTrailingPeriods(labelOf(field));
}

function withoutTrailingPeriods(text: string): string {
  let end = text.length;
  while (end > 0 && text.charAt(end - 1) === '.') end -= 1;
  return text.slice(0, end).trim();
}

function checkField(
  field: FieldState,
  values: FormValues,
  context: ValidationContext,
  patterns: PatternCache,
  warnings: string[],
): Record<string, string> {
  const renderer = rendererOf(field);
  if (renderer === 'ShippingBreakups' || renderer === 'SecureAccess') {
    return checkComposite(field, renderer, values, context);
  }
  const problem =
    renderer === 'DateRange'
      ? dateRangeProblem(field, values, warnings)
      : simpleFieldProblem(field, ownValue(values, field.field), patterns);
  return problem === null ? {} : { [errorKeyOf(field)]: problem };
}

export const END_BEFORE_START_MESSAGE = 'The end date is before the start date.';
export const DATE_RANGE_INVALID_MESSAGE = `Enter the dates like ${DATE_INPUT_EXAMPLE}.`;

/**
 * Both dates or neither (neither only when the field is not required), each a real ISO date, the
 * end not before the start.
 */
function dateRangeProblem(field: FormField, values: FormValues, warnings: string[]) {
  if (!field.field1 || !field.field2) {
    warnings.push(`Field "${field.field}": a DateRange needs field1 and field2.`);
  }
  const dates = [field.field1, field.field2].map((key) =>
    key ? ownValue(values, key) : undefined,
  );
  const filled = dates.filter((date) => !isBlank(date)).length;
  if (filled === 2) {
    const [start, end] = dates;
    // The form sends ISO dates; other text is what the user typed and the field could not read.
    const isIso = (d: unknown): d is string => typeof d === 'string' && !isUnreadableDate(d);
    if (!isIso(start) || !isIso(end)) return DATE_RANGE_INVALID_MESSAGE;
    // ISO dates compare as text; a contract cannot end before it starts.
    return end < start ? END_BEFORE_START_MESSAGE : null;
  }
  if (filled === 0 && !isRequired(field)) return null;
  return requiredMessage(field);
}

function simpleFieldProblem(
  field: FieldState,
  value: JsonValue | undefined,
  patterns: PatternCache,
): string | null {
  const renderer = rendererOf(field);
  // A required checkbox is an acknowledgement: only a tick answers it.
  if (renderer === 'Checkbox') {
    return isRequired(field) && value !== true ? requiredMessage(field) : null;
  }
  if (isBlank(value)) return isRequired(field) ? requiredMessage(field) : null;
  // A pick must be one the list offers (after FILTER_LOOKUP): the server never stores a value
  // no screen could have offered.
  if (field.options && !isOffered(value, field.options)) return requiredMessage(field);
  if (renderer === 'CheckBoxGroup') return null;

  const pattern = patterns.get(field);
  if (pattern && !matchesWhole(pattern, value)) return requiredMessage(field);
  if (renderer === 'EmailInput' && !(typeof value === 'string' && isValidEmail(value))) {
    return field.invalid_msg?.trim() ? field.invalid_msg : M.invalidEmail;
  }
  return boundsProblem(field, value);
}

function isOffered(value: JsonValue | undefined, options: readonly LookupOption[]): boolean {
  const isOne = (item: JsonValue) =>
    (typeof item === 'string' || typeof item === 'number') &&
    options.some((option) => option.value === String(item));
  return Array.isArray(value) ? value.every(isOne) : value !== undefined && isOne(value);
}

// Lists and objects never match a pattern: there is no one text to test.
const matchesWhole = (pattern: RegExp, value: JsonValue | undefined) =>
  (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') &&
  pattern.test(String(value));

const isBound = (bound: number | undefined): bound is number =>
  typeof bound === 'number' && Number.isFinite(bound);

/** A value that is not a number breaks the bounds as much as one outside them. */
export function boundsProblem(field: FormField, value: JsonValue | undefined): string | null {
  const lower = isBound(field.min) ? field.min : null;
  const upper = isBound(field.max) ? field.max : null;
  const number = numberOf(value);
  const isInside =
    number !== null && (lower === null || number >= lower) && (upper === null || number <= upper);
  if (isInside) return null;
  const label = boundsLabel(field);
  if (lower !== null && upper !== null) return betweenMessage(label, lower, upper);
  if (lower !== null) return atLeastMessage(label, lower);
  return upper !== null ? atMostMessage(label, upper) : null;
}

/** Numbers, and text that is a plain decimal number ('12', '-3.5'); not '1e3', not '1,000'. */
function numberOf(value: JsonValue | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*$/.test(value)) {
    return Number(value);
  }
  return null;
}

/** Compiles each recipe pattern once; one that does not compile is reported and ignored. */
class PatternCache {
  private readonly compiled = new Map<string, RegExp | null>();
  constructor(private readonly warnings: string[]) {}

  get(field: FormField): RegExp | null {
    const { pattern } = field;
    if (pattern === undefined || pattern === '') return null;
    let regex = this.compiled.get(pattern);
    if (regex === undefined) {
      regex = compileWholeMatch(pattern);
      this.compiled.set(pattern, regex);
    }
    if (regex === null) {
      this.warnings.push(
        `Field "${field.field}": pattern ${JSON.stringify(pattern)} is not a valid regular expression; it was ignored.`,
      );
    }
    return regex;
  }
}

function compileWholeMatch(pattern: string): RegExp | null {
  try {
    // The whole value must match, whether or not the recipe wrote ^ and $.
    return new RegExp(`^(?:${pattern})$`);
  } catch {
    return null;
  }
}

/**
 * ShippingBreakups and SecureAccess hold one object value (the lines, the counts…) checked by
 * their own validator; its errors come back under `<err_key or field>.<part>`. A missing value
 * of a field that is not required is not checked; a required one is checked as empty.
 */
function checkComposite(
  field: FieldState,
  renderer: 'ShippingBreakups' | 'SecureAccess',
  values: FormValues,
  context: ValidationContext,
): Record<string, string> {
  const value = ownValue(values, field.field);
  if (!isJsonObject(value) && isBlank(value) && !isRequired(field)) return {};
  const config: { [key: string]: JsonValue } = isJsonObject(value) ? value : {};
  const facts = quoteFacts(values, context);
  // The validators check every part at run time; the cast only hands them the JSON as it is.
  const composite = config as unknown as ShippingBreakupsInput & SecureAccessInput;
  const partErrors =
    renderer === 'ShippingBreakups'
      ? validateShippingBreakups({
          ...composite,
          quote_type: facts.quote_type,
          contract_length: facts.contract_length,
          products: composite.products ?? context.products ?? null,
          manual_shipping_quantity:
            composite.manual_shipping_quantity ?? context.manual_shipping_quantity,
        })
      : validateSecureAccess({ ...composite, ...facts });
  const errors: Record<string, string> = {};
  const prefix = errorKeyOf(field);
  for (const [key, message] of Object.entries(partErrors)) {
    setOwn(errors, `${prefix}.${key}`, message);
  }
  return errors;
}

function quoteFacts(values: FormValues, context: ValidationContext) {
  const text = (key: string) => {
    const value = ownValue(values, key);
    return typeof value === 'string' ? value : null;
  };
  const contractLength = ownValue(values, 'contract_length');
  return {
    quote_type: context.quote_type ?? text('quote_type'),
    contract_length:
      context.contract_length ??
      (typeof contractLength === 'number' || typeof contractLength === 'string'
        ? contractLength
        : null),
    deal_type: context.deal_type ?? text('deal_type'),
    is_renewal: context.is_renewal ?? ownValue(values, 'is_renewal') === true,
    is_deal_desk_user: context.is_deal_desk_user === true,
  };
}
