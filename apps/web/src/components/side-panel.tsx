import { useId, type ReactNode } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';

/** The wide side panel admin screens edit and browse in (spec §9: 500px, 700px wide). */
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
