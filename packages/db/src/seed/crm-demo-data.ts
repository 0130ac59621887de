// Kept whole: the demo CRM, its fixed tables and the one function that builds its records from them.
import { and, eq } from 'drizzle-orm';
import { DEAL_TYPE_CODES, type DealTypeCode } from '@bastion/domain/quotes/quote-types';
import type { Database } from '../client.ts';
import {
  crmAccounts,
  crmContacts,
  crmOpportunities,
  crmOpportunityLineItems,
  crmOpportunityTeamMembers,
} from '../schema/crm.ts';

type AccountRow = typeof crmAccounts.$inferInsert;
type ContactRow = typeof crmContacts.$inferInsert;
type OpportunityRow = typeof crmOpportunities.$inferInsert;
type TeamMemberRow = typeof crmOpportunityTeamMembers.$inferInsert;
type LineItemRow = typeof crmOpportunityLineItems.$inferInsert;

/**
 * The embedded CRM's demo records: customers, partners and distributors in every region, and 64
 * opportunities across channels, deal types, currencies and stages, so every quote path can be
 * tried. Generated from fixed tables and a seeded generator: the same records on every start.
 */

/** Salesforce-shaped 18-character ids: key prefix, pod, counter, checksum-like suffix. */
export function crmDemoId(prefix: '001' | '003' | '005' | '006' | '00k', n: number): string {
  return `${prefix}Bq0${String(n).padStart(9, '0')}AAA`;
}

type Region = 'EMEA' | 'North America' | 'Americas' | 'LATAM' | 'APJ';
type Currency = 'USD' | 'EUR' | 'GBP';

interface Place {
  street: string;
  city: string;
  state: string;
  postalCode: string;
  /** ISO 3166 alpha-2. */
  countryCode: string;
  country: string;
}

interface CustomerSeed extends Place {
  name: string;
  short: string;
  domain: string;
  region: Region;
  currency: Currency;
  isPublicSector?: boolean;
  /** The CRM's industry; 'Healthcare' withholds ELA while remove_ela_healthcare is on. */
  industry?: string;
  /**
   * The CRM's segment (issue 35), which price books match on; a public-sector account without
   * one is 'Public sector'.
   */
  segment?: string;
  contact: [first: string, last: string, title: string];
  /** Days; null leaves the account without a standing term. */
  termDays: number | null;
}

