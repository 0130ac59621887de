/** The demo catalogue's product hierarchy: families, product lines and their nodes. */
import { type FamilyId } from './catalog-demo-tables.ts';

interface NodeSeed {
  n: number;
  parent: number | null;
  name: string;
  /** Null where the SKUs below belong to more than one family. */
  family: FamilyId | null;
}

// Parents before children, so the rows insert in this order.
// prettier-ignore
export const NODES: readonly NodeSeed[] = [
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
