import { CLAUSE_CATEGORIES } from '@bastion/domain/terms/clauses';
import Form from 'react-bootstrap/Form';
import type { Clause } from '../api/clauses.ts';

/** What the library shows: clauses whose title or text has `search`, of a category, withdrawn too. */
export interface ClauseFilter {
  search: string;
  category: string;
  showWithdrawn: boolean;
}

export const ALL_ACTIVE_CLAUSES: ClauseFilter = { search: '', category: '', showWithdrawn: false };

export function clausesMatching(clauses: readonly Clause[], filter: ClauseFilter): Clause[] {
  const text = filter.search.trim().toLowerCase();
  return clauses.filter(
    (c) =>
      (filter.showWithdrawn || c.is_active) &&
      (!filter.category || c.category === filter.category) &&
      (!text || `${c.title} ${c.body}`.toLowerCase().includes(text)),
  );
}

/** The library's filters above its table: a search, the category, and the withdrawn switch. */
export function ClauseFilters(props: {
  filter: ClauseFilter;
  onChange: (filter: ClauseFilter) => void;
}) {
  const { search, category, showWithdrawn } = props.filter;
  const change = (patch: Partial<ClauseFilter>) => props.onChange({ ...props.filter, ...patch });
  return (
    <div className="d-flex flex-wrap gap-2 mb-3 align-items-center">
      <Form.Control
        type="search"
        className="flex-grow-1 w-auto"
        aria-label="Search clauses"
        placeholder="Search titles and text"
        value={search}
        onChange={(e) => change({ search: e.target.value })}
      />
      <Form.Select
        className="w-auto"
        aria-label="Category"
        value={category}
        onChange={(e) => change({ category: e.target.value })}
      >
        <option value="">All categories</option>
        {CLAUSE_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </Form.Select>
      <Form.Check
        type="switch"
        id="show-withdrawn"
        label="Show withdrawn"
        checked={showWithdrawn}
        onChange={(e) => change({ showWithdrawn: e.target.checked })}
      />
    </div>
  );
}
