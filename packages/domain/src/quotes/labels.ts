/*
 * What people read for the codes the API keeps (issue 33: "STANDARD", "DIRECT" and "T2" were
 * shown as they are stored). The API and its clients keep the spec's values; pages show these.
 */

const QUOTE_TYPE_LABELS: Readonly<Record<string, string>> = {
  STANDARD: 'Standard',
  ELA: 'Enterprise licence agreement (ELA)',
  LEGACY: 'Legacy',
};

const SALES_CHANNEL_LABELS: Readonly<Record<string, string>> = {
  DIRECT: 'Direct',
  T1: 'Partner (tier 1)',
  T2: 'Distributor and partner (tier 2)',
};

/** "AUTHORIZED" → "Authorized", "GOLD_PARTNER" → "Gold partner": codes without a table. */
export function labelOfCode(code: string): string {
  const words = code.trim().toLowerCase().replace(/_+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const quoteTypeLabel = (code: string): string =>
  QUOTE_TYPE_LABELS[code] ?? labelOfCode(code);

export const salesChannelLabel = (code: string): string =>
  SALES_CHANNEL_LABELS[code] ?? labelOfCode(code);
