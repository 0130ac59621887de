import type { ComponentProps, ReactNode } from 'react';
import { AdminLayout, LoadState } from './admin-layout.tsx';
import { StatePanel, useNotice } from './admin-parts.tsx';
import { usePanelState } from './use-panel-state.ts';

/**
 * The side panel of a screen that outgrows AdminScreen, with the line saying what the last change
 * did: opening the panel clears the line, `done` closes the panel and says what the change did.
 */
export function usePanelScreen<T>() {
  const panel = usePanelState<T>();
  const notice = useNotice();
  return {
    panel,
    notice,
    open: (content: T) => {
      notice.clear();
      panel.open(content);
    },
    done: (message: string) => {
      panel.close();
      notice.show(message);
    },
  };
}

/**
 * AdminScreen's frame for a screen whose body and panel are its own (a sidebar and the chosen
 * record, a filtered list, two kinds of editor): title and tabs, what the last change did, the
 * body once its query has loaded (or why not), and the side panel of `usePanelScreen`.
 */
export function PanelScreen<TData, TPanel>(
  props: Omit<ComponentProps<typeof AdminLayout>, 'children'> &
    Omit<ComponentProps<typeof LoadState<TData>>, 'children'> & {
      screen: ReturnType<typeof usePanelScreen<TPanel>>;
      /** Instead of `actions`, the "New …" buttons: as AdminScreen's, gone while the query fails. */
      newButtons?: ReactNode;
      /** Above the line about the last change (a read-only notice, a failed removal). */
      banner?: ReactNode;
      children: (data: TData) => ReactNode;
      panelTitle: (content: TPanel | null) => string;
      panel: (content: TPanel) => ReactNode;
    },
) {
  const {
    screen,
    newButtons,
    banner,
    query,
    what,
    whoSees,
    children,
    panelTitle,
    panel,
    ...layout
  } = props;
  return (
    <AdminLayout {...layout} actions={newButtons && !query.isError ? newButtons : layout.actions}>
      {banner}
      {screen.notice.element}
      <LoadState query={query} what={what} whoSees={whoSees}>
        {children}
      </LoadState>
      <StatePanel panel={screen.panel} title={panelTitle}>
        {panel}
      </StatePanel>
    </AdminLayout>
  );
}
