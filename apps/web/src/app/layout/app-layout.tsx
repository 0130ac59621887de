import { useMemo, useRef, useState } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary.tsx';
import { CriticalBroadcastBanner } from '../../features/broadcasts/components/critical-broadcast-banner.tsx';
import { useSession } from '../../features/auth/components/session-context.tsx';
import { landingPathFor } from '../../features/auth/landing-path.ts';
import { ImpersonationBanner } from '../../features/impersonation/components/impersonation-banner.tsx';
import { MaintenanceBanner } from '../../features/maintenance/components/maintenance-banner.tsx';
import { LARGE_SCREEN_QUERY, useMediaQuery } from '@/lib/use-media-query.ts';
import { activeGroupOf, buildMenuGroups } from './menu-tree.ts';
import { SidebarNav } from './sidebar-nav.tsx';
import { TopNav } from './top-nav.tsx';
import { useKeyboardFocus } from './use-keyboard-focus.ts';
import { useSidebarCollapsed } from './use-sidebar-collapsed.ts';

/** The frame of every signed-in screen: top bar, sidebar of the active group, content. */
export function AppLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const groups = useMemo(() => buildMenuGroups(session.menus), [session.menus]);
  const activeGroup = activeGroupOf(groups, pathname);
  const isLargeScreen = useMediaQuery(LARGE_SCREEN_QUERY);
  const [isCollapsed, toggleCollapsed] = useSidebarCollapsed();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  useKeyboardFocus(mainRef);

  if (!activeGroup) return <Navigate to="/no-menus" replace />;
  const homePath = landingPathFor(session, null);
  const closeMenu = () => setIsMenuOpen(false);

  return (
    <div className="app-shell">
      <a href="#main-content" className="visually-hidden-focusable skip-link">
        Skip to main content
      </a>
      <TopNav
        groups={groups}
        activeGroup={activeGroup}
        homePath={homePath}
        onOpenMenu={isLargeScreen ? undefined : () => setIsMenuOpen(true)}
      />
      <div className="app-body">
        {isLargeScreen ? (
          <aside className={`app-sidebar${isCollapsed ? ' is-collapsed' : ''}`}>
            <div className="sidebar-header">
              {isCollapsed ? null : (
                <span className="sidebar-group-name">{activeGroup.item.label}</span>
              )}
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary sidebar-toggle"
                aria-label={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                title={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                aria-pressed={isCollapsed}
                onClick={toggleCollapsed}
              >
                <i
                  className={`bi ${isCollapsed ? 'bi-chevron-double-right' : 'bi-chevron-double-left'}`}
                  aria-hidden="true"
                />
              </button>
            </div>
            <SidebarNav group={activeGroup} isCollapsed={isCollapsed} />
          </aside>
        ) : (
          <Offcanvas
            show={isMenuOpen}
            onHide={closeMenu}
            placement="start"
            className="app-offcanvas"
            aria-labelledby="app-offcanvas-title"
          >
            <Offcanvas.Header closeButton closeLabel="Close menu">
              <Offcanvas.Title id="app-offcanvas-title">Bastion CPQ</Offcanvas.Title>
            </Offcanvas.Header>
            <Offcanvas.Body className="pt-0">
              {groups.length > 1 ? (
                <nav aria-label="Menu groups" className="offcanvas-groups">
                  {groups.map((group) => (
                    <Link
                      key={group.item.id}
                      to={group.homePath}
                      onClick={closeMenu}
                      className={`btn btn-sm ${group === activeGroup ? 'btn-primary' : 'btn-outline-secondary'}`}
                      aria-current={group === activeGroup ? 'true' : undefined}
                    >
                      {group.item.label}
                    </Link>
                  ))}
                </nav>
              ) : null}
              <SidebarNav group={activeGroup} isCollapsed={false} onNavigate={closeMenu} />
            </Offcanvas.Body>
          </Offcanvas>
        )}
        <main id="main-content" className="app-main" tabIndex={-1} ref={mainRef}>
          <ImpersonationBanner />
          <MaintenanceBanner />
          <CriticalBroadcastBanner />
          <ErrorBoundary resetKey={pathname}>
            <Outlet />
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
