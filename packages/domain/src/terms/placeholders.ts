/**
 * Placeholders in clause text (issue 6): `{customer_name}` is replaced by the quote's value. A
 * clause whose placeholder has no value on the quote is not rendered at all: a half-filled clause
 * is never saved or shown as final.
 */

const placeholder = <N extends string>(name: N, description: string) => ({ name, description });

// prettier-ignore
export const PLACEHOLDERS = [
  placeholder('customer_name', "The customer's legal entity name (the account's name when the CRM has no other)."),
  placeholder('partner_name', 'The reselling partner; partner deals only.'),
  placeholder('quote_number', 'The quote number, e.g. Q-2026-000123.'),
  placeholder('quote_name', 'The quote name.'),
  placeholder('contract_length', 'The contract length, e.g. 36 months.'),
  placeholder('contract_start_date', 'The contract start date, e.g. 01-Jan-2027.'),
  placeholder('currency', 'The quote currency code, e.g. EUR.'),
  placeholder('payment_term', 'The payment term, e.g. Net 45.'),
  placeholder('payment_term_days', 'The payment term in days, e.g. 45.'),
  placeholder('sla', 'The support level, e.g. 24/7.'),
  placeholder('contracting_entity', 'The Bastion entity that contracts, e.g. Bastion Security GmbH.'),
  placeholder('governing_law', "The law of the contracting entity's seat, e.g. England and Wales."),
] as const;

export type PlaceholderName = (typeof PLACEHOLDERS)[number]['name'];

/** A quote's values by placeholder; a name absent (or blank) has no value on this quote. */
export type PlaceholderValues = Partial<Record<PlaceholderName, string>>;

const PLACEHOLDER_NAMES: ReadonlySet<string> = new Set(PLACEHOLDERS.map((p) => p.name));

export const isPlaceholderName = (name: string): name is PlaceholderName =>
  PLACEHOLDER_NAMES.has(name);

/** `{snake_case}`; other braces (`{ see annex }`, `{A}`) are plain text. */
const PLACEHOLDER = /\{([a-z][a-z0-9_]*)\}/g;

/** The placeholder names a text uses, each once, in the order they first appear. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}

/** `{a}`, `{a} and {b}`, `{a}, {b} and {c}`. */
export function listPlaceholders(names: readonly string[]): string {
  const braced = names.map((name) => `{${name}}`);
  if (braced.length <= 1) return braced.join('');
  return `${braced.slice(0, -1).join(', ')} and ${braced.at(-1) ?? ''}`;
}

/** Null when every placeholder of the text is one we know; else the message to show. */
export function unknownPlaceholderMessage(text: string): string | null {
  const unknown = placeholdersIn(text).filter((name) => !isPlaceholderName(name));
  if (unknown.length === 0) return null;
  const known = listPlaceholders(PLACEHOLDERS.map((p) => p.name));
  return unknown.length === 1
    ? `${listPlaceholders(unknown)} is not a placeholder. The placeholders are ${known}.`
    : `${listPlaceholders(unknown)} are not placeholders. The placeholders are ${known}.`;
}

export function missingPlaceholderMessage(title: string, missing: readonly string[]): string {
  return `Clause "${title}" needs ${listPlaceholders(missing)}, which this quote does not have.`;
}

export type RenderResult =
  { ok: true; text: string } | { ok: false; missing: string[]; message: string };

const valueOf = (values: PlaceholderValues, name: string): string | null => {
  if (!isPlaceholderName(name)) return null;
  const value = values[name]?.trim() ?? '';
  return value === '' ? null : value;
};

/**
 * The clause's text with every placeholder filled, or the placeholders the quote has no value
 * for (an unknown placeholder has none either). Values are inserted as they are: a value that
 * looks like a placeholder is not filled again.
 */
export function renderClause(
  clause: { title: string; body: string },
  values: PlaceholderValues,
): RenderResult {
  const missing = placeholdersIn(clause.body).filter((name) => valueOf(values, name) === null);
  if (missing.length > 0) {
    return { ok: false, missing, message: missingPlaceholderMessage(clause.title, missing) };
  }
  return {
    ok: true,
    text: clause.body.replace(PLACEHOLDER, (_match, name: string) => valueOf(values, name) ?? ''),
  };
}
