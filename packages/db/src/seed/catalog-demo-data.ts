// Kept whole: the demo catalogue is data, its tables in the order they are seeded.
import { createHash } from 'node:crypto';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client.ts';
import {
  approvalSkus,
  bundleComponents,
  bundleFeatures,
  currencyRates,
  mcCostLookups,
  mcDurationDepreciation,
  mcHwSkuCosts,
  mcMarkups,
  mcSupportCases,
  partnerDiscounts,
  PRODUCT_KINDS,
  productRuleColumns,
  productRules,
  productFamilies,
  productHierarchyNodes,
  skuPrices,
  skus,
  skuVolumeTiers,
} from '../schema/catalog.ts';
import { REFERENCE_LOOKUPS } from './form-recipes.ts';
import { checkRule } from '@bastion/domain/product-rules/check-rule';
import {
  DEMO_GUIDED_RULES,
  DEMO_PRODUCT_RULES,
  DEMO_RULE_CATALOG,
} from '@bastion/domain/product-rules/demo-rules';
import { storedRuleOf } from '@bastion/domain/product-rules/stored-rule';
import { count, sql } from 'drizzle-orm';

/**
 * The tables the demo catalogue fills, keyed as its data, in insert order: what a row points at
 * comes first (a parent node before its children, a SKU before its prices).
 */
const CATALOG_TABLES = {
  families: productFamilies,
  nodes: productHierarchyNodes,
  skus,
  prices: skuPrices,
  tiers: skuVolumeTiers,
  bundles: bundleComponents,
  bundleFeatures,
  partnerDiscounts,
  rates: currencyRates,
  hwCosts: mcHwSkuCosts,
  costLookups: mcCostLookups,
  markups: mcMarkups,
  supportCases: mcSupportCases,
  depreciation: mcDurationDepreciation,
  approvalSkus,
} as const;
type CatalogTables = typeof CATALOG_TABLES;

export type CatalogDemoData = {
  [K in keyof CatalogTables]: CatalogTables[K]['$inferInsert'][];
};
type RowOf<K extends keyof CatalogTables> = CatalogDemoData[K][number];

type Kind = (typeof PRODUCT_KINDS)[number];

/**
 * The demo catalogue of a security vendor: firewalls from desktop to data centre and virtual,
 * their support and subscriptions, wireless, secure access, log analytics, cloud, endpoint and
 * identity products and professional services, with three years of prices in USD, EUR and GBP
 * and the cost data behind margins. Built from fixed tables: the same rows on every start.
 */

/** The product families are the `product_families` lookup: a quote's families are catalog ids. */
export type FamilyId = 'FIREWALL' | 'SECURE_ACCESS' | 'ENDPOINT' | 'CLOUD' | 'IDENTITY';

/** Price periods: last year's list, this year's, and next year's increase. */
export const PRICE_PERIODS = {
  previous: '2025-01-01',
  current: '2026-01-01',
  next: '2027-01-01',
} as const;
/** When each price list was published (rows carry it as created_at). */
const PUBLISHED_AT = {
  previous: new Date('2024-11-04T09:00:00Z'),
  current: new Date('2025-11-03T09:00:00Z'),
  next: new Date('2026-10-05T09:00:00Z'),
} as const;
const LOADED_AT = PUBLISHED_AT.current;

/** List prices are set in USD; the other price lists follow at these rates, in whole units. */
export const LIST_CURRENCIES = { USD: 1, EUR: 0.92, GBP: 0.79 } as const;
/** Last year's list was about 5 % lower; next year's increase is about 4 %. */
const PREVIOUS_FACTOR = 0.95;
const NEXT_FACTOR = 1.04;

