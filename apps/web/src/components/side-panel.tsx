import { useId, type ReactNode } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { usePanelCloseGuard } from './leave-guard.tsx';

/**
 * The side panel admin screens edit and browse in (spec §9): 500px, or 700px on wide screens
 * for the large editors (rules, clauses, SKUs). Never wider than the screen.
 */
export function SidePanel({
  show,
  title,
  onHide,
  onExited,
  size = 'large',
  children,
}: {
  show: boolean;
  title: string;
  onHide: () => void;
  /** After the closing animation: the content may go then, not before. */
  onExited?: () => void;
  size?: 'default' | 'large';
  children: ReactNode;
}) {
  const titleId = useId();
  // An editor in the panel with unsaved changes is asked about before the panel closes.
  const closeGuard = usePanelCloseGuard(onHide);
  return (
    <Offcanvas
      show={show}
      onHide={closeGuard.requestClose}
      onExited={onExited}
      // autoFocus runs while the panel is still sliding in, hidden, so it does not take: the
      // field marked data-autofocus gets focus once the panel shows.
      onEntered={(node: HTMLElement) => {
        if (document.activeElement === node || !node.contains(document.activeElement)) {
          node.querySelector<HTMLElement>('[data-autofocus]')?.focus();
        }
      }}
      placement="end"
      className={size === 'large' ? 'offcanvas-wide' : 'offcanvas-default'}
      aria-labelledby={titleId}
    >
      <Offcanvas.Header closeButton closeLabel="Close">
        <Offcanvas.Title as="h2" className="h5" id={titleId}>
          {title}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>{closeGuard.wrap(children)}</Offcanvas.Body>
    </Offcanvas>
  );
}
