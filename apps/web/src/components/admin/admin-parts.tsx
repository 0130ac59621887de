import type { ColumnDef } from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { SidePanel } from '../side-panel.tsx';
import type { usePanelState } from './use-panel-state.ts';

/*
 * Pieces AdminScreen is made of, and that the screens which outgrow it (a sidebar, a diagram,
 * two lists) build from, so they still read alike: the "New …" button, the line that says what
 * was saved, the side panel driven by usePanelState, and a list's Edit column and button.
 */

/** The button that opens an empty editor ("New rule"). */
export function NewButton(props: {
  children: ReactNode;
  onClick: () => void;
  isDisabled?: boolean;
  variant?: 'primary' | 'outline-primary';
  icon?: string;
}) {
  return (
    <Button variant={props.variant} onClick={props.onClick} disabled={props.isDisabled}>
      <i className={`bi ${props.icon ?? 'bi-plus-lg'} me-1`} aria-hidden="true" />
      {props.children}
    </Button>
  );
}

/** What the last change did ("Saved the rule …"), until the next one or until dismissed. */
export function useNotice() {
  const [notice, setNotice] = useState<string | null>(null);
  return {
    show: setNotice,
    clear: () => setNotice(null),
    element: notice ? (
      <Alert variant="success" role="status" dismissible onClose={() => setNotice(null)}>
        {notice}
      </Alert>
    ) : null,
  };
}

/** A side panel showing what usePanelState holds; its content stays while it slides away. */
export function StatePanel<T>(props: {
  panel: ReturnType<typeof usePanelState<T>>;
  title: (content: T | null) => string;
  size?: 'default' | 'large';
  /** Instead of closing only (the page also changes its address, say). */
  onHide?: () => void;
  children: (content: T) => ReactNode;
}) {
  const { panel } = props;
  return (
    <SidePanel
      show={panel.isShown}
      size={props.size}
      title={props.title(panel.content)}
      onHide={props.onHide ?? panel.close}
      onExited={panel.onExited}
    >
      {panel.content === null ? null : props.children(panel.content)}
    </SidePanel>
  );
}

/** The last column of a list: an Edit button named after its row ("Edit rule Thin margin"). */
export function editColumn<T>(
  label: (row: T) => string,
  onEdit: (row: T) => void,
): ColumnDef<T, never> {
  return {
    id: 'actions',
    header: 'Actions',
    meta: { isHeaderHidden: true, align: 'end' },
    cell: ({ row }) => (
      <EditButton label={label(row.original)} onClick={() => onEdit(row.original)} />
    ),
  };
}

/** A row's Edit button, named after its row for screen readers ("Edit price book Partners"). */
export function EditButton(props: { label: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="outline-primary" aria-label={props.label} onClick={props.onClick}>
      Edit
    </Button>
  );
}
