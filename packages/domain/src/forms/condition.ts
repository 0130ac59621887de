import {
  CONDITION_OPERATORS,
  type ConditionOperator,
  type FormValues,
  type JsonValue,
} from './recipe.ts';
import { isEmptyValue, isJsonObject, readValue, textOf } from './values.ts';

/**
 * Condition expressions of form rules (spec §4), e.g.
 * `(deal_type string-equals "R" and not is_coterm boolean) or amount int-gt-than 1000`.
 * Recipes are data edited by admins, so expressions are parsed by hand and never evaluated as
 * code.
 *
 *   expr       := or
 *   or         := and (('or' | '||') and)*
 *   and        := not (('and' | '&&') not)*
 *   not        := ('not' | '!') not | primary
 *   primary    := '(' expr ')' | comparison
 *   comparison := FIELD OPERATOR [VALUE]
 *
 * FIELD: letters, digits and `_`, with `.` between parts for a path into an object value.
 * VALUE: a quoted string ('…' or "…", backslash escapes), a number, true, false, null, or a bare
 * word (a run of characters other than spaces, parentheses, quotes, `!`, `&` and `|`).
 * Keywords (and, or, not, true, false, null) are lowercase only.
 */

export type ConditionNode =
  | { readonly kind: 'or'; readonly operands: readonly ConditionNode[] }
  | { readonly kind: 'and'; readonly operands: readonly ConditionNode[] }
  | { readonly kind: 'not'; readonly operand: ConditionNode }
  | {
      readonly kind: 'comparison';
      readonly field: string;
      readonly op: ConditionOperator;
      /** Absent for the operators that take no value, and for `boolean` without one. */
      readonly val?: JsonValue;
    };

export class ConditionSyntaxError extends Error {
  override name = 'ConditionSyntaxError';

  constructor(
    message: string,
    /** Offset in the expression, counted from 0 like JSON.parse's messages. */
    readonly position: number,
    readonly expression: string,
  ) {
    super(message);
  }
}

export const isConditionOperator = (text: string): text is ConditionOperator =>
  (CONDITION_OPERATORS as readonly string[]).includes(text);

const OPERATORS_WITHOUT_VALUE: readonly ConditionOperator[] = ['int-gt-than-zero', 'is-undefined'];

/** The operator named by `text`; anything else is an error naming the operators there are. */
export function toConditionOperator(text: string): ConditionOperator {
  if (isConditionOperator(text)) return text;
  throw new Error(unknownOperatorMessage(text));
}

const unknownOperatorMessage = (text: string, where = '') =>
  `Unknown operator '${text}'${where}; expected one of ${CONDITION_OPERATORS.join(', ')}`;

// ---------------------------------------------------------------------------------------------
// Tokens

type Token =
  | { kind: 'lparen' | 'rparen' | 'and' | 'or' | 'not' | 'end'; text: string; position: number }
  | { kind: 'word'; text: string; position: number }
  | { kind: 'string'; text: string; value: string; position: number };

const ESCAPES = new Map([
  ['n', '\n'],
  ['t', '\t'],
  ['r', '\r'],
]);
const WORD_CHAR = /[^\s()'"!&|]/;
const KEYWORDS: Record<string, 'and' | 'or' | 'not'> = { and: 'and', or: 'or', not: 'not' };

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (message: string, position: number): never => {
    throw new ConditionSyntaxError(message, position, expression);
  };
  while (i < expression.length) {
    const char = expression.charAt(i);
    const start = i;
    if (/\s/.test(char)) {
      i += 1;
    } else if (char === '(' || char === ')') {
      tokens.push({ kind: char === '(' ? 'lparen' : 'rparen', text: char, position: start });
      i += 1;
    } else if (char === '!') {
      tokens.push({ kind: 'not', text: char, position: start });
      i += 1;
    } else if (char === '&' || char === '|') {
      if (expression.charAt(i + 1) !== char) {
        fail(`Unexpected '${char}' at position ${start}; did you mean '${char}${char}'?`, start);
      }
      tokens.push({ kind: char === '&' ? 'and' : 'or', text: char + char, position: start });
      i += 2;
    } else if (char === '"' || char === "'") {
      const { value, end } = readQuoted(expression, start);
      tokens.push({ kind: 'string', text: expression.slice(start, end), value, position: start });
      i = end;
    } else {
      while (i < expression.length && WORD_CHAR.test(expression.charAt(i))) i += 1;
      const text = expression.slice(start, i);
      const keyword = Object.hasOwn(KEYWORDS, text) ? KEYWORDS[text] : undefined;
      tokens.push(
        keyword
          ? { kind: keyword, text, position: start }
          : { kind: 'word', text, position: start },
      );
    }
  }
  tokens.push({ kind: 'end', text: '', position: expression.length });
  return tokens;
}

