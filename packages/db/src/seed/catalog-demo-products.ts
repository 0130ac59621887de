/**
 * The demo catalogue's products by family: firewalls with their support, subscriptions and
 * accessories, wireless, secure access, log analytics, subscriptions, identity and services.
 */
import { type FamilyId, type Kind } from './catalog-demo-tables.ts';

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
export const VOLUME_TIERS = {
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

export interface SkuSeed {
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
export const FIREWALLS: readonly FirewallSeed[] = [
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
export const FIREWALL_SUPPORT = [
  { code: 'STD', node: 131, percent: 15, name: 'Standard Support', hardware: '8x5, next-business-day RMA', virtual: '8x5' },
  { code: 'PRM', node: 132, percent: 20, name: 'Premium Support', hardware: '24x7, next-business-day RMA', virtual: '24x7' },
  { code: 'ELT', node: 133, percent: 28, name: 'Elite Support', hardware: '24x7, 4-hour RMA', virtual: '24x7, named engineer' },
] as const;
/** Elite support on a virtual firewall is sold from this size up, and only with approval. */
export const VIRTUAL_ELITE_FROM = ['VM-08', 'VM-16', 'VM-32'];

/** Subscriptions per appliance, as a share of its list price, per year. */
// prettier-ignore
export const FIREWALL_SUBSCRIPTIONS = [
  { code: 'TP', node: 121, percent: 18, name: 'Threat Prevention', description: 'IPS, anti-malware, botnet and C2 blocking, with daily signature updates' },
  { code: 'URL', node: 121, percent: 10, name: 'URL Filtering', description: 'Web categorisation and filtering, DNS security' },
  { code: 'SBX', node: 121, percent: 14, name: 'Advanced Sandbox', description: 'Cloud sandbox detonation of unknown files, zero-day protection' },
  { code: 'SDWAN', node: 122, percent: 8, name: 'SD-WAN licence', description: 'Application-aware path selection, overlay orchestration and SLA monitoring' },
] as const;

export interface HardwareSeed {
  sku: string;
  name: string;
  usd: number;
  node: number;
  description?: string;
}

// prettier-ignore
export const FIREWALL_ACCESSORIES: readonly HardwareSeed[] = [
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
export const ACCESS_POINTS: readonly AccessPointSeed[] = [
  { model: 'AP-221', node: 211, usd: 395, spec: 'Indoor Wi-Fi 5 wave 2, 2x2 MU-MIMO. End of sale.', isActive: false },
  { model: 'AP-231', node: 211, usd: 495, spec: 'Indoor Wi-Fi 6, dual radio, 2x2 MU-MIMO' },
  { model: 'AP-431', node: 211, usd: 795, spec: 'Indoor Wi-Fi 6, dual radio, 4x4 MU-MIMO, 2.5 GE uplink' },
  { model: 'AP-433', node: 211, usd: 1095, spec: 'Indoor Wi-Fi 6E, tri radio, 4x4 MU-MIMO, 5 GE uplink' },
  { model: 'AP-831', node: 211, usd: 1395, spec: 'Indoor Wi-Fi 7, tri radio, 4x4 MU-MIMO, 10 GE uplink' },
  { model: 'AP-234R', node: 212, usd: 1195, spec: 'Outdoor Wi-Fi 6, IP67, dual radio, 2x2 MU-MIMO' },
  { model: 'AP-432R', node: 212, usd: 1595, spec: 'Outdoor Wi-Fi 6E, IP67, tri radio, 4x4 MU-MIMO' },
  { model: 'AP-832R', node: 212, usd: 1995, spec: 'Outdoor Wi-Fi 7, IP67, tri radio, 4x4 MU-MIMO' },
];
export const AP_SUPPORT_PERCENT = 15;

// prettier-ignore
export const WIRELESS_ACCESSORIES: readonly HardwareSeed[] = [
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
export const SECURE_ACCESS_SIZES = [
  { size: 'xs', label: 'XS', devices: 'up to 25 devices', deviceUsd: 60, lapUsd: 450 },
  { size: 's', label: 'S', devices: 'up to 100 devices', deviceUsd: 50, lapUsd: 1200 },
  { size: 'm', label: 'M', devices: 'up to 500 devices', deviceUsd: 42, lapUsd: 3000 },
  { size: 'l', label: 'L', devices: 'up to 2,000 devices', deviceUsd: 36, lapUsd: 7200 },
] as const;
export const ADVANCED_FACTOR = 1.6;

interface SupportedHardwareSeed extends HardwareSeed {
  isActive?: boolean;
}

// prettier-ignore
export const LOG_APPLIANCES: readonly SupportedHardwareSeed[] = [
  { sku: 'LA-200', node: 411, usd: 7995, name: 'LA-200 log analytics appliance', description: '1U, 100 GB/day logs, 8 TB storage. End of sale.', isActive: false },
  { sku: 'LA-400', node: 411, usd: 12995, name: 'LA-400 log analytics appliance', description: '1U, 200 GB/day logs, 16 TB storage' },
  { sku: 'LA-1000', node: 411, usd: 34995, name: 'LA-1000 log analytics appliance', description: '2U, 660 GB/day logs, 48 TB storage' },
  { sku: 'LA-3000', node: 411, usd: 89995, name: 'LA-3000 log analytics appliance', description: '4U, 3 TB/day logs, 192 TB storage' },
];
// prettier-ignore
export const CENTRAL_MANAGERS: readonly SupportedHardwareSeed[] = [
  { sku: 'CM-300', node: 421, usd: 9995, name: 'CM-300 central management appliance', description: '1U, manages up to 100 firewalls' },
  { sku: 'CM-1000', node: 421, usd: 39995, name: 'CM-1000 central management appliance', description: '2U, manages up to 1,000 firewalls' },
];

/** Annual subscriptions of a family, sold in the family's volume tiers. */
export const subscriptions = (
  family: FamilyId,
  tiers: keyof typeof VOLUME_TIERS,
  seeds: readonly Omit<SkuSeed, 'kind' | 'billing' | 'family' | 'tiers'>[],
): SkuSeed[] =>
  seeds.map((seed) => ({ ...seed, kind: 'SUBSCRIPTION', billing: 'ANNUAL', family, tiers }));

// prettier-ignore
export const SUBSCRIPTIONS: readonly SkuSeed[] = [
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
export const IDENTITY_HARDWARE: readonly HardwareSeed[] = [
  { sku: 'ID-TKN-OTP-10', node: 720, usd: 390, name: 'OTP hardware tokens, pack of 10' },
  { sku: 'ID-KEY-FIDO2', node: 720, usd: 49, name: 'FIDO2 security key, USB-A and NFC' },
];

// prettier-ignore
export const SERVICES: readonly (Omit<SkuSeed, 'kind' | 'billing'> & { node: 810 | 820 | 830 | 840 })[] = [
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