// prettier-ignore
const CUSTOMERS: readonly CustomerSeed[] = [
  // North America
  { name: 'Northwind Health', short: 'Northwind', domain: 'northwind-health.example', region: 'North America', currency: 'USD', street: '200 Longwood Ave', city: 'Boston', state: 'MA', postalCode: '02115', countryCode: 'US', country: 'United States', contact: ['Olivia', 'Grant', 'CISO'], termDays: 30 },
  { name: 'Contoso Bank', short: 'Contoso', domain: 'contoso-bank.example', region: 'North America', currency: 'USD', street: '55 Water Street', city: 'New York', state: 'NY', postalCode: '10041', countryCode: 'US', country: 'United States', contact: ['Marcus', 'Lee', 'VP Infrastructure'], termDays: 45 },
  { name: 'Fabrikam Manufacturing', short: 'Fabrikam', domain: 'fabrikam.example', region: 'North America', currency: 'USD', street: '1 Industrial Pkwy', city: 'Detroit', state: 'MI', postalCode: '48201', countryCode: 'US', country: 'United States', contact: ['Priya', 'Natarajan', 'IT Director'], termDays: 30 },
  { name: 'City of Springfield', short: 'Springfield', domain: 'springfield-il.example', region: 'North America', currency: 'USD', isPublicSector: true, street: '800 E Monroe St', city: 'Springfield', state: 'IL', postalCode: '62701', countryCode: 'US', country: 'United States', contact: ['Dwayne', 'Harris', 'CIO'], termDays: 60 },
  { name: 'Tailspin Airlines', short: 'Tailspin', domain: 'tailspin.example', region: 'North America', currency: 'USD', street: '4100 Airport Fwy', city: 'Dallas', state: 'TX', postalCode: '75261', countryCode: 'US', country: 'United States', contact: ['Hannah', 'Cole', 'Head of Security'], termDays: null },
  { name: 'Lakeshore University', short: 'Lakeshore', domain: 'lakeshore.example', region: 'North America', currency: 'USD', isPublicSector: true, segment: 'Education', street: '1200 Lake Shore Dr', city: 'Chicago', state: 'IL', postalCode: '60610', countryCode: 'US', country: 'United States', contact: ['Ethan', 'Brooks', 'Network Manager'], termDays: 30 },
  { name: 'Coho Logistics', short: 'Coho', domain: 'coho-logistics.example', region: 'North America', currency: 'USD', street: '2001 Alaskan Way', city: 'Seattle', state: 'WA', postalCode: '98121', countryCode: 'US', country: 'United States', contact: ['Grace', 'Kim', 'IT Operations Lead'], termDays: 30 },
  { name: 'Adatum Insurance', short: 'Adatum', domain: 'adatum.example', region: 'North America', currency: 'USD', street: '90 State House Sq', city: 'Hartford', state: 'CT', postalCode: '06103', countryCode: 'US', country: 'United States', contact: ['Victor', 'Alvarez', 'Security Architect'], termDays: 45 },
  // Americas
  { name: 'Maple Leaf Energy', short: 'Maple Leaf', domain: 'mapleleaf-energy.example', region: 'Americas', currency: 'USD', street: '500 Centre St S', city: 'Calgary', state: 'AB', postalCode: 'T2G 1A6', countryCode: 'CA', country: 'Canada', contact: ['Liam', 'Tremblay', 'CTO'], termDays: 30 },
  { name: 'Nova Scotia Health Authority', short: 'NS Health', domain: 'nshealth.example', region: 'Americas', currency: 'USD', isPublicSector: true, industry: 'Healthcare', street: '1276 South Park St', city: 'Halifax', state: 'NS', postalCode: 'B3H 2Y9', countryCode: 'CA', country: 'Canada', contact: ['Chloe', 'MacDonald', 'Director of IT'], termDays: 60 },
  { name: 'Trey Research', short: 'Trey', domain: 'treyresearch.example', region: 'Americas', currency: 'USD', street: '3000 Research Dr', city: 'Raleigh', state: 'NC', postalCode: '27606', countryCode: 'US', country: 'United States', contact: ['Noah', 'Patel', 'IT Manager'], termDays: 30 },
  { name: 'Blue Yonder Retail', short: 'Blue Yonder', domain: 'blueyonder-retail.example', region: 'Americas', currency: 'USD', street: '15 E Washington St', city: 'Phoenix', state: 'AZ', postalCode: '85004', countryCode: 'US', country: 'United States', contact: ['Mia', 'Robinson', 'Head of IT'], termDays: null },
  { name: 'Caribe Telecom', short: 'Caribe', domain: 'caribetel.example', region: 'Americas', currency: 'USD', street: '1510 Ave Ponce de León', city: 'San Juan', state: 'PR', postalCode: '00909', countryCode: 'PR', country: 'Puerto Rico', contact: ['Luis', 'Rivera', 'Network Director'], termDays: 45 },
  // LATAM
  { name: 'Banco Andino', short: 'Banco Andino', domain: 'bancoandino.example', region: 'LATAM', currency: 'USD', street: 'Carrera 7 # 71-21', city: 'Bogotá', state: 'Cundinamarca', postalCode: '110231', countryCode: 'CO', country: 'Colombia', contact: ['Camila', 'Restrepo', 'CISO'], termDays: 60 },
  { name: 'Mercado Sur', short: 'Mercado Sur', domain: 'mercadosur.example', region: 'LATAM', currency: 'USD', street: 'Av. Corrientes 1234', city: 'Buenos Aires', state: 'CABA', postalCode: 'C1043', countryCode: 'AR', country: 'Argentina', contact: ['Mateo', 'Fernández', 'IT Manager'], termDays: 30 },
  { name: 'Petrolera del Pacífico', short: 'Petrolera', domain: 'petropacifico.example', region: 'LATAM', currency: 'USD', street: 'Av. Javier Prado Este 2465', city: 'Lima', state: 'Lima', postalCode: '15036', countryCode: 'PE', country: 'Peru', contact: ['Valentina', 'Quispe', 'Security Lead'], termDays: 60 },
  { name: 'Ministerio de Salud de Chile', short: 'MINSAL', domain: 'minsal.example', region: 'LATAM', currency: 'USD', isPublicSector: true, street: 'Enrique Mac Iver 541', city: 'Santiago', state: 'RM', postalCode: '8320064', countryCode: 'CL', country: 'Chile', contact: ['Joaquín', 'Soto', 'Jefe de TI'], termDays: 90 },
  { name: 'Grupo Aurora', short: 'Aurora', domain: 'grupoaurora.example', region: 'LATAM', currency: 'USD', street: 'Av. Constitución 400', city: 'Monterrey', state: 'NL', postalCode: '64000', countryCode: 'MX', country: 'Mexico', contact: ['Sofía', 'Garza', 'Directora de TI'], termDays: 30 },
  // EMEA
  { name: 'Rheinland Versicherung AG', short: 'Rheinland', domain: 'rheinland-vers.example', region: 'EMEA', currency: 'EUR', street: 'Konrad-Adenauer-Ufer 10', city: 'Köln', state: 'NRW', postalCode: '50668', countryCode: 'DE', country: 'Germany', contact: ['Jonas', 'Becker', 'Leiter IT-Sicherheit'], termDays: 30 },
  { name: 'Thames Water Services', short: 'Thames Water', domain: 'thameswater-svc.example', region: 'EMEA', currency: 'GBP', street: '1 Kings Reach', city: 'London', state: '', postalCode: 'SE1 9PH', countryCode: 'GB', country: 'United Kingdom', contact: ['Amelia', 'Clarke', 'Head of Cyber'], termDays: 30 },
  { name: 'Banque du Lac', short: 'Banque du Lac', domain: 'banquedulac.example', region: 'EMEA', currency: 'EUR', street: '12 Quai Saint-Antoine', city: 'Lyon', state: '', postalCode: '69002', countryCode: 'FR', country: 'France', contact: ['Camille', 'Dubois', 'RSSI'], termDays: 45 },
  { name: 'Nordlicht Energie GmbH', short: 'Nordlicht', domain: 'nordlicht-energie.example', region: 'EMEA', currency: 'EUR', street: 'Am Sandtorkai 50', city: 'Hamburg', state: 'HH', postalCode: '20457', countryCode: 'DE', country: 'Germany', contact: ['Lena', 'Hoffmann', 'CIO'], termDays: null },
  { name: 'NHS Northern Trust', short: 'NHS Northern', domain: 'nhs-northern.example', region: 'EMEA', currency: 'GBP', isPublicSector: true, street: 'Great George Street', city: 'Leeds', state: '', postalCode: 'LS1 3EX', countryCode: 'GB', country: 'United Kingdom', contact: ['Oliver', 'Shaw', 'Director of Digital'], termDays: 30 },
  { name: 'Stadtwerke Linz', short: 'Stadtwerke Linz', domain: 'stadtwerke-linz.example', region: 'EMEA', currency: 'EUR', isPublicSector: true, street: 'Hauptplatz 1', city: 'Linz', state: 'OÖ', postalCode: '4020', countryCode: 'AT', country: 'Austria', contact: ['Florian', 'Gruber', 'IT-Leiter'], termDays: 60 },
  { name: 'Iberia Retail Group', short: 'Iberia Retail', domain: 'iberiaretail.example', region: 'EMEA', currency: 'EUR', street: 'Paseo de la Castellana 89', city: 'Madrid', state: 'Madrid', postalCode: '28046', countryCode: 'ES', country: 'Spain', contact: ['Lucía', 'Martín', 'CISO'], termDays: 30 },
  { name: 'Gulf Petrochem', short: 'Gulf Petrochem', domain: 'gulfpetrochem.example', region: 'EMEA', currency: 'USD', street: 'Sheikh Zayed Road, Tower 3', city: 'Dubai', state: '', postalCode: '00000', countryCode: 'AE', country: 'United Arab Emirates', contact: ['Omar', 'Haddad', 'IT Security Manager'], termDays: 45 },
  // APJ
  { name: 'Sakura Robotics', short: 'Sakura', domain: 'sakura-robotics.example', region: 'APJ', currency: 'USD', street: '2-3-1 Umeda, Kita-ku', city: 'Osaka', state: 'Osaka', postalCode: '530-0001', countryCode: 'JP', country: 'Japan', contact: ['Yuki', 'Tanaka', 'IT Manager'], termDays: 30 },
  { name: 'Harbour Bank', short: 'Harbour Bank', domain: 'harbourbank.example', region: 'APJ', currency: 'USD', street: '1 Macquarie Place', city: 'Sydney', state: 'NSW', postalCode: '2000', countryCode: 'AU', country: 'Australia', contact: ['Jack', 'Wilson', 'CISO'], termDays: 45 },
  { name: 'Lion City Logistics', short: 'Lion City', domain: 'lioncity-log.example', region: 'APJ', currency: 'USD', street: '10 Pasir Panjang Rd', city: 'Singapore', state: '', postalCode: '117438', countryCode: 'SG', country: 'Singapore', contact: ['Wei', 'Lim', 'Head of IT'], termDays: 30 },
  { name: 'Te Whatu Health Board', short: 'Te Whatu', domain: 'tewhatu-health.example', region: 'APJ', currency: 'USD', isPublicSector: true, industry: 'Healthcare', street: '133 Molesworth St', city: 'Wellington', state: '', postalCode: '6011', countryCode: 'NZ', country: 'New Zealand', contact: ['Aroha', 'Ngata', 'Chief Digital Officer'], termDays: 60 },
  { name: 'Ganges Software', short: 'Ganges', domain: 'ganges-soft.example', region: 'APJ', currency: 'USD', street: '80 Feet Road, Koramangala', city: 'Bengaluru', state: 'KA', postalCode: '560034', countryCode: 'IN', country: 'India', contact: ['Arjun', 'Mehta', 'VP Engineering'], termDays: null },
  { name: 'Han River Telecom', short: 'Han River', domain: 'hanriver-tel.example', region: 'APJ', currency: 'USD', street: '23 Yeouinaru-ro', city: 'Seoul', state: '', postalCode: '07327', countryCode: 'KR', country: 'South Korea', contact: ['Min-jun', 'Park', 'Network Security Lead'], termDays: 30 },
];

