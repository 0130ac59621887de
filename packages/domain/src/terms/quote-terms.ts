import type { ClauseOutcome } from './clause-rules.ts';
import { CLAUSE_BODY_MAX, CLAUSE_TITLE_MAX, compareClauses, type FieldProblem } from './clauses.ts';
import { renderClause, unknownPlaceholderMessage, type PlaceholderValues } from './placeholders.ts';

/**
 * A quote's terms (issue 6): the clauses its rules put on it, those the user added from the
 * library, and custom clauses of the user's own text (non-standard). Rules are evaluated on the
 * quote's facts each time the terms are opened or saved, so a change of the quote or of the rules
 * shows at once; what was saved is kept beside it to tell whether the terms still need saving.
 */

export const QUOTE_TERM_SOURCES = ['RULE', 'USER', 'CUSTOM'] as const;
export type QuoteTermSource = (typeof QUOTE_TERM_SOURCES)[number];

export const CUSTOM_CLAUSE_TITLE = 'Non-standard clause';

/** A clause of the library as it reads now. */
export interface LibraryClause {
  id: string;
  title: string;
  body: string;
  category: string;
  version: number;
  is_active: boolean;
}

/** A row of quote_terms. */
export interface StoredTerm {
  clause_id: string | null;
  clause_version: number | null;
  custom_title: string | null;
  custom_text: string | null;
  position: number;
  source: QuoteTermSource;
  is_required: boolean;
  /** The user took off a clause a rule attached: it stays off until a rule requires it. */
  is_removed: boolean;
  rendered_text: string;
}

/** A clause as the terms page shows it. */
export interface PlannedTerm {
  /** The clause id, or `custom-N` for a custom clause. */
  key: string;
  clause_id: string | null;
  /** The library version whose text this is; null for a custom clause. */
  clause_version: number | null;
  /** The version saved on the quote, when it differs or was never saved: null. */
  saved_version: number | null;
  category: string | null;
  title: string;
  /** The text with its placeholders, as written. */
  template: string;
  /** The text with placeholders filled; null when it cannot be (see problem). */
  text: string | null;
  problem: string | null;
  is_required: boolean;
  is_custom: boolean;
  source: QuoteTermSource;
  /** The rules that put the clause on the quote now. */
  rule_names: string[];
}

export interface TermsPlan {
  terms: PlannedTerm[];
  /** Clauses rules attach that the user took off: the page may offer them back. */
  dismissed: { clause_id: string; title: string; rule_names: string[] }[];
  /** What changed since the terms were saved, in words. */
  notices: string[];
  /** What is shown is what is saved: nothing to save. */
  is_saved: boolean;
}

const renderTerm = (title: string, body: string, values: PlaceholderValues) => {
  const rendered = renderClause({ title, body }, values);
  return rendered.ok
    ? { text: rendered.text, problem: null }
    : { text: null, problem: rendered.message };
};

const customTitleOf = (title: string | null | undefined) => title?.trim() || CUSTOM_CLAUSE_TITLE;

function standardTerm(
  clause: LibraryClause,
  values: PlaceholderValues,
  options: {
    outcome: ClauseOutcome | undefined;
    source: QuoteTermSource;
    savedVersion: number | null;
  },
): PlannedTerm {
  const rendered = renderTerm(clause.title, clause.body, values);
  return {
    key: clause.id,
    clause_id: clause.id,
    clause_version: clause.version,
    saved_version: options.savedVersion,
    category: clause.category,
    title: clause.title,
    template: clause.body,
    text: rendered.text,
    problem: clause.is_active
      ? rendered.problem
      : `Clause "${clause.title}" was withdrawn from the library; remove it from the quote.`,
    is_required: options.outcome?.effect === 'REQUIRE',
    is_custom: false,
    source: options.source,
    rule_names: options.outcome?.rule_names ?? [],
  };
}

/** What the terms of a quote are worked out from. */
export interface QuoteTermsInput {
  /** The quote's saved terms. */
  stored: readonly StoredTerm[];
  /** What the clause rules say of each clause, by clause id. */
  outcomes: ReadonlyMap<string, ClauseOutcome>;
  /** The clause library, by clause id. */
  clauses: ReadonlyMap<string, LibraryClause>;
  /** The quote's placeholder values. */
  values: PlaceholderValues;
}

/**
 * The terms to show for an editable quote: what was saved, less the rule clauses no rule attaches
 * any more, plus what the rules attach now (unless the user took it off, and a rule does not
 * require it), in the library's current wording.
 */
