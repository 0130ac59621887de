import type { PermissionFlags } from '../permissions/flags.ts';

/** One entry of the menu tree: tier 1 groups (CPQ, COMM_CAT), tier 2 menus, tier 3 sub menus. */
export interface MenuItem {
  id: number;
  parent_id: number | null;
  tier: number;
  /** Stable key the rules below use; labels and links may be edited freely. */
  code: string;
  label: string;
  link: string | null;
  is_default: boolean;
  /** First path segment of the group's pages, e.g. cpq or commcat. */
  context: string;
  sort_order: number;
}

export const bySortOrder = (a: MenuItem, b: MenuItem) => a.sort_order - b.sort_order || a.id - b.id;

/** Links are stored as paths; tolerate one saved without its leading slash. */
export function pathOfLink(link: string): string {
  return link.startsWith('/') ? link : `/${link}`;
}

export type AppSettings = Readonly<Record<string, string>>;

type MenuRule = (flags: PermissionFlags, settings: AppSettings) => boolean;

const always: MenuRule = () => true;

const seesMargin: MenuRule = (f) => f.can_see_margin;
/** Finance enters the exchange rates; whoever sees margins reads them (issue 35). */
const seesExchangeRates: MenuRule = (f) => f.is_finance || f.can_see_margin;
const isCatalogAdmin: MenuRule = (f) => f.is_catalog_admin;

/** The app setting is off only when it says so: a missing setting leaves the menu on. */
const isSettingDisabled = (settings: AppSettings, name: string) =>
  settings[name]?.trim().toLowerCase() === 'disabled';

/**
 * Who sees each menu (spec §6). Root admins see every known menu; anything else needs its rule.
 * A code without a rule is shown to root admins only (deny by default), so a menu added by hand
 * stays hidden until somebody decides who it is for.
 */
export const MENU_RULES: Readonly<Record<string, MenuRule>> = {
  // Users with only catalog roles see only the catalog.
  CPQ: (f) => !f.is_catalog_only,
  QUOTES: (f) => f.can_see_quotes,
  APPROVALS: (f) => f.is_pure_quoter || f.is_approver,
  RENEWALS: (f) => f.is_renewal_user || f.is_deal_desk_user,
  REPORTS: (f) => f.is_deal_desk_user,
  // Issue 19: the global account managers, and the deal desk that quotes for them.
  GLOBAL_ACCOUNTS: (f) => f.is_gam || f.is_deal_desk_user,
  ADMINISTRATION: always,
  USERS: (f) => f.is_user_admin,
  APP_SETTINGS: (f) => f.is_it_admin,
  BROADCASTS: (f) => f.is_it_admin || f.is_deal_desk_admin,
  // Issue 21: who manages the application settings.
  WEBHOOKS: (f) => f.is_it_admin,
  CRM: (f) => f.is_it_admin,
  APPROVAL_ADMIN: (f) => f.is_deal_desk_admin,
  TERMS_ADMIN: (f) => f.is_deal_desk_admin || f.is_legal,
  CONFIG_ADMIN: (f) => f.is_it_admin,
  COMM_CAT: (f) => f.has_catalog_role,
  CATALOG: (f) => f.has_catalog_role,
  // A catalog user who is not an admin loses the hierarchy and pricing entries.
  PRODUCT_HIERARCHY: (f) => f.is_catalog_admin,
  SKU_PRICING: (f) => f.is_catalog_admin,
  // Issue 35: everyone with a catalog role reads the price books; catalogue admins change them.
  PRICE_BOOKS: (f) => f.has_catalog_role,
  // Issue 35: everyone with a catalog role reads the discount schedules and term discounts;
  // catalogue admins change them.
  DISCOUNT_SCHEDULES: (f) => f.has_catalog_role,
  // Issue 34: catalogue admins define the product rules.
  PRODUCT_RULES: (f) => f.is_catalog_admin,
  // The cost data behind margins: in CPQ for those who see margins (the deal desk and the margin
  // roles), in the catalogue group for catalog admins, whose roles may give them no CPQ group.
  // Finance finds the exchange rates there, without the cost screens.
  MARGIN_DATA: seesExchangeRates,
  MC_HW_SKU_COSTS: seesMargin,
  MC_COST_LOOKUP: seesMargin,
  MC_MARKUP: seesMargin,
  MC_DURATION_DEPRECIATION: seesMargin,
  MC_SUPPORT_CASES: seesMargin,
  EXCHANGE_RATES: seesExchangeRates,
  CATALOG_MARGIN_DATA: isCatalogAdmin,
  CATALOG_MC_HW_SKU_COSTS: isCatalogAdmin,
  CATALOG_MC_COST_LOOKUP: isCatalogAdmin,
  CATALOG_MC_MARKUP: isCatalogAdmin,
  CATALOG_MC_DURATION_DEPRECIATION: isCatalogAdmin,
  CATALOG_MC_SUPPORT_CASES: isCatalogAdmin,
  CATALOG_EXCHANGE_RATES: isCatalogAdmin,
  // SKUs whose presence on a quote asks for approval: the deal desk reads them (its admins
  // change them), and catalog admins keep them with the catalogue.
  APPROVAL_SKUS: (f) => f.is_deal_desk_user,
  CATALOG_APPROVAL_SKUS: isCatalogAdmin,
};

/** Settings that switch a menu off for everybody, root admins included. */
const MENU_SETTING_SWITCHES: Readonly<Record<string, string>> = {
  RENEWALS: 'cpq_renewals_trueups',
};

export function isMenuAllowed(
  code: string,
  flags: PermissionFlags,
  settings: AppSettings,
): boolean {
  const setting = MENU_SETTING_SWITCHES[code];
  if (setting && isSettingDisabled(settings, setting)) return false;
  const rule = MENU_RULES[code];
  if (flags.is_root_admin) return true;
  return rule ? rule(flags, settings) : false;
}

/**
 * The menus a user sees: each allowed by its rule and under a visible parent. A menu without a
 * link whose children are all hidden leads nowhere, so it goes too, and so does a group left
 * with no menus.
 */
export function filterMenus(
  menus: readonly MenuItem[],
  flags: PermissionFlags,
  settings: AppSettings,
): MenuItem[] {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const allowed = new Map<number, boolean>();
  const isAllowed = (menu: MenuItem, seen: Set<number>): boolean => {
    const known = allowed.get(menu.id);
    if (known !== undefined) return known;
    if (seen.has(menu.id)) return false; // a cycle in edited data: show none of it
    seen.add(menu.id);
    const parent = menu.parent_id === null ? undefined : byId.get(menu.parent_id);
    const result =
      isMenuAllowed(menu.code, flags, settings) &&
      (menu.parent_id === null || (parent !== undefined && isAllowed(parent, seen)));
    allowed.set(menu.id, result);
    return result;
  };
  const visible = menus.filter((m) => isAllowed(m, new Set()));

  // Drop link-less entries with nothing visible beneath them, deepest tier first.
  const kept = new Set(visible.map((m) => m.id));
  const tiers = [...new Set(visible.map((m) => m.tier))].sort((a, b) => b - a);
  for (const tier of tiers) {
    for (const menu of visible) {
      if (menu.tier !== tier || menu.link) continue;
      const hasChild = visible.some((child) => child.parent_id === menu.id && kept.has(child.id));
      if (!hasChild) kept.delete(menu.id);
    }
  }
  return visible.filter((m) => kept.has(m.id));
}
