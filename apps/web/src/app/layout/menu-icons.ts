/** The icon of each menu code, shown alone when the sidebar is collapsed. */
const MENU_ICONS: Readonly<Record<string, string>> = {
  QUOTES: 'bi-file-earmark-text',
  APPROVALS: 'bi-check2-square',
  RENEWALS: 'bi-arrow-repeat',
  REPORTS: 'bi-bar-chart',
  GLOBAL_ACCOUNTS: 'bi-globe2',
  ADMINISTRATION: 'bi-gear',
  USERS: 'bi-people',
  APP_SETTINGS: 'bi-sliders',
  CRM: 'bi-cloud-arrow-down',
  BROADCASTS: 'bi-megaphone',
  WEBHOOKS: 'bi-send',
  APPROVAL_ADMIN: 'bi-diagram-3',
  TERMS_ADMIN: 'bi-journal-text',
  CONFIG_ADMIN: 'bi-wrench',
  CATALOG: 'bi-box-seam',
  PRODUCT_HIERARCHY: 'bi-diagram-2',
  SKU_PRICING: 'bi-currency-dollar',
};

export function menuIconOf(code: string): string {
  return MENU_ICONS[code] ?? 'bi-dot';
}
