import { CUSTOM_CLAUSE_TITLE } from '@bastion/domain/terms/quote-terms';
import { renderClause, type PlaceholderValues } from '@bastion/domain/terms/placeholders';
import type { Clause } from '../api/clauses.ts';
import type { QuoteTerm, SubmittedClause } from '../api/quote-terms.ts';

/** A clause on the terms page before it is saved. */
export interface DraftTerm {
  key: string;
  clause_id: string | null;
  title: string;
  category: string | null;
  template: string;
  text: string | null;
  problem: string | null;
  is_required: boolean;
  is_custom: boolean;
  source: QuoteTerm['source'];
  rule_names: string[];
  /** The title the user gave a custom clause; empty for the default one. */
  custom_title: string;
}

export type DraftAction =
  | { type: 'move'; from: number; to: number }
  | { type: 'remove'; key: string }
  | { type: 'add'; term: DraftTerm };

export function draftOf(term: QuoteTerm): DraftTerm {
  return {
    key: term.key,
    clause_id: term.clause_id,
    title: term.title,
    category: term.category,
    template: term.template,
    text: term.text,
    problem: term.problem,
    is_required: term.is_required,
    is_custom: term.is_custom,
    source: term.source,
    rule_names: term.rule_names,
    custom_title: term.is_custom && term.title !== CUSTOM_CLAUSE_TITLE ? term.title : '',
  };
}

/** Required clauses cannot be removed: the server refuses it too. */
export function draftReducer(terms: DraftTerm[], action: DraftAction): DraftTerm[] {
  switch (action.type) {
    case 'move': {
      const { from, to } = action;
      if (from === to || from < 0 || to < 0 || from >= terms.length || to >= terms.length) {
        return terms;
      }
      const next = [...terms];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    }
    case 'remove':
      return terms.filter((t) => t.key !== action.key || t.is_required);
    case 'add':
      return terms.some((t) => t.key === action.term.key) ? terms : [...terms, action.term];
  }
}

/** A clause the user adds (no rule asks for it): its text as it reads on this quote. */
function addedText(template: string, rendered: ReturnType<typeof renderClause>) {
  return {
    template,
    text: rendered.ok ? rendered.text : null,
    problem: rendered.ok ? null : rendered.message,
    is_required: false,
    rule_names: [],
  };
}

/** A library clause as it would read on this quote. */
export function libraryDraft(clause: Clause, values: PlaceholderValues): DraftTerm {
  return {
    key: clause.id,
    clause_id: clause.id,
    title: clause.title,
    category: clause.category,
    ...addedText(clause.body, renderClause(clause, values)),
    is_custom: false,
    source: 'USER',
    custom_title: '',
  };
}

/** Text of the user's own, with placeholders filled from the quote. */
export function customDraft(title: string, text: string, values: PlaceholderValues): DraftTerm {
  const shownTitle = title.trim() || CUSTOM_CLAUSE_TITLE;
  return {
    key: `new-custom-${crypto.randomUUID()}`,
    clause_id: null,
    title: shownTitle,
    category: null,
    ...addedText(text, renderClause({ title: shownTitle, body: text }, values)),
    is_custom: true,
    source: 'CUSTOM',
    custom_title: title.trim(),
  };
}

export function toSubmitted(terms: readonly DraftTerm[]): SubmittedClause[] {
  return terms.map((term, position) =>
    term.is_custom
      ? {
          custom_text: term.template,
          position,
          ...(term.custom_title ? { custom_title: term.custom_title } : {}),
        }
      : { clause_id: term.clause_id ?? '', position },
  );
}
