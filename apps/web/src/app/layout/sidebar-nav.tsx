import type { MenuItem } from '@bastion/domain/navigation/menus';
import { Fragment, type ReactElement, useId, useState } from 'react';
import Collapse from 'react-bootstrap/Collapse';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { NavLink, matchPath, useLocation } from 'react-router';
import { PendingApprovalsBadge } from '../../features/approvals/components/pending-approvals-badge.tsx';
import { menuIconOf } from './menu-icons.ts';
import { pathOfLink } from '@bastion/domain/navigation/menus';
import type { MenuGroup, SidebarMenu } from './menu-tree.ts';

interface SidebarNavProps {
  group: MenuGroup;
  isCollapsed: boolean;
  /** Called after a link is followed, e.g. to close the offcanvas. */
  onNavigate?: () => void;
}

/** Names an icon-only entry for sighted users; screen readers read the hidden label. */
function WithTooltip({
  label,
  isShown,
  children,
}: {
  label: string;
  isShown: boolean;
  children: ReactElement;
}) {
  if (!isShown) return children;
  return (
    <OverlayTrigger placement="right" overlay={<Tooltip>{label}</Tooltip>}>
      {children}
    </OverlayTrigger>
  );
}

function MenuLink({
  item,
  isCollapsed,
  isNested,
  onNavigate,
}: {
  item: MenuItem;
  isCollapsed: boolean;
  isNested?: boolean;
  onNavigate?: () => void;
}) {
  if (!item.link) return null;
  return (
    <li>
      <WithTooltip label={item.label} isShown={isCollapsed}>
        <NavLink
          to={pathOfLink(item.link)}
          className={`sidebar-link${isNested ? ' sidebar-link-nested' : ''}`}
          onClick={onNavigate}
        >
          <i className={`bi ${menuIconOf(item.code)} sidebar-icon`} aria-hidden="true" />
          <span className={isCollapsed ? 'visually-hidden' : 'sidebar-label'}>{item.label}</span>
          {item.code === 'APPROVALS' ? <PendingApprovalsBadge isCollapsed={isCollapsed} /> : null}
        </NavLink>
      </WithTooltip>
    </li>
  );
}

/** A menu's sub menus, indented under it. */
interface MenuProps {
  menu: SidebarMenu;
  isCollapsed: boolean;
  onNavigate?: () => void;
}

function SubMenuLinks({ menu, isCollapsed, onNavigate }: MenuProps) {
  return menu.children.map((child) => (
    <MenuLink
      key={child.id}
      item={child}
      isCollapsed={isCollapsed}
      isNested
      onNavigate={onNavigate}
    />
  ));
}

/** A tier-2 menu without a page of its own: a heading that folds its sub menus. */
function MenuSection({ menu, isCollapsed, onNavigate }: MenuProps) {
  const { pathname } = useLocation();
  const [isOpen, setIsOpen] = useState(true);
  const listId = useId();
  const hasActiveChild = menu.children.some(
    (child) => child.link && matchPath({ path: pathOfLink(child.link), end: false }, pathname),
  );
  const children = (
    <ul className="sidebar-list" id={listId}>
      <SubMenuLinks menu={menu} isCollapsed={isCollapsed} onNavigate={onNavigate} />
    </ul>
  );

  // Collapsed, every entry is an icon: show the sub menus under a thin rule instead of folding.
  if (isCollapsed) {
    return (
      <li className="sidebar-section-collapsed">
        <span className="visually-hidden">{menu.item.label}</span>
        {children}
      </li>
    );
  }
  return (
    <li>
      <button
        type="button"
        className={`sidebar-link sidebar-section-toggle${hasActiveChild ? ' has-active-child' : ''}`}
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen(!isOpen)}
      >
        <i className={`bi ${menuIconOf(menu.item.code)} sidebar-icon`} aria-hidden="true" />
        <span className="sidebar-label">{menu.item.label}</span>
        <i
          className={`bi ${isOpen ? 'bi-chevron-up' : 'bi-chevron-down'} ms-auto small`}
          aria-hidden="true"
        />
      </button>
      <Collapse in={isOpen}>
        <div>{children}</div>
      </Collapse>
    </li>
  );
}

/** The active group's menus; the only `nav[aria-label="Sidebar"]` on the page. */
export function SidebarNav({ group, isCollapsed, onNavigate }: SidebarNavProps) {
  return (
    <nav aria-label="Sidebar" className="sidebar-nav">
      <ul className="sidebar-list">
        {group.menus.map((menu) =>
          menu.item.link ? (
            <Fragment key={menu.item.id}>
              <MenuLink item={menu.item} isCollapsed={isCollapsed} onNavigate={onNavigate} />
              {/* A menu with a page of its own keeps its sub menus visible beneath it. */}
              <SubMenuLinks menu={menu} isCollapsed={isCollapsed} onNavigate={onNavigate} />
            </Fragment>
          ) : (
            <MenuSection
              key={menu.item.id}
              menu={menu}
              isCollapsed={isCollapsed}
              onNavigate={onNavigate}
            />
          ),
        )}
      </ul>
    </nav>
  );
}