interface ChannelSeed extends Place {
  name: string;
  domain: string;
  regions: readonly Region[];
  partnerType: string | null;
  termDays: number;
  /** The second contact of a partner has no e-mail: the partner cannot be notified through it. */
  contacts: readonly [first: string, last: string, hasEmail: boolean][];
}

// prettier-ignore
const PARTNERS: readonly ChannelSeed[] = [
  { name: 'Redline Integrators', domain: 'redline-int.example', regions: ['North America'], partnerType: 'PREMIER', termDays: 45, street: '77 Summer St', city: 'Boston', state: 'MA', postalCode: '02110', countryCode: 'US', country: 'United States', contacts: [['Pat', 'Morgan', true], ['Jordan', 'Reyes', false]] },
  { name: 'Summit Secure Solutions', domain: 'summitsecure.example', regions: ['North America', 'Americas'], partnerType: null, termDays: 30, street: '1801 California St', city: 'Denver', state: 'CO', postalCode: '80202', countryCode: 'US', country: 'United States', contacts: [['Taylor', 'Nguyen', true]] },
  { name: 'Northern Shield IT', domain: 'northernshield.example', regions: ['Americas'], partnerType: 'AUTHORIZED', termDays: 45, street: '100 King St W', city: 'Toronto', state: 'ON', postalCode: 'M5X 1A9', countryCode: 'CA', country: 'Canada', contacts: [['Émilie', 'Gagnon', true]] },
  { name: 'Andes Networks', domain: 'andesnet.example', regions: ['LATAM'], partnerType: 'SELECT', termDays: 60, street: 'Av. Apoquindo 3000', city: 'Santiago', state: 'RM', postalCode: '7550000', countryCode: 'CL', country: 'Chile', contacts: [['Diego', 'Morales', true], ['Ana', 'Castro', false]] },
  { name: 'Castellan Systems Ltd', domain: 'castellan.example', regions: ['EMEA'], partnerType: 'PREMIER', termDays: 30, street: '30 St Mary Axe', city: 'London', state: '', postalCode: 'EC3A 8BF', countryCode: 'GB', country: 'United Kingdom', contacts: [['Harriet', 'Fox', true]] },
  { name: 'Bergmann IT-Sicherheit GmbH', domain: 'bergmann-it.example', regions: ['EMEA'], partnerType: 'AUTHORIZED', termDays: 30, street: 'Leopoldstraße 180', city: 'München', state: 'BY', postalCode: '80804', countryCode: 'DE', country: 'Germany', contacts: [['Tobias', 'Bergmann', true]] },
  { name: 'Pacific Rim Cyber', domain: 'pacrimcyber.example', regions: ['APJ'], partnerType: 'PREMIER', termDays: 45, street: '200 Queen St', city: 'Melbourne', state: 'VIC', postalCode: '3000', countryCode: 'AU', country: 'Australia', contacts: [['Chloe', 'Nguyen', true]] },
  { name: 'Lotus Managed Services', domain: 'lotus-ms.example', regions: ['APJ'], partnerType: 'MSP', termDays: 30, street: '8 Marina View', city: 'Singapore', state: '', postalCode: '018960', countryCode: 'SG', country: 'Singapore', contacts: [['Ravi', 'Shankar', true], ['Mei', 'Tan', false]] },
];

