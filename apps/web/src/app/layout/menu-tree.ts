import { bySortOrder, pathOfLink, type MenuItem } from '@bastion/domain/navigation/menus';

/** A tier-2 menu with its tier-3 sub menus. */
export interface SidebarMenu {
  item: MenuItem;
  children: MenuItem[];
}

/** A tier-1 group (CPQ, COMM_CAT…): a top-nav link and the sidebar it opens. */
export interface MenuGroup {
  item: MenuItem;
  menus: SidebarMenu[];
  /** Where the group's top-nav link goes: its default menu, else its first reachable one. */
  homePath: string;
}

function firstLinkOf(menus: SidebarMenu[]): string | null {
  for (const menu of menus) {
    if (menu.item.link) return pathOfLink(menu.item.link);
    const child = menu.children.find((item) => item.link);
    if (child?.link) return pathOfLink(child.link);
  }
  return null;
}

/**
 * Shapes the server's flat, already-filtered menu list into groups. Entries that lead nowhere
 * (a menu without link or sub menus, a group without menus) are left out.
 */
export function buildMenuGroups(menus: readonly MenuItem[]): MenuGroup[] {
  const sorted = [...menus].sort(bySortOrder);
  const childrenOf = (parentId: number, tier: number) =>
    sorted.filter((item) => item.parent_id === parentId && item.tier === tier);

  const groups: MenuGroup[] = [];
  for (const group of sorted.filter((item) => item.tier === 1)) {
    const sidebarMenus = childrenOf(group.id, 2)
      .map((item) => ({ item, children: childrenOf(item.id, 3).filter((child) => child.link) }))
      .filter((menu) => menu.item.link || menu.children.length > 0);
    const defaultMenu = sidebarMenus.find((menu) => menu.item.is_default && menu.item.link);
    const homePath = defaultMenu?.item.link
      ? pathOfLink(defaultMenu.item.link)
      : firstLinkOf(sidebarMenus);
    if (homePath) groups.push({ item: group, menus: sidebarMenus, homePath });
  }
  return groups;
}

/** The group whose context is the first path segment; the first group otherwise. */
export function activeGroupOf(groups: readonly MenuGroup[], pathname: string): MenuGroup | null {
  const context = pathname.split('/')[1] ?? '';
  return groups.find((group) => group.item.context === context) ?? groups[0] ?? null;
}
