import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DraftLine } from './line-state.ts';
import type { LineSelection } from './lines-table.tsx';

/**
 * Issue 38: the lines selected for a change to several at once. A click toggles a line, a
 * shift-click selects the range from the last line clicked; a bundle's options go with it and
 * are not selected themselves. Lines removed since drop out of the selection.
 */
export function useLineSelection(lines: readonly DraftLine[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const anchor = useRef<number | null>(null);
  // The callbacks stay the same across edits, so that the table's rows do not all redraw.
  const linesRef = useRef(lines);
  useEffect(() => {
    linesRef.current = lines;
  }, [lines]);

  const onToggle = useCallback((key: string, index: number, isRange: boolean) => {
    setSelected((before) => {
      const next = new Set(before);
      const from = anchor.current;
      if (isRange && from !== null) {
        const [low, high] = from < index ? [from, index] : [index, from];
        for (const line of linesRef.current.slice(low, high + 1)) {
          if (line.parentKey === undefined) next.add(line.key);
        }
      } else if (next.has(key)) {
        next.delete(key);
      } else {
        next.add(key);
      }
      return next;
    });
    anchor.current = index;
  }, []);

  const onToggleAll = useCallback((selectAll: boolean) => {
    anchor.current = null;
    setSelected(
      selectAll
        ? new Set(linesRef.current.filter((l) => l.parentKey === undefined).map((l) => l.key))
        : new Set(),
    );
  }, []);

  const selectedKeys = useMemo(
    () => lines.filter((line) => selected.has(line.key)).map((line) => line.key),
    [lines, selected],
  );
  const selection: LineSelection = useMemo(
    () => ({ selected, onToggle, onToggleAll }),
    [selected, onToggle, onToggleAll],
  );
  return { selection, selectedKeys, clear: () => onToggleAll(false) };
}
