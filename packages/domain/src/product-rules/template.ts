/**
 * Messages, SKU codes and quantity formulas of product rules, with placeholders in braces.
 *
 * A placeholder names a fact (facts.ts) or, in scope appliance_model, a model placeholder:
 * '{model}', '{sku}', '{missing}'. A number may carry its noun: '{missing|unit}' reads "1 unit" or
 * "4 units"; '{n|box|boxes}' gives the plural where adding an s would not do.
 *
 * A quantity formula is whole numbers and placeholders joined by +, -, * and parentheses:
 * '{missing}', '2 * {quantity:sku:BX-200F-HW}', '({units} - {support_units})'. Its value is
 * rounded down, at least 0, at most MAX_QUANTITY.
 */
import type { FactCheck } from './facts.ts';

export const MAX_QUANTITY = 1_000_000;

const PLACEHOLDER = /\{([^{}|]*)(?:\|([^{}|]*)(?:\|([^{}|]*))?)?\}/g;

export type TemplateCheck = { ok: true; names: string[] } | { ok: false; problem: string };

/** The placeholders a template uses, once each; a stray brace or an unknown name is refused. */
export function checkTemplate(
  template: string,
  factOf: (name: string) => FactCheck,
): TemplateCheck {
  const names: string[] = [];
  for (const match of template.matchAll(PLACEHOLDER)) {
    const [, name = '', singular] = match;
    const fact = factOf(name.trim());
    if (!fact.ok) return { ok: false, problem: fact.problem };
    if (singular !== undefined && fact.type !== 'number')
      return { ok: false, problem: `'{${name}|…}': only a number takes a noun.` };
    if (!names.includes(name.trim())) names.push(name.trim());
  }
  if (/[{}]/.test(template.replace(PLACEHOLDER, '')))
    return { ok: false, problem: `'${template}' has a brace without its pair.` };
  return { ok: true, names };
}

const show = (value: unknown): string =>
  value === undefined || value === null
    ? ''
    : typeof value === 'boolean'
      ? value
        ? 'yes'
        : 'no'
      : typeof value === 'number' || typeof value === 'string'
        ? String(value)
        : JSON.stringify(value);

/** Fills a checked template. */
export function fillTemplate(template: string, valueOf: (name: string) => unknown): string {
  return template.replace(
    PLACEHOLDER,
    (_match, name: string, singular?: string, plural?: string) => {
      const value = valueOf(name.trim());
      if (singular === undefined) return show(value);
      return `${show(value)} ${value === 1 ? singular : (plural ?? `${singular}s`)}`;
    },
  );
}

export type Formula =
  | { kind: 'number'; value: number }
  | { kind: 'fact'; name: string }
  | { kind: 'binary'; op: '+' | '-' | '*'; left: Formula; right: Formula };

export type FormulaCheck = { ok: true; formula: Formula } | { ok: false; problem: string };

const TOKEN = /\s*(?:(\d+)|\{([^{}]*)\}|([-+*()]))/y;

/** Parses a formula; `factOf` checks each placeholder it names. */
export function parseFormula(text: string, factOf: (name: string) => FactCheck): FormulaCheck {
  const tokens: (number | { name: string } | string)[] = [];
  let at = 0;
  while (at < text.length && text.slice(at).trim() !== '') {
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(text);
    if (!match)
      return {
        ok: false,
        problem: `quantity '${text}' cannot be read at '${text.slice(at).trim()}'.`,
      };
    const [whole, digits, name, symbol] = match;
    if (digits !== undefined) tokens.push(Number(digits));
    else if (name !== undefined) {
      const fact = factOf(name.trim());
      if (!fact.ok) return { ok: false, problem: fact.problem };
      if (fact.type !== 'number')
        return { ok: false, problem: `quantity '${text}': {${name}} is not a number.` };
      tokens.push({ name: name.trim() });
    } else tokens.push(symbol ?? '');
    at += whole.length;
  }
  let index = 0;
  const broken = (): FormulaCheck => ({
    ok: false,
    problem: `quantity '${text}' is not a formula.`,
  });

  // expression := term (('+' | '-') term)*; term := factor ('*' factor)*; factor := n | {x} | (expression)
  const factor = (): Formula | null => {
    const token = tokens[index++];
    if (typeof token === 'number') return { kind: 'number', value: token };
    if (typeof token === 'object') return { kind: 'fact', name: token.name };
    if (token !== '(') return null;
    const inner = expression();
    return inner && tokens[index++] === ')' ? inner : null;
  };
  const term = (): Formula | null => {
    let left = factor();
    while (left && tokens[index] === '*') {
      index += 1;
      const right = factor();
      left = right ? { kind: 'binary', op: '*', left, right } : null;
    }
    return left;
  };
  const expression = (): Formula | null => {
    let left = term();
    while (left && (tokens[index] === '+' || tokens[index] === '-')) {
      const op = tokens[index++] as '+' | '-';
      const right = term();
      left = right ? { kind: 'binary', op, left, right } : null;
    }
    return left;
  };
  const formula = expression();
  return formula && index === tokens.length ? { ok: true, formula } : broken();
}

function compute(formula: Formula, valueOf: (name: string) => number): number {
  switch (formula.kind) {
    case 'number':
      return formula.value;
    case 'fact':
      return valueOf(formula.name);
    case 'binary': {
      const left = compute(formula.left, valueOf);
      const right = compute(formula.right, valueOf);
      return formula.op === '+' ? left + right : formula.op === '-' ? left - right : left * right;
    }
  }
}

/** A quantity: a whole number from 0 to MAX_QUANTITY, whatever the facts hold. */
export function evaluateFormula(formula: Formula, valueOf: (name: string) => number): number {
  const value = Math.floor(compute(formula, valueOf));
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), MAX_QUANTITY) : 0;
}
