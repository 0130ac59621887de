import { useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { ChecklistDropdown } from '@/components/data-grid/filter-controls.tsx';
import type { ProductLine } from '../api/catalog-skus.ts';
import { flattenTree, subtreeIds } from './hierarchy-model.ts';

/**
 * The catalogue grid's product-line filter: tick any lines of the hierarchy; a line brings the
 * lines below it (shown ticked and greyed), as the server filters.
 */
export function ProductLineFilter({
  id,
  lines,
  chosen,
  onChange,
  onOpen,
}: {
  id: string;
  lines: readonly ProductLine[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  /** Opening the list is a good moment to fetch lines added since. */
  onOpen?: () => void;
}) {
  const [narrow, setNarrow] = useState('');
  const entries = useMemo(() => flattenTree(lines), [lines]);
  const pathOf = useMemo(() => new Map(entries.map((e) => [e.node.id, e.path])), [entries]);
  /** Lines ticked through a ticked line above them, with that line's name. */
  const includedBy = useMemo(() => {
    const included = new Map<string, string>();
    for (const rootId of chosen) {
      for (const below of subtreeIds(lines, rootId)) {
        if (below !== rootId) included.set(below, pathOf.get(rootId) ?? '');
      }
    }
    return included;
  }, [chosen, lines, pathOf]);

  const names = chosen.map((lineId) => pathOf.get(lineId)?.split(' › ').at(-1) ?? 'Unknown line');
  const summary =
    names.length === 0
      ? 'All product lines'
      : names.length === 1
        ? (names[0] ?? '')
        : `${names[0] ?? ''} +${names.length - 1}`;
  const needle = narrow.trim().toLowerCase();
  const shown = needle ? entries.filter((e) => e.path.toLowerCase().includes(needle)) : entries;
  const toggle = (lineId: string) =>
    onChange(
      chosen.includes(lineId)
        ? chosen.filter((other) => other !== lineId)
        : // A line ticked above makes ticks below it redundant.
          [...chosen.filter((other) => !subtreeIds(lines, lineId).has(other)), lineId],
    );

  return (
    <ChecklistDropdown
      id={id}
      label="Product line"
      summary={summary}
      title={chosen.map((lineId) => pathOf.get(lineId)).join('\n') || undefined}
      onOpen={onOpen}
      menuClassName="shadow-sm"
      menuStyle={{ minWidth: '20rem' }}
      narrow={{ label: 'Find a product line', value: narrow, onChange: setNarrow }}
      clear={{
        label: 'All product lines',
        isShown: chosen.length > 0,
        onClear: () => onChange([]),
      }}
    >
      <div
        role="group"
        aria-label="Product lines"
        style={{ maxHeight: '22rem', overflowY: 'auto' }}
      >
        {shown.length === 0 ? (
          <div className="px-3 py-1 small text-body-secondary">No product line matches.</div>
        ) : (
          shown.map(({ node, depth, path }) => {
            const parentPath = includedBy.get(node.id);
            return (
              <Form.Check
                key={node.id}
                id={`${id}-${node.id}`}
                className="py-1 pe-3 text-nowrap"
                style={{ marginLeft: `${1.5 + (needle ? 0 : depth * 1.25)}rem` }}
                label={needle ? path : node.name}
                aria-label={path}
                title={parentPath ? `Included with ${parentPath}` : path}
                checked={chosen.includes(node.id) || parentPath !== undefined}
                disabled={parentPath !== undefined}
                onChange={() => toggle(node.id)}
              />
            );
          })
        )}
      </div>
    </ChecklistDropdown>
  );
}
