/**
 * Test support: the small subset of SOQL the fake Salesforce server (fake-salesforce.ts) answers,
 * evaluated over in-memory records: SELECT fields FROM SObject [WHERE c AND c …] [LIMIT n].
 */

/** A record as the REST API shows it: fields by API name, lookups as nested objects or null. */
export type FakeRecord = { Id: string } & Record<string, unknown>;

type Literal = string | number | boolean | null | { instant: number };
interface Condition {
  field: string;
  operator: '=' | '!=' | '<' | '<=' | '>' | '>=' | 'IN';
  values: Literal[];
}
interface ParsedQuery {
  fields: string[];
  sobject: string;
  conditions: Condition[];
  limit: number | null;
}

const TOKEN =
  /\s*(?:('(?:[^'\\]|\\.)*')|(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2}))|(-?\d+(?:\.\d+)?)|([A-Za-z_][\w.]*)|(!=|<=|>=|[=<>(),]))/y;
const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  '"': '"',
  "'": "'",
  '\\': '\\',
};

type Token =
  | { kind: 'string'; value: string }
  | { kind: 'instant'; value: number }
  | { kind: 'number'; value: number }
  | { kind: 'word'; value: string }
  | { kind: 'symbol'; value: string };

function unescapeSoql(quoted: string): string {
  return quoted.slice(1, -1).replace(/\\(.)/g, (_match, char: string) => {
    const plain = ESCAPES[char];
    if (plain === undefined) throw new Error(`Invalid string literal escape: \\${char}`);
    return plain;
  });
}

function tokenize(soql: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < soql.trimEnd().length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(soql);
    if (!match) throw new Error(`unexpected token at ${at}: ${soql.slice(at, at + 20)}`);
    const [, quoted, instant, number, word, symbol] = match;
    if (quoted !== undefined) tokens.push({ kind: 'string', value: unescapeSoql(quoted) });
    else if (instant !== undefined) tokens.push({ kind: 'instant', value: parseInstant(instant) });
    else if (number !== undefined) tokens.push({ kind: 'number', value: Number(number) });
    else if (word !== undefined) tokens.push({ kind: 'word', value: word });
    else if (symbol !== undefined) tokens.push({ kind: 'symbol', value: symbol });
  }
  return tokens;
}

/** Salesforce writes '+0000'; Date.parse wants '+00:00'. */
const parseInstant = (text: string) => Date.parse(text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));

export function parseSoql(soql: string): ParsedQuery {
  const tokens = tokenize(soql);
  let position = 0;
  const peek = () => tokens[position];
  const next = () => {
    const token = tokens[position++];
    if (!token) throw new Error('unexpected end of query');
    return token;
  };
  const isKeyword = (token: Token | undefined, keyword: string) =>
    token?.kind === 'word' && token.value.toUpperCase() === keyword;
  const expectKeyword = (keyword: string) => {
    if (!isKeyword(next(), keyword)) throw new Error(`expected ${keyword}`);
  };
  const expectSymbol = (symbol: string) => {
    const token = next();
    if (token.kind !== 'symbol' || token.value !== symbol) throw new Error(`expected ${symbol}`);
  };
  const word = () => {
    const token = next();
    if (token.kind !== 'word') throw new Error('expected a name');
    return token.value;
  };
  const literal = (): Literal => {
    const token = next();
    if (token.kind === 'string' || token.kind === 'number') return token.value;
    if (token.kind === 'instant') return { instant: token.value };
    if (isKeyword(token, 'TRUE')) return true;
    if (isKeyword(token, 'FALSE')) return false;
    if (isKeyword(token, 'NULL')) return null;
    throw new Error(`expected a value, found ${token.value}`);
  };

  const commaSeparated = <T>(item: () => T): T[] => {
    const items = [item()];
    while (peek()?.kind === 'symbol' && peek()?.value === ',') {
      position += 1;
      items.push(item());
    }
    return items;
  };

  expectKeyword('SELECT');
  const fields = commaSeparated(word);
  expectKeyword('FROM');
  const sobject = word();
  const conditions: Condition[] = [];
  if (isKeyword(peek(), 'WHERE')) {
    position += 1;
    do {
      if (conditions.length > 0) position += 1;
      const field = word();
      if (isKeyword(peek(), 'IN')) {
        position += 1;
        expectSymbol('(');
        const values = commaSeparated(literal);
        expectSymbol(')');
        conditions.push({ field, operator: 'IN', values });
      } else {
        const operator = next();
        if (
          operator.kind !== 'symbol' ||
          !['=', '!=', '<', '<=', '>', '>='].includes(operator.value)
        ) {
          throw new Error('expected a comparison');
        }
        conditions.push({
          field,
          operator: operator.value as Condition['operator'],
          values: [literal()],
        });
      }
    } while (isKeyword(peek(), 'AND'));
  }
  let limit: number | null = null;
  if (isKeyword(peek(), 'LIMIT')) {
    position += 1;
    const token = next();
    if (token.kind !== 'number') throw new Error('expected a number after LIMIT');
    limit = token.value;
  }
  if (position !== tokens.length) throw new Error(`unexpected ${peek()?.value ?? ''}`);
  return { fields, sobject, conditions, limit };
}

const fieldOf = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null
    ? ((value as Record<string, unknown>)[name] ?? null)
    : null;

const pathValue = (row: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>(fieldOf, row);

function compare(value: unknown, literal: Literal): number | null {
  if (literal === null || typeof literal === 'boolean') return null;
  if (typeof literal === 'object') {
    const instant = typeof value === 'string' ? parseInstant(value) : NaN;
    return Number.isNaN(instant) ? null : Math.sign(instant - literal.instant);
  }
  if (typeof literal === 'number')
    return typeof value === 'number' ? Math.sign(value - literal) : null;
  return typeof value === 'string' ? (value < literal ? -1 : value > literal ? 1 : 0) : null;
}

export function matches(row: FakeRecord, condition: Condition): boolean {
  const value = pathValue(row, condition.field);
  const isEqual = (literal: Literal) =>
    literal === null || typeof literal === 'boolean'
      ? value === literal
      : compare(value, literal) === 0;
  const [literal = null] = condition.values;
  const order = compare(value, literal);
  switch (condition.operator) {
    case 'IN':
      return condition.values.some(isEqual);
    case '=':
      return isEqual(literal);
    case '!=':
      return !isEqual(literal);
    case '<':
      return order !== null && order < 0;
    case '<=':
      return order !== null && order <= 0;
    case '>':
      return order !== null && order > 0;
    case '>=':
      return order !== null && order >= 0;
  }
}

/** Only the selected fields, lookups as nested objects (null when empty), as Salesforce does. */
export function project(row: FakeRecord, sobject: string, fields: string[]): FakeRecord {
  const result: FakeRecord = {
    attributes: { type: sobject, url: `/services/data/v62.0/sobjects/${sobject}/${row.Id}` },
    Id: row.Id,
  };
  for (const field of fields) {
    const parts = field.split('.');
    const leaf = parts.pop() ?? field;
    let source: unknown = row;
    let target: Record<string, unknown> | null = result;
    for (const part of parts) {
      source = fieldOf(source, part);
      if (source === null) {
        target[part] = null;
        target = null;
        break;
      }
      const existing = target[part];
      const nested: Record<string, unknown> =
        typeof existing === 'object' && existing !== null
          ? (existing as Record<string, unknown>)
          : { attributes: { type: part } };
      target[part] = nested;
      target = nested;
    }
    if (target) target[leaf] = fieldOf(source, leaf);
  }
  return result;
}
