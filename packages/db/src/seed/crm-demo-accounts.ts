/** The demo CRM's record ids, and its accounts: customers, partners and distributors in every region. */

/** Salesforce-shaped 18-character ids: key prefix, pod, counter, checksum-like suffix. */
export function crmDemoId(prefix: '001' | '003' | '005' | '006' | '00k', n: number): string {
  return `${prefix}Bq0${String(n).padStart(9, '0')}AAA`;
}

export type Region = 'EMEA' | 'North America' | 'Americas' | 'LATAM' | 'APJ';
type Currency = 'USD' | 'EUR' | 'GBP';

export interface Place {
  street: string;
  city: string;
  state: string;
  postalCode: string;
  /** ISO 3166 alpha-2. */
  countryCode: string;
  country: string;
}

export interface CustomerSeed extends Place {
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
export const CUSTOMERS: readonly CustomerSeed[] = [
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

export interface ChannelSeed extends Place {
  name: string;
  domain: string;
  regions: readonly Region[];
  partnerType: string | null;
  termDays: number;
  /** The second contact of a partner has no e-mail: the partner cannot be notified through it. */
  contacts: readonly [first: string, last: string, hasEmail: boolean][];
}

// prettier-ignore
export const PARTNERS: readonly ChannelSeed[] = [
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
export const DISTRIBUTORS: readonly ChannelSeed[] = [
  { name: 'Globex Distribution', domain: 'globex-dist.example', regions: ['North America', 'Americas'], partnerType: null, termDays: 60, street: '600 Technology Dr', city: 'Fremont', state: 'CA', postalCode: '94538', countryCode: 'US', country: 'United States', contacts: [['Morgan', 'Blake', true]] },
  { name: 'Continental Distribution GmbH', domain: 'continental-dist.example', regions: ['EMEA'], partnerType: null, termDays: 60, street: 'Mainzer Landstraße 50', city: 'Frankfurt am Main', state: 'HE', postalCode: '60325', countryCode: 'DE', country: 'Germany', contacts: [['Katrin', 'Weber', true]] },
  { name: 'LatamTec Mayorista', domain: 'latamtec.example', regions: ['LATAM'], partnerType: null, termDays: 90, street: 'Paseo de la Reforma 250', city: 'Ciudad de México', state: 'CDMX', postalCode: '06600', countryCode: 'MX', country: 'Mexico', contacts: [['Andrés', 'López', true]] },
  { name: 'Pan-Asia Distribution', domain: 'panasia-dist.example', regions: ['APJ'], partnerType: null, termDays: 60, street: '1 Harbourfront Ave', city: 'Singapore', state: '', postalCode: '098632', countryCode: 'SG', country: 'Singapore', contacts: [['Kenji', 'Watanabe', true]] },
];
