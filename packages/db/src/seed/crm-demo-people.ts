/** The demo CRM's people: Bastion's sellers, engineers, directors, CSMs and CAMs by region. */
import { type Region, crmDemoId } from './crm-demo-accounts.ts';

interface Person {
  id: string;
  name: string;
  email: string;
}

// Bastion's own staff. The first three are the demo accounts, so signing in as them shows their
// opportunities (README: demo accounts).
export const SAM: Person = {
  id: crmDemoId('005', 1),
  name: 'Sam Seller',
  email: 'sales@bastion.test',
};
export const CAM: Person = {
  id: crmDemoId('005', 2),
  name: 'Cam Channel',
  email: 'cam@bastion.test',
};
export const RENE: Person = {
  id: crmDemoId('005', 3),
  name: 'Rene Renewals',
  email: 'renewals@bastion.test',
};
/** The demo sellers outside North America (issue 33): they own half of their region's deals. */
export const REGIONAL_DEMO_SELLERS: Readonly<Partial<Record<Region, Person>>> = {
  EMEA: { id: crmDemoId('005', 4), name: 'Emma Evans', email: 'emea@bastion.test' },
  APJ: { id: crmDemoId('005', 5), name: 'Arjun Pillai', email: 'apj@bastion.test' },
};

const person = (n: number, name: string): Person => ({
  id: crmDemoId('005', n),
  name,
  email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@bastion.test`,
});

export const SELLERS: Readonly<Record<Region, readonly Person[]>> = {
  'North America': [person(10, 'Dan Foster'), person(11, 'Megan Price')],
  Americas: [person(12, 'Tom Wright'), person(13, 'Jess Lambert')],
  LATAM: [person(14, 'Carlos Mendoza'), person(15, 'Isabel Ortiz')],
  EMEA: [person(16, 'Henrik Larsen'), person(17, 'Sophie Laurent'), person(18, 'James Whitfield')],
  APJ: [person(19, 'Kenta Mori'), person(20, 'Emily Chen')],
};
export const ENGINEERS: Readonly<Record<Region, Person>> = {
  'North America': person(30, 'Ryan Holt'),
  Americas: person(31, 'Nadia Haddad'),
  LATAM: person(32, 'Pablo Ruiz'),
  EMEA: person(33, 'Anna Schmidt'),
  APJ: person(34, 'Hiro Sato'),
};
export const DIRECTORS: Readonly<Record<Region, Person & { phone: string }>> = {
  'North America': { ...person(40, 'Laura Bennett'), phone: '+1 617 555 0140' },
  Americas: { ...person(41, 'Steve Ducharme'), phone: '+1 416 555 0141' },
  LATAM: { ...person(42, 'Ricardo Silva'), phone: '+55 11 5555 0142' },
  EMEA: { ...person(43, 'Katharina Vogel'), phone: '+49 89 5555 0143' },
  APJ: { ...person(44, 'David Tan'), phone: '+65 6555 0144' },
};
export const OTHER_CSMS: readonly Person[] = [
  person(50, 'Priya Raman'),
  person(51, 'Marco Bianchi'),
];
export const OTHER_CAMS: readonly Person[] = [person(52, 'Lucy Hart'), person(53, 'Felix Braun')];
export const PODS: Readonly<Record<Region, readonly string[]>> = {
  'North America': ['NA-East', 'NA-West'],
  Americas: ['AMER-Canada', 'AMER-South'],
  LATAM: ['LATAM-Andes', 'LATAM-North'],
  EMEA: ['EMEA-DACH', 'EMEA-UKI', 'EMEA-South'],
  APJ: ['APJ-ANZ', 'APJ-Asia'],
};