// prettier-ignore
const DISTRIBUTORS: readonly ChannelSeed[] = [
  { name: 'Globex Distribution', domain: 'globex-dist.example', regions: ['North America', 'Americas'], partnerType: null, termDays: 60, street: '600 Technology Dr', city: 'Fremont', state: 'CA', postalCode: '94538', countryCode: 'US', country: 'United States', contacts: [['Morgan', 'Blake', true]] },
  { name: 'Continental Distribution GmbH', domain: 'continental-dist.example', regions: ['EMEA'], partnerType: null, termDays: 60, street: 'Mainzer Landstraße 50', city: 'Frankfurt am Main', state: 'HE', postalCode: '60325', countryCode: 'DE', country: 'Germany', contacts: [['Katrin', 'Weber', true]] },
  { name: 'LatamTec Mayorista', domain: 'latamtec.example', regions: ['LATAM'], partnerType: null, termDays: 90, street: 'Paseo de la Reforma 250', city: 'Ciudad de México', state: 'CDMX', postalCode: '06600', countryCode: 'MX', country: 'Mexico', contacts: [['Andrés', 'López', true]] },
  { name: 'Pan-Asia Distribution', domain: 'panasia-dist.example', regions: ['APJ'], partnerType: null, termDays: 60, street: '1 Harbourfront Ave', city: 'Singapore', state: '', postalCode: '098632', countryCode: 'SG', country: 'Singapore', contacts: [['Kenji', 'Watanabe', true]] },
];

