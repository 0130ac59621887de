import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AdminLayout, LoadState, type AdminTab } from './admin-layout.tsx';
import { NewButton, StatePanel, useNotice } from './admin-parts.tsx';
import { usePanelState } from './use-panel-state.ts';

/** What a list and an editor may do to the screen around them. */
export interface AdminScreenControls<TRow> {
  /** Opens the editor on a row, or on a new one (null). */
  open: (row: TRow | null) => void;
  /** Closes the editor. */
  close: () => void;
  /** Closes the editor and says what the change did ("Saved the rule …"). */
  done: (message: string) => void;
  /** The row the open editor edits, for the list to mark. */
  activeRow: TRow | null;
}

/**
 * The admin screen pattern: title, tabs, a "New …" button, the list (loading, refused and
 * failed states included), the editor in a side panel (500px, 700px large), and a line saying
 * what the last change did. The list is a DataTable with its columns; the editor an EditorForm
 * with its zod schema, saving through useRowSaveMutation (optimistic, rolled back if refused)
 * and deleting after a ConfirmButton. A screen declares those and nothing else.
 */
export function AdminScreen<TList, TRow>(props: {
  title: string;
  subtitle: ReactNode;
  tabs?: { label: string; items: readonly AdminTab[] };
  query: UseQueryResult<TList>;
  /** "the clause rules": what loads, for screen readers and the refusal message. */
  what: string;
  whoSees?: string;
  /** "New rule"; no button when the user may not create. */
  newLabel: string;
  canCreate: boolean;
  panelTitle: (row: TRow | null) => string;
  panelSize?: 'default' | 'large';
  list: (data: TList, controls: AdminScreenControls<TRow>) => ReactNode;
  editor: (row: TRow | null, controls: AdminScreenControls<TRow>) => ReactNode;
  /** The panel's state, when the page also follows it (an address naming the open row). */
  panel?: ReturnType<typeof usePanelState<{ row: TRow | null }>>;
  onOpen?: (row: TRow | null) => void;
  onClose?: () => void;
  /** Between the tabs and the list (a warning about the address, say). */
  banner?: ReactNode;
}) {
  const ownPanel = usePanelState<{ row: TRow | null }>();
  const panel = props.panel ?? ownPanel;
  const notice = useNotice();
  const close = () => {
    panel.close();
    props.onClose?.();
  };
  const controls: AdminScreenControls<TRow> = {
    open: (row) => {
      notice.clear();
      panel.open({ row });
      props.onOpen?.(row);
    },
    close,
    done: (message) => {
      close();
      notice.show(message);
    },
    activeRow: panel.isShown ? (panel.content?.row ?? null) : null,
  };
  return (
    <AdminLayout
      title={props.title}
      subtitle={props.subtitle}
      tabs={props.tabs}
      actions={
        props.canCreate && !props.query.isError ? (
          <NewButton onClick={() => controls.open(null)}>{props.newLabel}</NewButton>
        ) : null
      }
    >
      {notice.element}
      {props.banner}
      <LoadState query={props.query} what={props.what} whoSees={props.whoSees}>
        {(data) => props.list(data, controls)}
      </LoadState>
      <StatePanel
        panel={panel}
        size={props.panelSize}
        onHide={close}
        title={(content) => props.panelTitle(content?.row ?? null)}
      >
        {({ row }) => props.editor(row, controls)}
      </StatePanel>
    </AdminLayout>
  );
}
