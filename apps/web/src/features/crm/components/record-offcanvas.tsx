import { useId, type CSSProperties, type ReactNode } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';

/** Spec §9: offcanvas panels are 500px wide (the app's --app-offcanvas-width). */
const PANEL_STYLE = {
  '--bs-offcanvas-width': 'var(--app-offcanvas-width)',
  maxWidth: '100vw',
} as CSSProperties;

/** The side panel the built-in CRM's records are edited in. */
export function RecordOffcanvas({
  show,
  title,
  onHide,
  onExited,
  children,
}: {
  show: boolean;
  title: string;
  onHide: () => void;
  /** After the closing animation: the content may go then, not before. */
  onExited?: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Offcanvas
      show={show}
      onHide={onHide}
      onExited={onExited}
      placement="end"
      style={PANEL_STYLE}
      aria-labelledby={titleId}
    >
      <Offcanvas.Header closeButton closeLabel="Close">
        <Offcanvas.Title as="h2" className="h5" id={titleId}>
          {title}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>{children}</Offcanvas.Body>
    </Offcanvas>
  );
}