export function planQuoteTerms(input: QuoteTermsInput): TermsPlan {
  const { outcomes, clauses, values } = input;
  const stored = [...input.stored].sort((a, b) => a.position - b.position);
  const removed = new Set(stored.filter((s) => s.is_removed).map((s) => s.clause_id));
  const terms: PlannedTerm[] = [];
  const notices: string[] = [];
  const onQuote = new Set<string>();

  let customCount = 0;
  for (const row of stored) {
    if (row.is_removed) continue;
    if (row.clause_id === null) {
      customCount += 1;
      const title = customTitleOf(row.custom_title);
      const rendered = renderTerm(title, row.custom_text ?? '', values);
      terms.push({
        key: `custom-${customCount}`,
        clause_id: null,
        clause_version: null,
        saved_version: null,
        category: null,
        title,
        template: row.custom_text ?? '',
        ...rendered,
        is_required: false,
        is_custom: true,
        source: 'CUSTOM',
        rule_names: [],
      });
      continue;
    }
    const clause = clauses.get(row.clause_id);
    if (!clause || onQuote.has(clause.id)) continue;
    const outcome = outcomes.get(clause.id);
    if (row.source === 'RULE' && !outcome && clause.is_active) {
      notices.push(`Clause "${clause.title}" was taken off: no rule attaches it any more.`);
      continue;
    }
    if (row.clause_version !== null && row.clause_version !== clause.version) {
      notices.push(
        `Clause "${clause.title}" changed in the library since the terms were saved (version ${row.clause_version} → ${clause.version}).`,
      );
    }
    onQuote.add(clause.id);
    terms.push(
      standardTerm(clause, values, {
        outcome,
        source: row.source,
        savedVersion: row.clause_version,
      }),
    );
  }

  const added: PlannedTerm[] = [];
  const dismissed: TermsPlan['dismissed'] = [];
  for (const [clauseId, outcome] of outcomes) {
    const clause = clauses.get(clauseId);
    if (!clause || onQuote.has(clauseId)) continue;
    if (removed.has(clauseId) && outcome.effect !== 'REQUIRE') {
      dismissed.push({ clause_id: clauseId, title: clause.title, rule_names: outcome.rule_names });
      continue;
    }
    if (stored.length > 0) {
      notices.push(
        `Clause "${clause.title}" was added: ${outcome.rule_names.map((n) => `rule "${n}"`).join(', ')} ${outcome.effect === 'REQUIRE' ? 'requires' : 'attaches'} it.`,
      );
    }
    added.push(standardTerm(clause, values, { outcome, source: 'RULE', savedVersion: null }));
  }
  added.sort((a, b) =>
    compareClauses(
      { category: a.category ?? '', title: a.title },
      {
        category: b.category ?? '',
        title: b.title,
      },
    ),
  );
  terms.push(...added);
  dismissed.sort((a, b) => a.title.localeCompare(b.title, 'en'));

  return { terms, dismissed, notices, is_saved: isSameAsStored(terms, stored) };
}

/**
 * Whether saving would store the same clauses, versions and texts in the same order. Which attached
 * clauses were taken off does not count: they are off either way.
 */
function isSameAsStored(terms: readonly PlannedTerm[], stored: readonly StoredTerm[]): boolean {
  const kept = stored.filter((s) => !s.is_removed);
  if (kept.length !== terms.length) return false;
  return terms.every((term, index) => {
    const row = kept[index];
    if (!row) return false;
    return term.is_custom
      ? row.clause_id === null &&
          row.custom_text === term.template &&
          customTitleOf(row.custom_title) === term.title &&
          row.rendered_text === term.text
      : row.clause_id === term.clause_id &&
          row.clause_version === term.clause_version &&
          row.is_required === term.is_required &&
          row.rendered_text === term.text;
  });
}

/** A clause as the terms page sends it: a library clause, or text of the user's own. */
export interface SubmittedTerm {
  clause_id?: string | undefined;
  custom_title?: string | undefined;
  custom_text?: string | undefined;
  position: number;
}

export type BuildResult =
  | { ok: true; rows: StoredTerm[]; has_custom_clause: boolean }
  | { ok: false; errors: FieldProblem[] };

/**
 * Checks the clauses a user saves and turns them into rows: every clause rules require must be
 * there, every clause must render with the quote's values, library clauses must be active and
 * appear once. Clauses rules attach that were left out are remembered as taken off.
 */
