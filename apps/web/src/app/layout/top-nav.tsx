import Badge from 'react-bootstrap/Badge';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link } from 'react-router';
import { environment } from '@/lib/environment.ts';
import type { MenuGroup } from './menu-tree.ts';
import { PendingApprovalsBadge } from '../../features/approvals/components/pending-approvals-badge.tsx';
import { NotificationBell } from '../../features/notifications/index.ts';
import { GlobalSearch } from '../../features/search/components/global-search.tsx';
import { UserMenu } from './user-menu.tsx';

interface TopNavProps {
  groups: readonly MenuGroup[];
  activeGroup: MenuGroup;
  homePath: string;
  /** Shown below the lg breakpoint, where the sidebar lives in an offcanvas. */
  onOpenMenu?: () => void;
}

export function TopNav({ groups, activeGroup, homePath, onOpenMenu }: TopNavProps) {
  const hasApprovalsMenu = groups.some((group) =>
    group.menus.some((menu) => menu.item.code === 'APPROVALS'),
  );
  return (
    <Navbar as="nav" aria-label="Top" bg="dark" data-bs-theme="dark" className="app-topbar px-3">
      {onOpenMenu ? (
        <button
          type="button"
          className="btn btn-link text-white p-1 me-2 top-nav-menu-button"
          aria-label="Open menu"
          onClick={onOpenMenu}
        >
          <i className="bi bi-list fs-4" aria-hidden="true" />
          {/* The Approvals entry is inside the offcanvas: its count shows on the button. */}
          {hasApprovalsMenu ? <PendingApprovalsBadge isCollapsed /> : null}
        </button>
      ) : null}
      {/* On a phone the mark alone: with the name, the user menu fell off the bar at 390 px. */}
      <Navbar.Brand
        as={Link}
        to={homePath}
        aria-label="Bastion CPQ"
        className="d-flex align-items-center gap-2 me-2 me-sm-4"
      >
        <img src="/favicon.svg" alt="" width={26} height={26} />
        <span className="fw-semibold d-none d-sm-inline">Bastion CPQ</span>
      </Navbar.Brand>
      {/* Below lg the offcanvas lists the groups, so the bar keeps room for the user menu. */}
      {onOpenMenu ? null : (
        <Nav className="top-nav-groups">
          {groups.map((group) => {
            const isActive = group.item.id === activeGroup.item.id;
            return (
              <Nav.Link
                key={group.item.id}
                as={Link}
                to={group.homePath}
                active={isActive}
                aria-current={isActive ? 'true' : undefined}
              >
                {group.item.label}
              </Nav.Link>
            );
          })}
        </Nav>
      )}
      <div className="ms-auto d-flex align-items-center gap-2 gap-sm-3">
        <GlobalSearch />
        {environment.name !== 'production' ? (
          <Badge
            bg="warning"
            text="dark"
            title={`You are on the ${environment.displayName} environment, not production.`}
          >
            {environment.displayName}
          </Badge>
        ) : null}
        <NotificationBell />
        <UserMenu context={activeGroup.item.context} />
      </div>
    </Navbar>
  );
}