/** The string quoted at `start`, unescaped, and the offset just past its closing quote. */
function readQuoted(expression: string, start: number): { value: string; end: number } {
  const quote = expression.charAt(start);
  let value = '';
  let i = start + 1;
  while (i < expression.length) {
    const char = expression.charAt(i);
    if (char === quote) return { value, end: i + 1 };
    if (char === '\\' && i + 1 < expression.length) {
      const escaped = expression.charAt(i + 1);
      value += ESCAPES.get(escaped) ?? escaped;
      i += 2;
    } else if (char === '\\') {
      break;
    } else {
      value += char;
      i += 1;
    }
  }
  throw new ConditionSyntaxError(
    `Unterminated string starting at position ${start}`,
    start,
    expression,
  );
}

// ---------------------------------------------------------------------------------------------
// Parser

const FIELD = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;

const describeToken = (token: Token) =>
  token.kind === 'end'
    ? 'end of expression'
    : token.kind === 'string'
      ? token.text
      : `'${token.text}'`;

/** Parses a condition expression, or throws a ConditionSyntaxError saying what it expected where. */
export function parseCondition(expression: string): ConditionNode {
  const tokens = tokenize(expression);
  let index = 0;

  const peek = (ahead = 0): Token => tokens[Math.min(index + ahead, tokens.length - 1)] as Token;
  const advance = (): Token => {
    const token = peek();
    if (token.kind !== 'end') index += 1;
    return token;
  };
  const fail = (expected: string, token: Token, why = ''): never => {
    throw new ConditionSyntaxError(
      `Expected ${expected} at position ${token.position}${why}, found ${describeToken(token)}`,
      token.position,
      expression,
    );
  };

  /** One operand, or several joined by the operator (`a or b or c`). */
  function parseJoined(kind: 'or' | 'and', parseOperand: () => ConditionNode): ConditionNode {
    const operands = [parseOperand()];
    while (peek().kind === kind) {
      advance();
      operands.push(parseOperand());
    }
    return operands.length === 1 ? (operands[0] as ConditionNode) : { kind, operands };
  }

  function parseOr(): ConditionNode {
    return parseJoined('or', parseAnd);
  }

  function parseAnd(): ConditionNode {
    return parseJoined('and', parseNot);
  }

  function parseNot(): ConditionNode {
    if (peek().kind !== 'not') return parsePrimary();
    advance();
    return { kind: 'not', operand: parseNot() };
  }

  function parsePrimary(): ConditionNode {
    const token = peek();
    if (token.kind !== 'lparen') return parseComparison();
    advance();
    const inner = parseOr();
    const closing = peek();
    if (closing.kind !== 'rparen') {
      fail(`'and', 'or' or ')'`, closing, ` to close the '(' at position ${token.position}`);
    }
    advance();
    return inner;
  }

  function parseComparison(): ConditionNode {
    const fieldToken = peek();
    if (fieldToken.kind !== 'word') return fail(`a field name or '('`, fieldToken);
    if (!FIELD.test(fieldToken.text)) {
      return fail('a field name (letters, digits, _ and . between parts)', fieldToken);
    }
    advance();
    const field = fieldToken.text;
    const opToken = peek();
    if (opToken.kind !== 'word') return fail(`an operator after field '${field}'`, opToken);
    if (!isConditionOperator(opToken.text)) {
      throw new ConditionSyntaxError(
        unknownOperatorMessage(opToken.text, ` at position ${opToken.position}`),
        opToken.position,
        expression,
      );
    }
    advance();
    const op = opToken.text;
    if (OPERATORS_WITHOUT_VALUE.includes(op)) return { kind: 'comparison', field, op };
    if (op === 'boolean' && !isValueAhead()) return { kind: 'comparison', field, op };
    const valueToken = peek();
    if (valueToken.kind !== 'word' && valueToken.kind !== 'string') {
      return fail(`a value after '${op}'`, valueToken);
    }
    advance();
    return { kind: 'comparison', field, op, val: valueOf(valueToken) };
  }

  // `boolean`'s value is optional: a bare word followed by an operator starts the next
  // comparison (which then fails for want of 'and'/'or', a clearer error than a wrong value).
  function isValueAhead(): boolean {
    const token = peek();
    if (token.kind === 'string') return true;
    if (token.kind !== 'word') return false;
    const after = peek(1);
    return !(after.kind === 'word' && isConditionOperator(after.text));
  }

  const node = parseOr();
  const rest = peek();
  if (rest.kind !== 'end') fail(`'and', 'or' or end of expression`, rest);
  return node;
}