export function buildQuoteTerms(
  input: QuoteTermsInput & { submitted: readonly SubmittedTerm[] },
): BuildResult {
  const { outcomes, clauses, values } = input;
  const errors: FieldProblem[] = [];
  const storedSource = new Map(
    input.stored
      .filter((s) => s.clause_id !== null && !s.is_removed)
      .map((s) => [s.clause_id, s.source]),
  );
  const seen = new Set<string>();
  const ordered = input.submitted
    .map((term, index) => ({ term, index }))
    .sort((a, b) => a.term.position - b.term.position || a.index - b.index);

  const rows: StoredTerm[] = [];
  for (const { term, index } of ordered) {
    const path = `clauses.${index}`;
    const hasClause = term.clause_id !== undefined;
    const hasText = term.custom_text !== undefined;
    if (hasClause === hasText) {
      errors.push({
        path,
        message: 'Each clause is either a library clause (clause_id) or custom text (custom_text).',
      });
      continue;
    }
    if (term.clause_id !== undefined) {
      const clause = clauses.get(term.clause_id);
      if (!clause) {
        errors.push({
          path: `${path}.clause_id`,
          message: 'There is no such clause in the library.',
        });
        continue;
      }
      if (seen.has(clause.id)) {
        errors.push({
          path: `${path}.clause_id`,
          message: `Clause "${clause.title}" is on the quote twice.`,
        });
        continue;
      }
      seen.add(clause.id);
      if (!clause.is_active) {
        errors.push({
          path: `${path}.clause_id`,
          message: `Clause "${clause.title}" was withdrawn from the library; remove it from the quote.`,
        });
        continue;
      }
      const rendered = renderClause(clause, values);
      if (!rendered.ok) {
        errors.push({ path, message: rendered.message });
        continue;
      }
      const outcome = outcomes.get(clause.id);
      const source = storedSource.get(clause.id) === 'USER' || !outcome ? 'USER' : 'RULE';
      rows.push({
        clause_id: clause.id,
        clause_version: clause.version,
        custom_title: null,
        custom_text: null,
        position: rows.length,
        source,
        is_required: outcome?.effect === 'REQUIRE',
        is_removed: false,
        rendered_text: rendered.text,
      });
      continue;
    }
    const text = term.custom_text ?? '';
    const title = customTitleOf(term.custom_title);
    const problem =
      text.trim() === ''
        ? 'Write the text of the custom clause.'
        : text.length > CLAUSE_BODY_MAX
          ? `A clause has at most ${CLAUSE_BODY_MAX.toLocaleString('en-US')} characters.`
          : title.length > CLAUSE_TITLE_MAX
            ? `A title has at most ${CLAUSE_TITLE_MAX} characters.`
            : unknownPlaceholderMessage(text);
    if (problem) {
      errors.push({ path: `${path}.custom_text`, message: problem });
      continue;
    }
    const rendered = renderClause({ title, body: text }, values);
    if (!rendered.ok) {
      errors.push({ path: `${path}.custom_text`, message: rendered.message });
      continue;
    }
    rows.push({
      clause_id: null,
      clause_version: null,
      custom_title: term.custom_title?.trim() || null,
      custom_text: text,
      position: rows.length,
      source: 'CUSTOM',
      is_required: false,
      is_removed: false,
      rendered_text: rendered.text,
    });
  }

  for (const [clauseId, outcome] of outcomes) {
    const clause = clauses.get(clauseId);
    if (!clause || seen.has(clauseId)) continue;
    if (outcome.effect === 'REQUIRE') {
      errors.push({
        path: 'clauses',
        message: `Clause "${clause.title}" is required on this quote (${outcome.rule_names
          .map((n) => `rule "${n}"`)
          .join(', ')}) and cannot be removed.`,
      });
    }
  }
  if (errors.length > 0) return { ok: false, errors };

  // Attached clauses left out were taken off by the user: remember it, so they stay off.
  for (const [clauseId, outcome] of outcomes) {
    const clause = clauses.get(clauseId);
    if (!clause || seen.has(clauseId) || outcome.effect !== 'ATTACH') continue;
    rows.push({
      clause_id: clauseId,
      clause_version: clause.version,
      custom_title: null,
      custom_text: null,
      position: rows.length,
      source: 'RULE',
      is_required: false,
      is_removed: true,
      rendered_text: '',
    });
  }
  return { ok: true, rows, has_custom_clause: rows.some((r) => r.source === 'CUSTOM') };
}

/**
 * What keeps the terms from going forward as they are: a clause that cannot be rendered or was
 * withdrawn, or terms that differ from what was saved (never saved, or the quote, the rules or
 * the library changed since).
 */
export function termsProblemsOf(plan: TermsPlan, options: { was_saved: boolean }): string[] {
  const problems = plan.terms.flatMap((term) => (term.problem ? [term.problem] : []));
  if (!plan.is_saved) {
    problems.push(
      options.was_saved
        ? 'The terms changed since they were saved; review and save them again.'
        : 'The terms have not been saved yet.',
    );
  }
  return problems;
}