interface Person {
  id: string;
  name: string;
  email: string;
}

// Bastion's own staff. The first three are the demo accounts, so signing in as them shows their
// opportunities (README: demo accounts).
const SAM: Person = { id: crmDemoId('005', 1), name: 'Sam Seller', email: 'sales@bastion.test' };
const CAM: Person = { id: crmDemoId('005', 2), name: 'Cam Channel', email: 'cam@bastion.test' };
const RENE: Person = {
  id: crmDemoId('005', 3),
  name: 'Rene Renewals',
  email: 'renewals@bastion.test',
};
/** The demo sellers outside North America (issue 33): they own half of their region's deals. */
const REGIONAL_DEMO_SELLERS: Readonly<Partial<Record<Region, Person>>> = {
  EMEA: { id: crmDemoId('005', 4), name: 'Emma Evans', email: 'emea@bastion.test' },
  APJ: { id: crmDemoId('005', 5), name: 'Arjun Pillai', email: 'apj@bastion.test' },
};

const person = (n: number, name: string): Person => ({
  id: crmDemoId('005', n),
  name,
  email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@bastion.test`,
});

const SELLERS: Readonly<Record<Region, readonly Person[]>> = {
  'North America': [person(10, 'Dan Foster'), person(11, 'Megan Price')],
  Americas: [person(12, 'Tom Wright'), person(13, 'Jess Lambert')],
  LATAM: [person(14, 'Carlos Mendoza'), person(15, 'Isabel Ortiz')],
  EMEA: [person(16, 'Henrik Larsen'), person(17, 'Sophie Laurent'), person(18, 'James Whitfield')],
  APJ: [person(19, 'Kenta Mori'), person(20, 'Emily Chen')],
};
const ENGINEERS: Readonly<Record<Region, Person>> = {
  'North America': person(30, 'Ryan Holt'),
  Americas: person(31, 'Nadia Haddad'),
  LATAM: person(32, 'Pablo Ruiz'),
  EMEA: person(33, 'Anna Schmidt'),
  APJ: person(34, 'Hiro Sato'),
};
const DIRECTORS: Readonly<Record<Region, Person & { phone: string }>> = {
  'North America': { ...person(40, 'Laura Bennett'), phone: '+1 617 555 0140' },
  Americas: { ...person(41, 'Steve Ducharme'), phone: '+1 416 555 0141' },
  LATAM: { ...person(42, 'Ricardo Silva'), phone: '+55 11 5555 0142' },
  EMEA: { ...person(43, 'Katharina Vogel'), phone: '+49 89 5555 0143' },
  APJ: { ...person(44, 'David Tan'), phone: '+65 6555 0144' },
};
const OTHER_CSMS: readonly Person[] = [person(50, 'Priya Raman'), person(51, 'Marco Bianchi')];
const OTHER_CAMS: readonly Person[] = [person(52, 'Lucy Hart'), person(53, 'Felix Braun')];
const PODS: Readonly<Record<Region, readonly string[]>> = {
  'North America': ['NA-East', 'NA-West'],
  Americas: ['AMER-Canada', 'AMER-South'],
  LATAM: ['LATAM-Andes', 'LATAM-North'],
  EMEA: ['EMEA-DACH', 'EMEA-UKI', 'EMEA-South'],
  APJ: ['APJ-ANZ', 'APJ-Asia'],
};

const DEAL_SUFFIX: Readonly<Record<DealTypeCode, string>> = {
  NB: 'new deployment',
  U: 'expansion',
  R: 'renewal',
  TU: 'true-up',
  S: 'subscription',
  E: 'existing business',
  C: 'cross-sell',
};
const STAGES = [
  'Qualification',
  'Discovery',
  'Solution Proposed',
  'Proposal',
  'Negotiation',
  'Commit',
  'Closed Won',
] as const;
const PRODUCTS = [
  'Secure Access',
  'Network Firewall',
  'Endpoint Protection',
  'Cloud Security',
  'Identity & Access',
] as const;
const LINE_PRODUCTS: readonly [code: string, name: string, unitPrice: number][] = [
  ['FW-200', 'FW-200 firewall appliance', 1_250_000],
  ['AP-10', 'AP-10 access point', 45_000],
  ['SA-SUB-1Y', 'Secure Access subscription, per user per year', 6_000],
  ['EP-SUB-1Y', 'Endpoint Protection, per device per year', 4_500],
  ['CS-SUB-1Y', 'Cloud Security posture, per workload per year', 12_000],
  ['IAM-SUB-1Y', 'Identity & Access, per user per year', 3_500],
];
/** Mostly the offered SLAs; a few the quote does not know, which default to 24/7. */
const SLAS = [
  '24/7',
  '12/5',
  '8/5',
  '24/7',
  '12/5',
  '8/5',
  '24/7',
  'Gold Support',
  '24x7 Premium',
  '',
];

/** mulberry32: a tiny deterministic generator, so the demo data never changes between starts. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  /** Fisher–Yates on a copy. */
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  return { next, int, pick, shuffle };
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

function accountRow(
  id: string,
  kind: AccountRow['kind'],
  seed: Place & { name: string; region: string },
  extra: Partial<AccountRow>,
): AccountRow {
  return {
    id,
    name: seed.name,
    kind,
    region: seed.region,
    country: seed.countryCode,
    billingStreet: seed.street,
    billingCity: seed.city,
    billingState: seed.state,
    billingPostalCode: seed.postalCode,
    billingCountry: seed.country,
    shippingStreet: seed.street,
    shippingCity: seed.city,
    shippingState: seed.state,
    shippingPostalCode: seed.postalCode,
    shippingCountry: seed.country,
    ...extra,
  };
}

/** The demo customer's segment: its own, else Public sector for a public-sector account. */
const segmentOf = (customer: CustomerSeed) =>
  customer.segment ?? (customer.isPublicSector ? 'Public sector' : '');

const term = (days: number | null) =>
  days === null
    ? { paymentTermDays: null, paymentTermName: null }
    : { paymentTermDays: days, paymentTermName: `Net ${days}` };

export interface CrmDemoData {
  accounts: AccountRow[];
  contacts: ContactRow[];
  opportunities: OpportunityRow[];
  teamMembers: TeamMemberRow[];
  lineItems: LineItemRow[];
}

/** The demo records, built the same way every time. */
export function crmDemoData(): CrmDemoData {
  const random = generator(20_260_101);
  const accounts: AccountRow[] = [];
  const contacts: ContactRow[] = [];
  let accountNo = 0;
  let contactNo = 0;

  const customerIds: string[] = [];
  const customerContactIds: string[] = [];
  for (const customer of CUSTOMERS) {
    const id = crmDemoId('001', ++accountNo);
    customerIds.push(id);
    accounts.push(
      accountRow(id, 'CUSTOMER', customer, {
        ...term(customer.termDays),
        isPublicSector: customer.isPublicSector ?? false,
        industry: customer.industry ?? '',
        segment: segmentOf(customer),
      }),
    );
    const [first, last, title] = customer.contact;
    const contactId = crmDemoId('003', ++contactNo);
    customerContactIds.push(contactId);
    contacts.push({
      id: contactId,
      accountId: id,
      firstName: first,
      lastName: last,
      title,
      email: `${first}.${last}`
        .normalize('NFD')
        .replace(/[^A-Za-z.]/g, '')
        .toLowerCase()
        .concat(`@${customer.domain}`),
      phone: `+1 555 ${String(1000 + contactNo).slice(-4)}`,
    });
  }

  const channelAccounts = (
    seeds: readonly ChannelSeed[],
    kind: 'PARTNER' | 'DISTRIBUTOR',
  ): { id: string; seed: ChannelSeed; contactIds: string[] }[] =>
    seeds.map((seed) => {
      const id = crmDemoId('001', ++accountNo);
      accounts.push(
        accountRow(
          id,
          kind,
          { ...seed, region: seed.regions[0] ?? '' },
          {
            ...term(seed.termDays),
            partnerType: seed.partnerType,
          },
        ),
      );
      const contactIds = seed.contacts.map(([first, last, hasEmail]) => {
        const contactId = crmDemoId('003', ++contactNo);
        contacts.push({
          id: contactId,
          accountId: id,
          firstName: first,
          lastName: last,
          title: kind === 'PARTNER' ? 'Account Manager' : 'Vendor Manager',
          email: hasEmail
            ? `${first}.${last}`
                .normalize('NFD')
                .replace(/[^A-Za-z.]/g, '')
                .toLowerCase()
                .concat(`@${seed.domain}`)
            : '',
          phone: `+1 555 ${String(2000 + contactNo).slice(-4)}`,
        });
        return contactId;
      });
      return { id, seed, contactIds };
    });
  const partners = channelAccounts(PARTNERS, 'PARTNER');
  const distributors = channelAccounts(DISTRIBUTORS, 'DISTRIBUTOR');
  const inRegion = <T extends { seed: ChannelSeed }>(list: readonly T[], region: Region) =>
    list.filter((entry) => entry.seed.regions.includes(region));

  const opportunities: OpportunityRow[] = [];
  const teamMembers: TeamMemberRow[] = [];
  const lineItems: LineItemRow[] = [];
  let lineNo = 0;
  const OPPORTUNITY_COUNT = CUSTOMERS.length * 2;

  for (let i = 0; i < OPPORTUNITY_COUNT; i += 1) {
    const customerIndex = i % CUSTOMERS.length;
    const customer = CUSTOMERS[customerIndex] as CustomerSeed;
    const region = customer.region;
    const round = Math.floor(i / CUSTOMERS.length);
    const id = crmDemoId('006', i + 1);
    // Channels rotate, shifted on the second round so each customer meets two of them.
    const channel = (['DIRECT', 'T1', 'T2'] as const)[(i + round) % 3] ?? 'DIRECT';
    const dealType = DEAL_TYPE_CODES[i % DEAL_TYPE_CODES.length] ?? 'NB';
    const partner = channel === 'DIRECT' ? null : random.pick(inRegion(partners, region));
    const distributor = channel === 'T2' ? random.pick(inRegion(distributors, region)) : null;
    const partnerContactId = partner
      ? (partner.contactIds[i % partner.contactIds.length] ?? null)
      : null;

    const productCount = random.int(1, 3);
    const products = random.shuffle(PRODUCTS).slice(0, productCount);
    const headline = products[0] ?? 'Secure Access';
    const fiscalYear = 26 + round;
    const name = `${customer.short} – ${headline} ${DEAL_SUFFIX[dealType]} FY${fiscalYear}`;

    const stage = random.pick(STAGES);
    // Close dates spread over 2026 and 2027.
    const closeDate = new Date(Date.UTC(2026, (i * 5 + round * 7) % 24, random.int(1, 28)));
    const contractStart = addDays(closeDate, random.int(1, 30));
    const createdOn = new Date(
      Date.UTC(2025, 9, 1) + random.int(0, 240) * 86_400_000 + i * 3_600_000,
    );
    const modifiedOn = addDays(createdOn, random.int(1, 90));

    // Whole currency units in steps of 500, stored in minor units.
    const amountMinor = random.int(40, 1800) * 500 * 100;
    const isRenewalLike = dealType === 'R' || dealType === 'TU';

    const isNorthAmerica = region === 'North America';
    const drawn = isNorthAmerica && i % 2 === 0 ? SAM : random.pick(SELLERS[region]);
    // Drawn first either way, so the rest of the demo stays the same rows.
    const regionalDemoSeller = REGIONAL_DEMO_SELLERS[region];
    const owner = regionalDemoSeller && i % 2 === 0 ? regionalDemoSeller : drawn;
    const engineer = ENGINEERS[region];
    const director = DIRECTORS[region];
    const csm = isRenewalLike ? RENE : i % 4 === 0 ? random.pick(OTHER_CSMS) : null;
    const cam = partner
      ? region === 'North America' || region === 'Americas' || i % 3 === 0
        ? CAM
        : random.pick(OTHER_CAMS)
      : null;
    const sla = SLAS[(i * 3 + round) % SLAS.length] ?? '24/7';
    const customerContact = contacts.find((c) => c.id === customerContactIds[customerIndex]);

    opportunities.push({
      id,
      name,
      accountId: customerIds[customerIndex] ?? '',
      partnerAccountId: partner?.id ?? null,
      partnerContactId,
      distributorAccountId: distributor?.id ?? null,
      region,
      salesCountry: customer.country,
      isNamedAccount: i % 5 === 0,
      stage,
      dealType,
      currencyCode: customer.currency,
      amountMinor,
      amountToBeRenewedMinor: isRenewalLike ? Math.round((amountMinor * 9) / 1000) * 100 : null,
      closeDate: isoDate(closeDate),
      contractStartDate: isoDate(contractStart),
      contractSignDate:
        stage === 'Commit' || stage === 'Closed Won' ? isoDate(addDays(closeDate, -2)) : null,
      agreementName:
        dealType === 'NB' || dealType === 'C' ? '' : `${customer.name} Master Agreement 2024`,
      ...(i % 4 === 0
        ? { paymentTermDays: 45, paymentTermName: 'Net 45' }
        : { paymentTermDays: null, paymentTermName: null }),
      ...(partner && i % 5 === 0
        ? { partnerPaymentTermDays: 60, partnerPaymentTermName: 'Net 60' }
        : { partnerPaymentTermDays: null, partnerPaymentTermName: null }),
      sla,
      isRegisteredDeal: partner !== null && i % 2 === 0,
      dealReg: partner !== null && i % 2 === 0 ? `DR-${fiscalYear}-${String(4100 + i)}` : '',
      isPublicSector: customer.isPublicSector ?? false,
      msPercentage: i % 6 === 0 ? `${random.int(5, 40)}.${i % 12 === 0 ? '50' : '00'}` : null,
      pod: random.pick(PODS[region]),
      // The CRM's multi-select picklist: some with a space after the separator, some without.
      productsEvaluated: products.join(i % 2 === 0 ? '; ' : ';'),
      champion: customerContact
        ? `${customerContact.firstName ?? ''} ${customerContact.lastName ?? ''}`.trim()
        : '',
      salesDirectorName: director.name,
      salesDirectorEmail: director.email,
      salesDirectorPhone: director.phone,
      seName: engineer.name,
      csmId: csm?.id ?? null,
      csmName: csm?.name ?? '',
      csmEmail: csm?.email ?? '',
      camId: cam?.id ?? null,
      camName: cam?.name ?? '',
      camEmail: cam?.email ?? '',
      ownerEmail: owner.email,
      ownerName: owner.name,
      hasManualProductLines: false,
      createdBy: owner.name,
      modifiedBy: owner.name,
      createdOn,
      modifiedOn,
    });

    teamMembers.push(
      { opportunityId: id, email: owner.email, name: owner.name, role: 'Account Executive' },
      { opportunityId: id, email: engineer.email, name: engineer.name, role: 'Sales Engineer' },
    );
    // Sam also works on North America deals others own.
    if (isNorthAmerica && owner !== SAM && i % 3 !== 2) {
      teamMembers.push({
        opportunityId: id,
        email: SAM.email,
        name: SAM.name,
        role: 'Co-seller',
      });
    }
    // The channel manager also sits on a few direct deals that may yet go through a partner, so
    // signing in as them shows what a CAM may not quote.
    if (channel === 'DIRECT' && i % 4 === 1) {
      teamMembers.push({
        opportunityId: id,
        email: CAM.email,
        name: CAM.name,
        role: 'Channel Account Manager',
      });
    }
    if (csm) {
      teamMembers.push({
        opportunityId: id,
        email: csm.email,
        name: csm.name,
        role: 'Customer Success Manager',
      });
    }

    // Some opportunities carry product lines; a few entered by hand in the CRM.
    if (i % 3 === 0) {
      const count = random.int(1, 3);
      for (let line = 0; line < count; line += 1) {
        const [code, productName, unitPrice] = random.pick(LINE_PRODUCTS);
        const isManual = i % 9 === 0 && line === 0;
        lineItems.push({
          id: crmDemoId('00k', ++lineNo),
          opportunityId: id,
          productCode: code,
          name: productName,
          quantity: random.int(1, 40) * 5,
          unitPriceMinor: unitPrice,
          isManual,
        });
      }
      const last = opportunities[opportunities.length - 1];
      if (last && i % 9 === 0) last.hasManualProductLines = true;
    }
  }
  return { accounts, contacts, opportunities, teamMembers, lineItems };
}

/**
 * Seeds the embedded CRM's demo records. Idempotent: a record that exists is left as it is, so
 * a restart never undoes a sync or a quote's write-back.
 */
export async function seedCrmDemoData(db: Database): Promise<void> {
  const data = crmDemoData();
  await db.transaction(async (tx) => {
    await tx.insert(crmAccounts).values(data.accounts).onConflictDoNothing();
    // A CRM seeded before accounts had segments gets the demo's; one set since is kept.
    for (const account of data.accounts) {
      if (!account.segment) continue;
      await tx
        .update(crmAccounts)
        .set({ segment: account.segment })
        .where(and(eq(crmAccounts.id, account.id), eq(crmAccounts.segment, '')));
    }
    await tx.insert(crmContacts).values(data.contacts).onConflictDoNothing();
    await tx.insert(crmOpportunities).values(data.opportunities).onConflictDoNothing();
    await tx.insert(crmOpportunityTeamMembers).values(data.teamMembers).onConflictDoNothing();
    await tx.insert(crmOpportunityLineItems).values(data.lineItems).onConflictDoNothing();
  });
}