function valueOf(token: Token): JsonValue {
  if (token.kind === 'string') return token.value;
  if (token.text === 'true') return true;
  if (token.text === 'false') return false;
  if (token.text === 'null') return null;
  if (NUMBER.test(token.text)) return Number(token.text);
  return token.text;
}

// ---------------------------------------------------------------------------------------------
// Evaluation

export function evaluateCondition(node: ConditionNode, values: FormValues): boolean {
  switch (node.kind) {
    case 'or':
      return node.operands.some((operand) => evaluateCondition(operand, values));
    case 'and':
      return node.operands.every((operand) => evaluateCondition(operand, values));
    case 'not':
      return !evaluateCondition(node.operand, values);
    case 'comparison':
      return evaluateComparison(node.op, readValue(values, node.field), node.val);
  }
}

/** The fields an expression reads, each once, in the order they first appear. */
export function fieldsOf(node: ConditionNode): string[] {
  switch (node.kind) {
    case 'or':
    case 'and':
      return [...new Set(node.operands.flatMap(fieldsOf))];
    case 'not':
      return fieldsOf(node.operand);
    case 'comparison':
      return [node.field];
  }
}

type Value = JsonValue | undefined;

/**
 * `value` is the field's value, `val` the rule's.
 * - string-equals: String(value) equals String(val), undefined and null counting as ''; when
 *   `val` is a list, equals any of them. string-not-equals is its exact negation.
 * - int-less-than / int-gt-than: value < val / value > val as numbers. Numbers, and strings that
 *   are entirely a finite number (spaces aside), count; anything else (empty, text, booleans)
 *   makes the comparison false. Decimals are compared as decimals, not truncated.
 * - int-gt-than-zero: value is a number (as above) above 0.
 * - is-undefined: value is undefined, null, '' or an empty list.
 * - boolean: value counts as true when it is true, 1, or a string 'true', '1' or 'yes' (any
 *   case, spaces aside); that must equal val read the same way, or true when val is absent
 *   (undefined or null).
 * - includes: value's items — a list's items, or a string split on ';' or ',' (items trimmed,
 *   empty ones dropped), or a number or boolean as one item; an object has none — contain
 *   String(val), or any of val when val is a list. Items compare as text.
 */
export function evaluateComparison(op: ConditionOperator, value: Value, val?: Value): boolean {
  switch (op) {
    case 'string-equals':
      return isStringEqual(value, val);
    case 'string-not-equals':
      return !isStringEqual(value, val);
    case 'int-less-than':
      return compareNumbers(value, val, (a, b) => a < b);
    case 'int-gt-than':
      return compareNumbers(value, val, (a, b) => a > b);
    case 'int-gt-than-zero':
      return compareNumbers(value, 0, (a, b) => a > b);
    case 'is-undefined':
      return isEmptyValue(value);
    case 'boolean':
      return isTruthy(value) === (val === undefined || val === null ? true : isTruthy(val));
    case 'includes': {
      const items = itemsOf(value);
      const wanted = Array.isArray(val) ? val.map(textOf) : [textOf(val)];
      return wanted.some((item) => items.includes(item));
    }
  }
}

function isStringEqual(value: Value, val: Value): boolean {
  const text = textOf(value);
  return Array.isArray(val) ? val.some((one) => textOf(one) === text) : textOf(val) === text;
}

/** A finite number, or NaN when the value is not one. */
function numberOf(value: Value): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return NaN;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : NaN;
}

// NaN compares false both ways, so a value that is not a number makes the comparison false.
const compareNumbers = (value: Value, val: Value, compare: (a: number, b: number) => boolean) =>
  compare(numberOf(value), numberOf(val));

const TRUTHY_TEXTS = ['true', '1', 'yes'];

function isTruthy(value: Value): boolean {
  if (value === true || value === 1) return true;
  return typeof value === 'string' && TRUTHY_TEXTS.includes(value.trim().toLowerCase());
}

function itemsOf(value: Value): string[] {
  if (Array.isArray(value)) return value.map(textOf);
  if (typeof value === 'string') {
    return value
      .split(/[;,]/)
      .map((item) => item.trim())
      .filter((item) => item !== '');
  }
  if (value === undefined || value === null || isJsonObject(value)) return [];
  return [textOf(value)];
}