/** Hierarchy node ids are fixed per node, like menu ids: a new node takes a new number. */
export function catalogNodeId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** A name-based (version 5 layout) uuid, so a price row keeps its id whatever is added around it. */
export function keyedUuid(key: string): string {
  const bytes = createHash('sha1').update(`bastion-catalog-demo:${key}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface NodeSeed {
  n: number;
  parent: number | null;
  name: string;
  /** Null where the SKUs below belong to more than one family. */
  family: FamilyId | null;
}

// Parents before children, so the rows insert in this order.
// prettier-ignore
const NODES: readonly NodeSeed[] = [
  { n: 100, parent: null, name: 'Network Security', family: 'FIREWALL' },
  { n: 110, parent: 100, name: 'Firewalls', family: 'FIREWALL' },
  { n: 111, parent: 110, name: 'Branch', family: 'FIREWALL' },
  { n: 112, parent: 110, name: 'Campus', family: 'FIREWALL' },
  { n: 113, parent: 110, name: 'Data Centre', family: 'FIREWALL' },
  { n: 114, parent: 110, name: 'Virtual', family: 'FIREWALL' },
  { n: 120, parent: 100, name: 'Security Subscriptions', family: 'FIREWALL' },
  { n: 121, parent: 120, name: 'Threat Protection', family: 'FIREWALL' },
  { n: 122, parent: 120, name: 'SD-WAN', family: 'FIREWALL' },
  { n: 130, parent: 100, name: 'Firewall Support', family: 'FIREWALL' },
  { n: 131, parent: 130, name: 'Standard 8x5', family: 'FIREWALL' },
  { n: 132, parent: 130, name: 'Premium 24x7', family: 'FIREWALL' },
  { n: 133, parent: 130, name: 'Elite 24x7', family: 'FIREWALL' },
  { n: 140, parent: 100, name: 'Protect Bundles', family: 'FIREWALL' },
  { n: 150, parent: 100, name: 'Accessories', family: 'FIREWALL' },
  { n: 151, parent: 150, name: 'Transceivers', family: 'FIREWALL' },
  { n: 152, parent: 150, name: 'Power & Mounting', family: 'FIREWALL' },
  { n: 200, parent: null, name: 'Wireless', family: 'SECURE_ACCESS' },
  { n: 210, parent: 200, name: 'Access Points', family: 'SECURE_ACCESS' },
  { n: 211, parent: 210, name: 'Indoor', family: 'SECURE_ACCESS' },
  { n: 212, parent: 210, name: 'Outdoor', family: 'SECURE_ACCESS' },
  { n: 220, parent: 200, name: 'Wireless Support', family: 'SECURE_ACCESS' },
  { n: 230, parent: 200, name: 'Cloud Management', family: 'SECURE_ACCESS' },
  { n: 240, parent: 200, name: 'Wireless Accessories', family: 'SECURE_ACCESS' },
  { n: 300, parent: null, name: 'Secure Access', family: 'SECURE_ACCESS' },
  { n: 310, parent: 300, name: 'Device Based', family: 'SECURE_ACCESS' },
  { n: 311, parent: 310, name: 'Essentials', family: 'SECURE_ACCESS' },
  { n: 312, parent: 310, name: 'Advanced', family: 'SECURE_ACCESS' },
  { n: 313, parent: 310, name: 'Upgrades', family: 'SECURE_ACCESS' },
  { n: 320, parent: 300, name: 'Local Access Point Based', family: 'SECURE_ACCESS' },
  { n: 321, parent: 320, name: 'Essentials', family: 'SECURE_ACCESS' },
  { n: 322, parent: 320, name: 'Advanced', family: 'SECURE_ACCESS' },
  { n: 323, parent: 320, name: 'Upgrades', family: 'SECURE_ACCESS' },
  { n: 400, parent: null, name: 'Security Operations', family: 'FIREWALL' },
  { n: 410, parent: 400, name: 'Log Analytics', family: 'FIREWALL' },
  { n: 411, parent: 410, name: 'Appliances', family: 'FIREWALL' },
  { n: 412, parent: 410, name: 'Virtual', family: 'FIREWALL' },
  { n: 413, parent: 410, name: 'Support', family: 'FIREWALL' },
  { n: 420, parent: 400, name: 'Central Management', family: 'FIREWALL' },
  { n: 421, parent: 420, name: 'Appliances', family: 'FIREWALL' },
  { n: 422, parent: 420, name: 'Licences', family: 'FIREWALL' },
  { n: 423, parent: 420, name: 'Support', family: 'FIREWALL' },
  { n: 500, parent: null, name: 'Cloud Security', family: 'CLOUD' },
  { n: 510, parent: 500, name: 'Email Security', family: 'CLOUD' },
  { n: 511, parent: 510, name: 'Editions', family: 'CLOUD' },
  { n: 512, parent: 510, name: 'Add-ons', family: 'CLOUD' },
  { n: 520, parent: 500, name: 'Cloud Workload & SaaS', family: 'CLOUD' },
  { n: 600, parent: null, name: 'Endpoint Protection', family: 'ENDPOINT' },
  { n: 610, parent: 600, name: 'Endpoint Subscriptions', family: 'ENDPOINT' },
  { n: 620, parent: 600, name: 'Managed Detection & Response', family: 'ENDPOINT' },
  { n: 700, parent: null, name: 'Identity & Access', family: 'IDENTITY' },
  { n: 710, parent: 700, name: 'Identity Subscriptions', family: 'IDENTITY' },
  { n: 720, parent: 700, name: 'Hardware Tokens', family: 'IDENTITY' },
  { n: 800, parent: null, name: 'Services', family: null },
  { n: 810, parent: 800, name: 'Deployment', family: null },
  { n: 820, parent: 800, name: 'Consulting', family: 'FIREWALL' },
  { n: 830, parent: 800, name: 'Training', family: 'FIREWALL' },
  { n: 840, parent: 800, name: 'Resident & Advisory', family: 'FIREWALL' },
];

/**
 * Issue 35: the Email Security user SKUs share one slab schedule (pricing-demo-data.ts), each
 * SKU counted on its own, instead of tiers of their own.
 */
export const DEMO_SKU_SCHEDULES: Readonly<Record<string, string>> = Object.fromEntries(
  ['ES-ESS-USR', 'ES-ADV-USR', 'ES-CMP-USR', 'ES-ENC-USR', 'ES-ARC-USR', 'ES-DLP-USR'].map(
    (sku) => [sku, 'ES-USERS'],
  ),
);

/** Per-unit volume tiers (appliances, instances, access points) and per-seat ones (users, devices). */
const VOLUME_TIERS = {
  UNIT: [
    [50, '5.00'],
    [250, '10.00'],
    [1000, '15.00'],
  ],
  SEAT: [
    [500, '5.00'],
    [2500, '10.00'],
    [10000, '15.00'],
    [50000, '20.00'],
  ],
} as const satisfies Record<string, readonly (readonly [number, string])[]>;

interface SkuSeed {
  sku: string;
  name: string;
  description?: string;
  kind: Kind;
  billing: 'ONE_TIME' | 'ANNUAL';
  family: FamilyId;
  node: number;
  /** The 2026 USD list price in whole dollars. */
  usd: number;
  size?: 'xs' | 's' | 'm' | 'l';
  pricingModel?: 'Device Based' | 'Local Access Point Based';
  isActive?: boolean;
  tiers?: keyof typeof VOLUME_TIERS;
}

interface FirewallSeed {
  model: string;
  node: 111 | 112 | 113 | 114;
  usd: number;
  spec: string;
  isActive?: boolean;
}

// prettier-ignore
const FIREWALLS: readonly FirewallSeed[] = [
  { model: 'BX-40', node: 111, usd: 395, spec: 'Desktop, 1 Gbps firewall, 300 Mbps threat protection, 5 × GE. End of sale.', isActive: false },
  { model: 'BX-60', node: 111, usd: 595, spec: 'Desktop, 3 Gbps firewall, 600 Mbps threat protection, 8 × GE' },
  { model: 'BX-60W', node: 111, usd: 795, spec: 'Desktop with Wi-Fi 6, 3 Gbps firewall, 600 Mbps threat protection, 8 × GE' },
  { model: 'BX-80', node: 111, usd: 995, spec: 'Desktop, 5 Gbps firewall, 900 Mbps threat protection, 8 × GE, 2 × SFP' },
  { model: 'BX-100F', node: 111, usd: 2495, spec: '1U, 10 Gbps firewall, 1.6 Gbps threat protection, 18 × GE, 4 × SFP' },
  { model: 'BX-200F', node: 111, usd: 4995, spec: '1U, 20 Gbps firewall, 3 Gbps threat protection, 16 × GE, 2 × 10G SFP+' },
  { model: 'BX-400F', node: 112, usd: 9995, spec: '1U, 36 Gbps firewall, 6 Gbps threat protection, 8 × 10G SFP+' },
  { model: 'BX-600F', node: 112, usd: 18500, spec: '1U, 70 Gbps firewall, 10 Gbps threat protection, 8 × 10G SFP+, 4 × 25G SFP28' },
  { model: 'BX-900F', node: 112, usd: 29500, spec: '2U, 120 Gbps firewall, 18 Gbps threat protection, 16 × 10G SFP+, 4 × 25G SFP28' },
  { model: 'BX-1200', node: 112, usd: 42000, spec: '2U, 160 Gbps firewall, 25 Gbps threat protection, 16 × 25G SFP28, 4 × 40G QSFP+' },
  { model: 'BX-1800', node: 112, usd: 65000, spec: '2U, 200 Gbps firewall, 38 Gbps threat protection, 16 × 25G SFP28, 4 × 100G QSFP28' },
  { model: 'BX-2600', node: 113, usd: 89000, spec: '2U, 300 Gbps firewall, 50 Gbps threat protection, 16 × 25G SFP28, 8 × 100G QSFP28' },
  { model: 'BX-3000', node: 113, usd: 119000, spec: '3U, 240 Gbps firewall, 35 Gbps threat protection, 8 × 40G QSFP+. End of sale.', isActive: false },
  { model: 'BX-3500', node: 113, usd: 129000, spec: '3U, 400 Gbps firewall, 70 Gbps threat protection, 12 × 100G QSFP28' },
  { model: 'BX-4200', node: 113, usd: 169000, spec: '4U, 600 Gbps firewall, 100 Gbps threat protection, 16 × 100G QSFP28' },
  { model: 'BX-5000', node: 113, usd: 209000, spec: '4U chassis, 800 Gbps firewall, 140 Gbps threat protection, 4 × 400G QSFP-DD' },
  { model: 'BX-7000', node: 113, usd: 249995, spec: '6U chassis, 1.2 Tbps firewall, 200 Gbps threat protection, 8 × 400G QSFP-DD' },
  { model: 'VM-02', node: 114, usd: 1495, spec: '2 vCPU, up to 3 Gbps firewall on VMware, KVM, Hyper-V, AWS, Azure and GCP' },
  { model: 'VM-04', node: 114, usd: 2795, spec: '4 vCPU, up to 6 Gbps firewall on VMware, KVM, Hyper-V, AWS, Azure and GCP' },
  { model: 'VM-08', node: 114, usd: 5295, spec: '8 vCPU, up to 12 Gbps firewall on VMware, KVM, Hyper-V, AWS, Azure and GCP' },
  { model: 'VM-16', node: 114, usd: 9995, spec: '16 vCPU, up to 24 Gbps firewall on VMware, KVM, Hyper-V, AWS, Azure and GCP' },
  { model: 'VM-32', node: 114, usd: 18995, spec: '32 vCPU, up to 45 Gbps firewall on VMware, KVM, Hyper-V, AWS, Azure and GCP' },
];

/** Support as a share of the appliance list price, per year. */
// prettier-ignore
const FIREWALL_SUPPORT = [
  { code: 'STD', node: 131, percent: 15, name: 'Standard Support', hardware: '8x5, next-business-day RMA', virtual: '8x5' },
  { code: 'PRM', node: 132, percent: 20, name: 'Premium Support', hardware: '24x7, next-business-day RMA', virtual: '24x7' },
  { code: 'ELT', node: 133, percent: 28, name: 'Elite Support', hardware: '24x7, 4-hour RMA', virtual: '24x7, named engineer' },
] as const;
/** Elite support on a virtual firewall is sold from this size up, and only with approval. */
const VIRTUAL_ELITE_FROM = ['VM-08', 'VM-16', 'VM-32'];

/** Subscriptions per appliance, as a share of its list price, per year. */
// prettier-ignore
const FIREWALL_SUBSCRIPTIONS = [
  { code: 'TP', node: 121, percent: 18, name: 'Threat Prevention', description: 'IPS, anti-malware, botnet and C2 blocking, with daily signature updates' },
  { code: 'URL', node: 121, percent: 10, name: 'URL Filtering', description: 'Web categorisation and filtering, DNS security' },
  { code: 'SBX', node: 121, percent: 14, name: 'Advanced Sandbox', description: 'Cloud sandbox detonation of unknown files, zero-day protection' },
  { code: 'SDWAN', node: 122, percent: 8, name: 'SD-WAN licence', description: 'Application-aware path selection, overlay orchestration and SLA monitoring' },
] as const;

interface HardwareSeed {
  sku: string;
  name: string;
  usd: number;
  node: number;
  description?: string;
}

// prettier-ignore
const FIREWALL_ACCESSORIES: readonly HardwareSeed[] = [
  { sku: 'SFP-1G-SX', node: 151, usd: 195, name: '1 GE SFP transceiver, short range (SX)' },
  { sku: 'SFP-1G-LX', node: 151, usd: 395, name: '1 GE SFP transceiver, long range (LX, 10 km)' },
  { sku: 'SFP-10G-SR', node: 151, usd: 495, name: '10 GE SFP+ transceiver, short range (SR)' },
  { sku: 'SFP-10G-LR', node: 151, usd: 995, name: '10 GE SFP+ transceiver, long range (LR, 10 km)' },
  { sku: 'SFP28-25G-SR', node: 151, usd: 795, name: '25 GE SFP28 transceiver, short range (SR)' },
  { sku: 'QSFP-40G-SR4', node: 151, usd: 1495, name: '40 GE QSFP+ transceiver, short range (SR4)' },
  { sku: 'QSFP28-100G-SR4', node: 151, usd: 2495, name: '100 GE QSFP28 transceiver, short range (SR4)' },
  { sku: 'BX-PSU-AC-400', node: 152, usd: 695, name: 'Redundant AC power supply, 400 W (campus models)' },
  { sku: 'BX-PSU-AC-1500', node: 152, usd: 1895, name: 'Redundant AC power supply, 1500 W (data-centre models)' },
  { sku: 'BX-RMK-DESK', node: 152, usd: 149, name: 'Rack-mount tray for desktop models' },
  { sku: 'BX-FAN-DC', node: 152, usd: 895, name: 'Spare fan tray (data-centre models)' },
];

interface AccessPointSeed {
  model: string;
  node: 211 | 212;
  usd: number;
  spec: string;
  isActive?: boolean;
}

// prettier-ignore
const ACCESS_POINTS: readonly AccessPointSeed[] = [
  { model: 'AP-221', node: 211, usd: 395, spec: 'Indoor Wi-Fi 5 wave 2, 2x2 MU-MIMO. End of sale.', isActive: false },
  { model: 'AP-231', node: 211, usd: 495, spec: 'Indoor Wi-Fi 6, dual radio, 2x2 MU-MIMO' },
  { model: 'AP-431', node: 211, usd: 795, spec: 'Indoor Wi-Fi 6, dual radio, 4x4 MU-MIMO, 2.5 GE uplink' },
  { model: 'AP-433', node: 211, usd: 1095, spec: 'Indoor Wi-Fi 6E, tri radio, 4x4 MU-MIMO, 5 GE uplink' },
  { model: 'AP-831', node: 211, usd: 1395, spec: 'Indoor Wi-Fi 7, tri radio, 4x4 MU-MIMO, 10 GE uplink' },
  { model: 'AP-234R', node: 212, usd: 1195, spec: 'Outdoor Wi-Fi 6, IP67, dual radio, 2x2 MU-MIMO' },
  { model: 'AP-432R', node: 212, usd: 1595, spec: 'Outdoor Wi-Fi 6E, IP67, tri radio, 4x4 MU-MIMO' },
  { model: 'AP-832R', node: 212, usd: 1995, spec: 'Outdoor Wi-Fi 7, IP67, tri radio, 4x4 MU-MIMO' },
];
const AP_SUPPORT_PERCENT = 15;

// prettier-ignore
const WIRELESS_ACCESSORIES: readonly HardwareSeed[] = [
  { sku: 'AP-POE-30W', node: 240, usd: 89, name: 'PoE+ injector, 30 W' },
  { sku: 'AP-POE-60W', node: 240, usd: 149, name: 'PoE++ injector, 60 W (Wi-Fi 6E and 7 models)' },
  { sku: 'AP-MNT-CEIL', node: 240, usd: 39, name: 'Ceiling and wall mount kit, indoor access points' },
  { sku: 'AP-MNT-POLE', node: 240, usd: 119, name: 'Pole and wall mount kit, outdoor access points' },
  { sku: 'AP-ANT-OMNI4', node: 240, usd: 249, name: 'Outdoor omnidirectional antennas, set of 4' },
];

/**
 * Secure access per year, by LAP size: Device Based is priced per device at sites of that size
 * (larger sites cost less per device), Local Access Point Based per access point. Advanced costs
 * 60 % more than Essentials.
 */
const SECURE_ACCESS_SIZES = [
  { size: 'xs', label: 'XS', devices: 'up to 25 devices', deviceUsd: 60, lapUsd: 450 },
  { size: 's', label: 'S', devices: 'up to 100 devices', deviceUsd: 50, lapUsd: 1200 },
  { size: 'm', label: 'M', devices: 'up to 500 devices', deviceUsd: 42, lapUsd: 3000 },
  { size: 'l', label: 'L', devices: 'up to 2,000 devices', deviceUsd: 36, lapUsd: 7200 },
] as const;
const ADVANCED_FACTOR = 1.6;

interface SupportedHardwareSeed extends HardwareSeed {
  isActive?: boolean;
}

// prettier-ignore
const LOG_APPLIANCES: readonly SupportedHardwareSeed[] = [
  { sku: 'LA-200', node: 411, usd: 7995, name: 'LA-200 log analytics appliance', description: '1U, 100 GB/day logs, 8 TB storage. End of sale.', isActive: false },
  { sku: 'LA-400', node: 411, usd: 12995, name: 'LA-400 log analytics appliance', description: '1U, 200 GB/day logs, 16 TB storage' },
  { sku: 'LA-1000', node: 411, usd: 34995, name: 'LA-1000 log analytics appliance', description: '2U, 660 GB/day logs, 48 TB storage' },
  { sku: 'LA-3000', node: 411, usd: 89995, name: 'LA-3000 log analytics appliance', description: '4U, 3 TB/day logs, 192 TB storage' },
];
// prettier-ignore
const CENTRAL_MANAGERS: readonly SupportedHardwareSeed[] = [
  { sku: 'CM-300', node: 421, usd: 9995, name: 'CM-300 central management appliance', description: '1U, manages up to 100 firewalls' },
  { sku: 'CM-1000', node: 421, usd: 39995, name: 'CM-1000 central management appliance', description: '2U, manages up to 1,000 firewalls' },
];

/** Annual subscriptions of a family, sold in the family's volume tiers. */
const subscriptions = (
  family: FamilyId,
  tiers: keyof typeof VOLUME_TIERS,
  seeds: readonly Omit<SkuSeed, 'kind' | 'billing' | 'family' | 'tiers'>[],
): SkuSeed[] =>
  seeds.map((seed) => ({ ...seed, kind: 'SUBSCRIPTION', billing: 'ANNUAL', family, tiers }));

// prettier-ignore
const SUBSCRIPTIONS: readonly SkuSeed[] = [
  ...subscriptions('FIREWALL', 'UNIT', [
    { sku: 'LA-VM-5GB', node: 412, usd: 2995, name: 'Virtual log analytics, 5 GB/day, 1 year' },
    { sku: 'LA-VM-25GB', node: 412, usd: 8995, name: 'Virtual log analytics, 25 GB/day, 1 year' },
    { sku: 'LA-VM-100GB', node: 412, usd: 24995, name: 'Virtual log analytics, 100 GB/day, 1 year' },
    { sku: 'CM-VM-10', node: 422, usd: 1995, name: 'Virtual central management, 10 devices, 1 year' },
    { sku: 'CM-VM-100', node: 422, usd: 9995, name: 'Virtual central management, 100 devices, 1 year' },
    { sku: 'CM-VM-1000', node: 422, usd: 49995, name: 'Virtual central management, 1,000 devices, 1 year' },
    { sku: 'CM-CLOUD-DEV', node: 422, usd: 120, name: 'Cloud central management, per managed device per year' },
  ]),
  ...subscriptions('SECURE_ACCESS', 'UNIT', [
    { sku: 'AP-CLOUD-STD', node: 230, usd: 49, name: 'Wireless cloud management, Standard, per access point per year' },
    { sku: 'AP-CLOUD-ADV', node: 230, usd: 99, name: 'Wireless cloud management, Advanced (analytics, 1-year log retention), per access point per year' },
    { sku: 'AP-WIDS', node: 230, usd: 39, name: 'Wireless intrusion detection and rogue AP containment, per access point per year' },
  ]),
  ...subscriptions('CLOUD', 'SEAT', [
    { sku: 'ES-ESS-USR', node: 511, usd: 18, name: 'Email Security Essentials, per user per year', description: 'Anti-spam, anti-malware, URL rewriting' },
    { sku: 'ES-ADV-USR', node: 511, usd: 30, name: 'Email Security Advanced, per user per year', description: 'Essentials plus sandboxing, impersonation and BEC protection' },
    { sku: 'ES-CMP-USR', node: 511, usd: 42, name: 'Email Security Complete, per user per year', description: 'Advanced plus post-delivery remediation and awareness training' },
    { sku: 'ES-ENC-USR', node: 512, usd: 8, name: 'Email encryption add-on, per user per year' },
    { sku: 'ES-ARC-USR', node: 512, usd: 12, name: 'Email archiving add-on, 10-year retention, per user per year' },
    { sku: 'ES-DLP-USR', node: 512, usd: 9, name: 'Email data loss prevention add-on, per user per year' },
    { sku: 'CS-CSPM-WL', node: 520, usd: 120, name: 'Cloud security posture management, per workload per year' },
    { sku: 'CS-CWP-WL', node: 520, usd: 240, name: 'Cloud workload protection, per workload per year' },
    { sku: 'CS-CASB-USR', node: 520, usd: 36, name: 'Cloud access security broker, per user per year' },
  ]),
  ...subscriptions('CLOUD', 'UNIT', [
    { sku: 'CS-SSPM-APP', node: 520, usd: 1500, name: 'SaaS security posture management, per connected application per year' },
  ]),
  ...subscriptions('ENDPOINT', 'SEAT', [
    { sku: 'EP-ESS-DEV', node: 610, usd: 35, name: 'Endpoint Protection Essentials, per device per year', description: 'Next-generation anti-virus, device control, vulnerability scanning' },
    { sku: 'EP-ADV-DEV', node: 610, usd: 55, name: 'Endpoint Protection Advanced (EDR), per device per year' },
    { sku: 'EP-XDR-DEV', node: 610, usd: 75, name: 'Endpoint Protection XDR, per device per year' },
    { sku: 'EP-SRV-DEV', node: 610, usd: 95, name: 'Server Protection, per server per year' },
    { sku: 'EP-MTD-DEV', node: 610, usd: 25, name: 'Mobile Threat Defense, per mobile device per year' },
    { sku: 'EP-MDR-DEV', node: 620, usd: 60, name: 'Managed Detection & Response, 24x7, per device per year' },
  ]),
  ...subscriptions('IDENTITY', 'SEAT', [
    { sku: 'ID-MFA-USR', node: 710, usd: 36, name: 'Multi-factor authentication, per user per year' },
    { sku: 'ID-SSO-USR', node: 710, usd: 24, name: 'Single sign-on, per user per year' },
    { sku: 'ID-IGA-USR', node: 710, usd: 30, name: 'Identity governance and access reviews, per user per year' },
  ]),
  ...subscriptions('IDENTITY', 'UNIT', [
    { sku: 'ID-PAM-ADM', node: 710, usd: 480, name: 'Privileged access management, per privileged administrator per year' },
  ]),
  // Issue 35: block priced per band of GB/day (pricing-demo-data.ts); the row's price is the first band's.
  { sku: 'LA-VM-FLEX', node: 412, usd: 2995, family: 'FIREWALL', kind: 'SUBSCRIPTION', billing: 'ANNUAL', name: 'Virtual log analytics, per GB/day, 1 year', description: 'Priced per band of GB/day: 1–5, 6–25, 26–100 and 101–300' },
];

// prettier-ignore
const IDENTITY_HARDWARE: readonly HardwareSeed[] = [
  { sku: 'ID-TKN-OTP-10', node: 720, usd: 390, name: 'OTP hardware tokens, pack of 10' },
  { sku: 'ID-KEY-FIDO2', node: 720, usd: 49, name: 'FIDO2 security key, USB-A and NFC' },
];

// prettier-ignore
const SERVICES: readonly (Omit<SkuSeed, 'kind' | 'billing'> & { node: 810 | 820 | 830 | 840 })[] = [
  { sku: 'PS-INST-BRANCH', node: 810, usd: 1500, family: 'FIREWALL', name: 'Firewall installation, branch model', description: 'Remote installation, licence activation and baseline policy for one desktop or 1U branch firewall' },
  { sku: 'PS-INST-CAMPUS', node: 810, usd: 4500, family: 'FIREWALL', name: 'Firewall installation, campus model', description: 'On-site installation and baseline policy for one campus firewall' },
  { sku: 'PS-INST-DC', node: 810, usd: 12000, family: 'FIREWALL', name: 'Firewall installation, data-centre model', description: 'On-site installation, interface and routing design for one data-centre firewall' },
  { sku: 'PS-INST-VM', node: 810, usd: 2500, family: 'FIREWALL', name: 'Virtual firewall deployment', description: 'Deployment on the customer hypervisor or cloud, with bootstrap templates' },
  { sku: 'PS-INST-HA', node: 810, usd: 3500, family: 'FIREWALL', name: 'High-availability cluster set-up, add-on', description: 'Active-passive or active-active pairing of two firewalls, with failover testing' },
  { sku: 'PS-WLAN-SURVEY', node: 810, usd: 2800, family: 'SECURE_ACCESS', name: 'Wireless site survey, per site', description: 'Predictive and on-site RF survey, with access-point placement plan' },
  { sku: 'PS-WLAN-INST', node: 810, usd: 150, family: 'SECURE_ACCESS', name: 'Access point installation, per access point' },
  { sku: 'PS-SA-ONB', node: 810, usd: 6000, family: 'SECURE_ACCESS', name: 'Secure Access onboarding', description: 'Identity integration, policy design and pilot for up to 500 devices' },
  { sku: 'PS-EP-DEPLOY', node: 810, usd: 7500, family: 'ENDPOINT', name: 'Endpoint rollout, up to 1,000 devices', description: 'Agent packaging, staged rollout and policy tuning' },
  { sku: 'PS-ID-MFA', node: 810, usd: 5000, family: 'IDENTITY', name: 'MFA rollout package', description: 'Directory integration, enrolment campaign and VPN and SSO integration' },
  { sku: 'PS-ES-ONB', node: 810, usd: 3000, family: 'CLOUD', name: 'Email Security onboarding', description: 'MX cut-over, policy migration and tuning for one mail domain' },
  { sku: 'PS-CFG-POLICY', node: 820, usd: 1800, family: 'FIREWALL', name: 'Firewall policy design and configuration, per day' },
  { sku: 'PS-HEALTH', node: 820, usd: 4500, family: 'FIREWALL', name: 'Firewall health check', description: 'Configuration, rule-base and performance review with a written report' },
  { sku: 'PS-MIG-STD', node: 820, usd: 9500, family: 'FIREWALL', name: 'Firewall migration, standard', description: 'Migration from another vendor, up to 500 rules and 2 firewalls' },
  { sku: 'PS-MIG-CPLX', node: 820, usd: 24000, family: 'FIREWALL', name: 'Firewall migration, complex', description: 'Migration from another vendor, up to 5,000 rules, VPNs and multiple sites' },
  { sku: 'PS-SDWAN-WKS', node: 820, usd: 6500, family: 'FIREWALL', name: 'SD-WAN design workshop', description: 'Two-day workshop with a high-level design document' },
  { sku: 'PS-CUSTOM-DEV', node: 820, usd: 2200, family: 'FIREWALL', name: 'Custom development, per day', description: 'Integrations and automation written to a statement of work' },
  { sku: 'PS-TRN-ONSITE', node: 830, usd: 4800, family: 'FIREWALL', name: 'Administrator training, on-site, per day', description: 'Up to 8 attendees, lab kit included' },
  { sku: 'PS-TRN-REMOTE', node: 830, usd: 2400, family: 'FIREWALL', name: 'Administrator training, remote, per day', description: 'Up to 12 attendees, virtual labs included' },
  { sku: 'PS-CERT-VOUCHER', node: 830, usd: 300, family: 'FIREWALL', name: 'Certified administrator exam voucher' },
  { sku: 'PS-RE-MONTH', node: 840, usd: 22000, family: 'FIREWALL', name: 'Resident engineer, per month', description: 'A named engineer on site, full time' },
  { sku: 'PS-PM-DAY', node: 840, usd: 1600, family: 'FIREWALL', name: 'Project management, per day' },
  { sku: 'PS-TAM-QTR', node: 840, usd: 15000, family: 'FIREWALL', name: 'Technical account manager, per quarter', description: 'Quarterly service reviews, escalation management and upgrade planning' },
];

/** SKUs a quote may carry only with approval, and why. */
const APPROVAL_REASONS: Readonly<Record<string, string>> = {
  'PS-RE-MONTH': 'Resident engineers need staffing confirmed by Professional Services.',
  'PS-CUSTOM-DEV': 'Custom development needs a statement of work reviewed by Engineering.',
  ...Object.fromEntries(
    VIRTUAL_ELITE_FROM.map((model) => [
      `${model}-SUP-ELT`,
      'Elite support on a virtual firewall has no hardware to replace; Support Operations must agree the terms.',
    ]),
  ),
};

/** Partner discount per kind for T1; T2 adds the distributor's share. */
// prettier-ignore
const PARTNER_DISCOUNTS_T1: Readonly<Record<string, Readonly<Record<Kind, number>>>> = {
  AUTHORIZED: { HARDWARE: 10, ACCESS_POINT: 10, SUBSCRIPTION: 15, SUPPORT: 5, SERVICE: 0, BUNDLE: 0 },
  SELECT: { HARDWARE: 14, ACCESS_POINT: 13, SUBSCRIPTION: 19, SUPPORT: 7, SERVICE: 2, BUNDLE: 0 },
  SILVER: { HARDWARE: 15, ACCESS_POINT: 14, SUBSCRIPTION: 20, SUPPORT: 8, SERVICE: 3, BUNDLE: 0 },
  GOLD: { HARDWARE: 18, ACCESS_POINT: 17, SUBSCRIPTION: 24, SUPPORT: 10, SERVICE: 5, BUNDLE: 0 },
  PLATINUM: { HARDWARE: 22, ACCESS_POINT: 20, SUBSCRIPTION: 27, SUPPORT: 12, SERVICE: 8, BUNDLE: 0 },
  PREMIER: { HARDWARE: 25, ACCESS_POINT: 22, SUBSCRIPTION: 30, SUPPORT: 15, SERVICE: 10, BUNDLE: 0 },
  MSP: { HARDWARE: 15, ACCESS_POINT: 15, SUBSCRIPTION: 28, SUPPORT: 10, SERVICE: 5, BUNDLE: 0 },
};
/** A bundle has no price of its own, so no discount either: its components carry both. */
const T2_EXTRA: Readonly<Record<Kind, number>> = {
  HARDWARE: 3,
  ACCESS_POINT: 3,
  SUBSCRIPTION: 3,
  SUPPORT: 2,
  SERVICE: 2,
  BUNDLE: 0,
};

const RATES: readonly [code: string, unitsPerUsd: string][] = [
  ['USD', '1.000000'],
  ['EUR', '0.920000'],
  ['GBP', '0.790000'],
  ['JPY', '151.500000'],
  ['AUD', '1.520000'],
  ['CAD', '1.360000'],
];

/**
 * Cost as a share of the USD list, per family, for everything but hardware. The table is keyed by
 * family only, so each figure blends the family's subscriptions (~10 %), support (~20 %) and
 * services (~55 %).
 */
const COST_PERCENT: Readonly<Record<FamilyId, string>> = {
  FIREWALL: '16.00',
  SECURE_ACCESS: '12.00',
  ENDPOINT: '10.00',
  CLOUD: '13.00',
  IDENTITY: '9.00',
};
/**
 * Expected support load of the families that sell support: cases one unit raises a year and the
 * USD cost of handling one (cents). A firewall raises more cases than an access point, and a
 * firewall case needs a more senior engineer.
 */
const SUPPORT_CASES: Readonly<Partial<Record<FamilyId, { cases: string; costPerCase: number }>>> = {
  FIREWALL: { cases: '0.400', costPerCase: 8_500 },
  SECURE_ACCESS: { cases: '0.150', costPerCase: 6_000 },
};
/** Freight, duty and handling on hardware. */
const MARKUP_PERCENT: Readonly<Record<Kind, string>> = {
  HARDWARE: '8.00',
  ACCESS_POINT: '6.00',
  SUBSCRIPTION: '0.00',
  SUPPORT: '0.00',
  SERVICE: '0.00',
  BUNDLE: '0.00',
};
/** Contract years 1–5: hardware gets cheaper to build, support cheaper to run, labour dearer. */
const DEPRECIATION_PERCENT: Readonly<Record<Kind, readonly number[]>> = {
  HARDWARE: [100, 97, 94, 91, 88],
  ACCESS_POINT: [100, 96, 92, 88, 84],
  SUBSCRIPTION: [100, 100, 100, 100, 100],
  SUPPORT: [100, 95, 90, 85, 80],
  SERVICE: [100, 103, 106, 109, 112],
  BUNDLE: [100, 100, 100, 100, 100],
};

/** Landed cost of hardware: 35–45 % of the USD list, varying by SKU. */
const hardwareCostPercent = (index: number) => 35 + ((index * 7) % 11);
const percentText = (value: number) => value.toFixed(2);
const percentOf = (usd: number, percent: number) => Math.round((usd * percent) / 100);

function catalogSkus(): {
  seeds: SkuSeed[];
  bundles: RowOf<'bundles'>[];
  bundleFeatures: RowOf<'bundleFeatures'>[];
} {
  const seeds: SkuSeed[] = [];
  const bundles: RowOf<'bundles'>[] = [];

  for (const fw of FIREWALLS) {
    const isVirtual = fw.node === 114;
    const appliance = isVirtual ? `${fw.model}-LIC` : `${fw.model}-HW`;
    seeds.push(
      isVirtual
        ? {
            sku: appliance,
            name: `${fw.model} virtual firewall licence, per instance per year`,
            description: fw.spec,
            kind: 'SUBSCRIPTION',
            billing: 'ANNUAL',
            family: 'FIREWALL',
            node: fw.node,
            usd: fw.usd,
            tiers: 'UNIT',
          }
        : {
            sku: appliance,
            name: `${fw.model} next-generation firewall appliance`,
            description: fw.spec,
            kind: 'HARDWARE',
            billing: 'ONE_TIME',
            family: 'FIREWALL',
            node: fw.node,
            usd: fw.usd,
            isActive: fw.isActive ?? true,
          },
    );
    // Support and subscriptions stay on sale for end-of-sale models: the installed base renews.
    for (const support of FIREWALL_SUPPORT) {
      if (isVirtual && support.code === 'ELT' && !VIRTUAL_ELITE_FROM.includes(fw.model)) continue;
      seeds.push({
        sku: `${fw.model}-SUP-${support.code}`,
        name: `${fw.model} ${support.name} (${isVirtual ? support.virtual : support.hardware}), 1 year`,
        kind: 'SUPPORT',
        billing: 'ANNUAL',
        family: 'FIREWALL',
        node: support.node,
        usd: percentOf(fw.usd, support.percent),
      });
    }
    for (const subscription of FIREWALL_SUBSCRIPTIONS) {
      seeds.push({
        sku: `${fw.model}-${subscription.code}`,
        name: `${fw.model} ${subscription.name}, 1 year`,
        description: subscription.description,
        kind: 'SUBSCRIPTION',
        billing: 'ANNUAL',
        family: 'FIREWALL',
        node: subscription.node,
        usd: percentOf(fw.usd, subscription.percent),
        tiers: 'UNIT',
      });
    }
    if (fw.isActive === false) continue;
    const bundle = `${fw.model}-BDL`;
    seeds.push({
      sku: bundle,
      name: `${fw.model} Protect Bundle`,
      description: `${isVirtual ? 'Licence' : 'Appliance'}, Threat Prevention and Premium Support (24x7), 1 year`,
      kind: 'BUNDLE',
      billing: 'ONE_TIME',
      family: 'FIREWALL',
      node: 140,
      usd: 0,
    });
    for (const component of [appliance, `${fw.model}-TP`, `${fw.model}-SUP-PRM`]) {
      bundles.push({ bundleSku: bundle, componentSku: component, quantity: 1 });
    }
  }

  // A bundle with options (issue 34): the appliance, exactly one support tier and up to three
  // of its four subscriptions, each following the bundle's quantity.
  const flex = 'BX-200F-FLEX';
  seeds.push({
    sku: flex,
    name: 'BX-200F Flex Bundle',
    description: 'Appliance with the support tier and subscriptions you choose, 1 year',
    kind: 'BUNDLE',
    billing: 'ONE_TIME',
    family: 'FIREWALL',
    node: 140,
    usd: 0,
  });
  const bundleFeatureRows: RowOf<'bundleFeatures'>[] = [
    { bundleSku: flex, name: 'Support tier', position: 1, minOptions: 1, maxOptions: 1 },
    { bundleSku: flex, name: 'Subscriptions', position: 2, minOptions: 0, maxOptions: 3 },
  ];
  bundles.push(
    {
      bundleSku: flex,
      componentSku: 'BX-200F-HW',
      quantity: 1,
      position: 0,
      feature: null,
      selection: 'REQUIRED',
    },
    ...(['STD', 'PRM', 'ELT'] as const).map((tier, index): RowOf<'bundles'> => ({
      bundleSku: flex,
      componentSku: `BX-200F-SUP-${tier}`,
      quantity: 1,
      position: 1 + index,
      feature: 'Support tier',
      selection: tier === 'PRM' ? 'DEFAULT' : 'OPTIONAL',
    })),
    ...(['TP', 'URL', 'SBX', 'SDWAN'] as const).map((code, index): RowOf<'bundles'> => ({
      bundleSku: flex,
      componentSku: `BX-200F-${code}`,
      quantity: 1,
      position: 4 + index,
      feature: 'Subscriptions',
      selection: code === 'TP' ? 'DEFAULT' : 'OPTIONAL',
    })),
  );

  const hardware = (seed: HardwareSeed, family: FamilyId, isActive = true): SkuSeed => ({
    ...seed,
    kind: 'HARDWARE',
    billing: 'ONE_TIME',
    family,
    isActive,
  });
  seeds.push(...FIREWALL_ACCESSORIES.map((seed) => hardware(seed, 'FIREWALL')));

  for (const ap of ACCESS_POINTS) {
    seeds.push({
      sku: `${ap.model}-HW`,
      name: `${ap.model} ${ap.node === 212 ? 'outdoor' : 'indoor'} access point`,
      description: ap.spec,
      kind: 'ACCESS_POINT',
      billing: 'ONE_TIME',
      family: 'SECURE_ACCESS',
      node: ap.node,
      usd: ap.usd,
      isActive: ap.isActive ?? true,
      tiers: 'UNIT',
    });
  }
  for (const ap of ACCESS_POINTS) {
    seeds.push({
      sku: `${ap.model}-SUP`,
      name: `${ap.model} Support (24x7, advance replacement), 1 year`,
      kind: 'SUPPORT',
      billing: 'ANNUAL',
      family: 'SECURE_ACCESS',
      node: 220,
      usd: percentOf(ap.usd, AP_SUPPORT_PERCENT),
    });
  }
  seeds.push(...WIRELESS_ACCESSORIES.map((seed) => hardware(seed, 'SECURE_ACCESS')));

  const models = [
    { model: 'Device Based', code: 'DB', usd: 'deviceUsd', nodes: [311, 312, 313] },
    { model: 'Local Access Point Based', code: 'LAP', usd: 'lapUsd', nodes: [321, 322, 323] },
  ] as const;
  for (const { model, code, usd, nodes } of models) {
    const [essentialsNode, advancedNode, upgradeNode] = nodes;
    for (const size of SECURE_ACCESS_SIZES) {
      const essentials = size[usd];
      const advanced = Math.round(essentials * ADVANCED_FACTOR);
      const per =
        code === 'DB'
          ? `per device, sites ${size.devices}`
          : `per local access point, ${size.devices}`;
      const common = {
        kind: 'SUBSCRIPTION',
        billing: 'ANNUAL',
        family: 'SECURE_ACCESS',
        size: size.size,
        pricingModel: model,
        tiers: code === 'DB' ? 'SEAT' : 'UNIT',
      } as const;
      seeds.push(
        {
          ...common,
          sku: `SA-${code}-ESS-${size.label}`,
          name: `Secure Access Essentials, ${model}, size ${size.label} (${per}), 1 year`,
          node: essentialsNode,
          usd: essentials,
        },
        {
          ...common,
          sku: `SA-${code}-ADV-${size.label}`,
          name: `Secure Access Advanced, ${model}, size ${size.label} (${per}), 1 year`,
          node: advancedNode,
          usd: advanced,
        },
        {
          ...common,
          sku: `SA-${code}-UPG-${size.label}`,
          name: `Secure Access upgrade Essentials to Advanced, ${model}, size ${size.label}, 1 year`,
          node: upgradeNode,
          usd: advanced - essentials,
        },
      );
    }
  }

  for (const [appliances, supportNode, tiers] of [
    [LOG_APPLIANCES, 413, ['STD', 'PRM']],
    [CENTRAL_MANAGERS, 423, ['PRM']],
  ] as const) {
    for (const appliance of appliances) {
      seeds.push(hardware(appliance, 'FIREWALL', appliance.isActive ?? true));
    }
    for (const appliance of appliances) {
      for (const tier of tiers) {
        const support = FIREWALL_SUPPORT.find((s) => s.code === tier) ?? FIREWALL_SUPPORT[0];
        seeds.push({
          sku: `${appliance.sku}-SUP-${tier}`,
          name: `${appliance.sku} ${support.name} (${support.hardware}), 1 year`,
          kind: 'SUPPORT',
          billing: 'ANNUAL',
          family: 'FIREWALL',
          node: supportNode,
          usd: percentOf(appliance.usd, support.percent),
        });
      }
    }
  }

  seeds.push(...SUBSCRIPTIONS);
  seeds.push(...IDENTITY_HARDWARE.map((seed) => hardware(seed, 'IDENTITY')));
  seeds.push(
    ...SERVICES.map((seed): SkuSeed => ({ ...seed, kind: 'SERVICE', billing: 'ONE_TIME' })),
  );
  return { seeds, bundles, bundleFeatures: bundleFeatureRows };
}

/**
 * What a renewal may migrate an end-of-sale model's support and subscriptions to (issue 18): the
 * next model up's. Each pair sits a few rows apart, inside one insert statement, which is when
 * the self-reference is checked.
 */
export const DEMO_SUCCESSORS: Readonly<Record<string, string>> = {
  'BX-40-SUP-PRM': 'BX-60-SUP-PRM',
  'BX-40-TP': 'BX-60-TP',
  'AP-221-SUP': 'AP-231-SUP',
};

const toMinor = (units: number) => units * 100;
/** A USD list price in another list currency, in whole units. */
const convert = (usd: number, currency: keyof typeof LIST_CURRENCIES) =>
  currency === 'USD' ? usd : Math.round(usd * LIST_CURRENCIES[currency]);

function priceRows(
  sku: string,
  usd: number,
  from: string,
  to: string | null,
  createdAt: Date,
): RowOf<'prices'>[] {
  return (Object.keys(LIST_CURRENCIES) as (keyof typeof LIST_CURRENCIES)[]).map((currency) => ({
    id: keyedUuid(`price:${sku}:${currency}:${from}`),
    sku,
    currencyCode: currency,
    unitPriceMinor: toMinor(convert(usd, currency)),
    effectiveFrom: from,
    effectiveTo: to,
    createdBy: null,
    createdAt,
  }));
}

/** The demo catalogue, built the same way every time. */
export function catalogDemoData(): CatalogDemoData {
  const families = REFERENCE_LOOKUPS.filter((l) => l.lookup === 'product_families').map(
    (l): RowOf<'families'> => ({
      id: l.value,
      name: l.label,
      sortOrder: l.sortOrder ?? 0,
      isActive: true,
    }),
  );
  const nodes = NODES.map((node, index): RowOf<'nodes'> => ({
    id: catalogNodeId(node.n),
    parentId: node.parent === null ? null : catalogNodeId(node.parent),
    name: node.name,
    familyId: node.family,
    sortOrder: index + 1,
    updatedAt: LOADED_AT,
  }));

  const { seeds, bundles, bundleFeatures: features } = catalogSkus();
  const skuRows = seeds.map((seed): RowOf<'skus'> => ({
    sku: seed.sku,
    name: seed.name,
    description: seed.description ?? '',
    kind: seed.kind,
    billing: seed.billing,
    familyId: seed.family,
    hierarchyNodeId: catalogNodeId(seed.node),
    size: seed.size ?? null,
    pricingModel: seed.pricingModel ?? null,
    isShippable: seed.kind === 'HARDWARE' || seed.kind === 'ACCESS_POINT',
    isActive: seed.isActive ?? true,
    successorSku: DEMO_SUCCESSORS[seed.sku] ?? null,
    attributes: DEMO_RULE_CATALOG[seed.sku]?.attributes ?? {},
    updatedAt: LOADED_AT,
  }));

  // Every SKU has this year's list; a third also last year's, and some a 2027 increase. A
  // bundle has no price of its own: a zero row in each currency, and no history.
  const prices: RowOf<'prices'>[] = [];
  let priced = 0;
  for (const seed of seeds) {
    const { previous, current, next } = PRICE_PERIODS;
    if (seed.kind === 'BUNDLE') {
      prices.push(...priceRows(seed.sku, 0, current, null, PUBLISHED_AT.current));
      continue;
    }
    const isActive = seed.isActive ?? true;
    const hasHistory = priced % 3 === 0 || !isActive;
    const hasIncrease = isActive && priced % 15 === 7;
    priced += 1;
    if (hasHistory) {
      // A few dollars' list still moves by at least a dollar.
      const usd = Math.min(Math.round(seed.usd * PREVIOUS_FACTOR), seed.usd - 1);
      prices.push(...priceRows(seed.sku, usd, previous, current, PUBLISHED_AT.previous));
    }
    prices.push(
      ...priceRows(seed.sku, seed.usd, current, hasIncrease ? next : null, PUBLISHED_AT.current),
    );
    if (hasIncrease) {
      const usd = Math.max(Math.round(seed.usd * NEXT_FACTOR), seed.usd + 1);
      prices.push(...priceRows(seed.sku, usd, next, null, PUBLISHED_AT.next));
    }
  }

  // A SKU on a shared discount schedule (issue 35) has no tiers of its own.
  const tiers = seeds.flatMap((seed) =>
    seed.tiers && !(seed.sku in DEMO_SKU_SCHEDULES)
      ? VOLUME_TIERS[seed.tiers].map(([minQuantity, percent]): RowOf<'tiers'> => ({
          sku: seed.sku,
          minQuantity,
          percent,
        }))
      : [],
  );

  const partnerDiscountRows = (['T1', 'T2'] as const).flatMap((channel) =>
    Object.entries(PARTNER_DISCOUNTS_T1).flatMap(([partnerType, byKind]) =>
      PRODUCT_KINDS.map((kind): RowOf<'partnerDiscounts'> => ({
        salesChannel: channel,
        partnerType,
        productKind: kind,
        percent: percentText(byKind[kind] + (channel === 'T2' ? T2_EXTRA[kind] : 0)),
      })),
    ),
  );

  const hwCosts = seeds
    .filter((seed) => seed.kind === 'HARDWARE' || seed.kind === 'ACCESS_POINT')
    .map((seed, index): RowOf<'hwCosts'> => ({
      sku: seed.sku,
      // Whole dollars × percent = cents.
      unitCostUsdMinor: seed.usd * hardwareCostPercent(index),
      updatedAt: LOADED_AT,
    }));

  return {
    families,
    nodes,
    skus: skuRows,
    prices,
    tiers,
    bundles,
    bundleFeatures: features,
    partnerDiscounts: partnerDiscountRows,
    rates: RATES.map(([currencyCode, unitsPerUsd]) => ({
      currencyCode,
      unitsPerUsd,
      updatedAt: LOADED_AT,
    })),
    hwCosts,
    costLookups: Object.entries(COST_PERCENT).flatMap(([familyId, costPercent]) => [
      { familyId, productKind: 'ANY' as const, costPercent },
      // People and spares cost more than software of the same family.
      { familyId, productKind: 'SERVICE' as const, costPercent: '55.00' },
      { familyId, productKind: 'SUPPORT' as const, costPercent: '20.00' },
    ]),
    markups: PRODUCT_KINDS.map((productKind) => ({
      productKind,
      percent: MARKUP_PERCENT[productKind],
    })),
    supportCases: Object.entries(SUPPORT_CASES).map(([familyId, load]) => ({
      familyId,
      casesPerUnitYear: load.cases,
      costPerCaseUsdMinor: load.costPerCase,
      updatedAt: LOADED_AT,
    })),
    depreciation: PRODUCT_KINDS.flatMap((productKind) =>
      DEPRECIATION_PERCENT[productKind].map((percent, index) => ({
        productKind,
        year: index + 1,
        percent: percentText(percent),
      })),
    ),
    approvalSkus: Object.entries(APPROVAL_REASONS).map(([sku, reason]) => ({
      sku,
      reason,
      isActive: true,
    })),
  };
}

export const CATALOG_DEMO: CatalogDemoData = catalogDemoData();

/** Rows per insert statement: well inside the drivers' parameter limits. */
const CHUNK_SIZE = 500;

async function inChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
    await insert(rows.slice(start, start + CHUNK_SIZE));
  }
}

/**
 * Seeds the demo catalogue. Idempotent: a row that exists is left as it is (every row has a fixed
 * key), so a restart never undoes a price or SKU someone changed while trying the product.
 */
export async function seedCatalogDemoData(db: Database): Promise<void> {
  const data = CATALOG_DEMO;
  await db.transaction(async (tx) => {
    for (const name of Object.keys(CATALOG_TABLES) as (keyof CatalogTables)[]) {
      const table: PgTable = CATALOG_TABLES[name];
      const rows: readonly PgInsertValue<PgTable>[] = data[name];
      await inChunks(rows, (chunk) => tx.insert(table).values(chunk).onConflictDoNothing());
    }
    // A catalogue seeded before SKUs had attributes gets the demo's; one set since is kept.
    for (const row of data.skus) {
      if (Object.keys(row.attributes ?? {}).length === 0) continue;
      await tx
        .update(skus)
        .set({ attributes: row.attributes })
        .where(sql`${skus.sku} = ${row.sku} and ${skus.attributes} = '{}'::jsonb`);
    }
    await seedDemoProductRules(tx);
  });
}

/** The rules' fixed ids, so a restart or a recording names the same rows. */
export const demoProductRuleId = (ruleId: string) => keyedUuid(`product-rule:${ruleId}`);

/**
 * The demo product rules (issue 34), once: into a catalogue without any, so a rule an admin
 * changed or removed is never put back. Through the admin's check, so the demo never holds a
 * broken rule.
 */
async function seedDemoProductRules(db: Database) {
  const [existing] = await db.select({ rules: count() }).from(productRules);
  // The guided-selling rules came later: a catalogue without any rule reading answers gets them.
  const [guided] = await db
    .select({ rules: count() })
    .from(productRules)
    .where(sql`${productRules.definition}::text like '%answer:%'`);
  const demos = [
    ...((existing?.rules ?? 0) > 0 ? [] : DEMO_PRODUCT_RULES),
    ...((guided?.rules ?? 0) > 0 ? [] : DEMO_GUIDED_RULES),
  ];
  if (demos.length === 0) return;
  const rows = demos.map((demo) => {
    const check = checkRule({ ...demo, id: demoProductRuleId(demo.id) }, DEMO_RULE_CATALOG);
    if (!check.ok) throw new Error(`demo product rule ${demo.id}: ${check.message}`);
    const stored = storedRuleOf(check.rule);
    return {
      id: stored.id,
      ...productRuleColumns(stored),
      createdAt: LOADED_AT,
      updatedAt: LOADED_AT,
    };
  });
  await db.insert(productRules).values(rows).onConflictDoNothing();
}
