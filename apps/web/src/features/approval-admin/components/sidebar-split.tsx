import { useId, type ReactNode } from 'react';

/**
 * A screen of the approval admin with its list as a sidebar (at most 23 %, at least 250px on
 * wide screens, spec §9; stacked above below lg) and the chosen record beside it.
 */
export function SidebarSplit(props: { title: string; sidebar: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <div className="approval-admin-split">
      <aside className="approval-admin-sidebar" aria-labelledby={headingId}>
        <h2 className="h6 text-uppercase text-body-secondary mb-2" id={headingId}>
          {props.title}
        </h2>
        {props.sidebar}
      </aside>
      <div className="approval-admin-main">{props.children}</div>
    </div>
  );
}
