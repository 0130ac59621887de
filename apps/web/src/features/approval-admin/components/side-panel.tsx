import { useId, type ReactNode } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';

/** The wide side panel the approval admin edits in (spec §9: 500px, 700px on wide screens). */
export function SidePanel({
  show,
  title,
  onHide,
  onExited,
  children,
}: {
  show: boolean;
  title: string;
  onHide: () => void;
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
      className="offcanvas-wide"
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
