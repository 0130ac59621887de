import { unknownPlaceholderMessage } from './placeholders.ts';

/** The clause library's categories, in the order a quote's terms list them. */
export const CLAUSE_CATEGORIES = [
  'Payment',
  'Subscription',
  'Licensing',
  'Support',
  'Warranty',
  'Acceptance',
  'Liability',
  'Partner',
  'Public sector',
  'Data protection',
  'Export',
  'Governing law',
  'General',
] as const;

export type ClauseCategory = (typeof CLAUSE_CATEGORIES)[number];

export const isClauseCategory = (text: string): text is ClauseCategory =>
  (CLAUSE_CATEGORIES as readonly string[]).includes(text);

export const CLAUSE_TITLE_MAX = 200;
export const CLAUSE_BODY_MAX = 20_000;

export interface FieldProblem {
  path: string;
  message: string;
}

/** What is wrong with a clause an admin is about to save; empty when nothing is. */
export function checkClauseDraft(draft: {
  title: string;
  body: string;
  category: string;
}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const title = draft.title.trim();
  if (title === '') problems.push({ path: 'title', message: 'Give the clause a title.' });
  else if (title.length > CLAUSE_TITLE_MAX) {
    problems.push({
      path: 'title',
      message: `A title has at most ${CLAUSE_TITLE_MAX} characters.`,
    });
  }
  if (draft.body.trim() === '') {
    problems.push({ path: 'body', message: 'Write the text of the clause.' });
  } else if (draft.body.length > CLAUSE_BODY_MAX) {
    problems.push({
      path: 'body',
      message: `A clause has at most ${CLAUSE_BODY_MAX.toLocaleString('en-US')} characters.`,
    });
  } else {
    const unknown = unknownPlaceholderMessage(draft.body);
    if (unknown) problems.push({ path: 'body', message: unknown });
  }
  if (!isClauseCategory(draft.category)) {
    problems.push({
      path: 'category',
      message: `Choose a category: ${CLAUSE_CATEGORIES.join(', ')}.`,
    });
  }
  return problems;
}

/** Categories in their list order, anything unknown last; then by title. */
export function compareClauses(
  a: { category: string; title: string },
  b: { category: string; title: string },
): number {
  const rank = (category: string) => {
    const index = (CLAUSE_CATEGORIES as readonly string[]).indexOf(category);
    return index === -1 ? CLAUSE_CATEGORIES.length : index;
  };
  return rank(a.category) - rank(b.category) || a.title.localeCompare(b.title, 'en');
}
