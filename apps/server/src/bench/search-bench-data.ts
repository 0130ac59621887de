import { sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';

/**
 * The bench's CRM and quotes (npm run bench:search): customer accounts named from word lists, so
 * that names repeat their words as real ones do and a misspelling has near neighbours; partners;
 * opportunities; and `count` quotes spread over them.
 */

const CUSTOMER_WORDS = [
  'Northwind',
  'Contoso',
  'Fabrikam',
  'Adventure',
  'Tailspin',
  'Wingtip',
  'Litware',
  'Proseware',
  'Lucerne',
  'Margie',
  'Humongous',
  'Alpine',
  'Yonder',
  'Coho',
  'Consolidated',
  'Graphic',
  'Woodgrove',
  'Trey',
  'Bellows',
  'Relecloud',
  'Datum',
  'Southridge',
  'Lamna',
  'Tailwind',
  'Zava',
  'Vanarsdel',
  'Olympia',
  'Boreal',
  'Cascadia',
  'Meadowbrook',
  'Riverside',
  'Granite',
  'Harbor',
  'Lakeshore',
  'Pioneer',
  'Sterling',
  'Thornbury',
  'Westfield',
  'Ashford',
  'Brightwater',
];
const CUSTOMER_TRADES = [
  'Traders',
  'Health',
  'Bank',
  'Retail',
  'Energy',
  'Logistics',
  'Airlines',
  'Foods',
  'Motors',
  'Insurance',
  'Pharma',
  'Media',
  'Systems',
  'Networks',
  'Telecom',
  'Shipping',
  'Holdings',
  'Hospital',
  'Labs',
  'Foundry',
  'University',
  'Hotels',
  'Mining',
  'Chemicals',
  'Textiles',
  'Utilities',
  'Aerospace',
  'Robotics',
  'Publishing',
  'Brewing',
  'Construction',
  'Dairy',
  'Electronics',
  'Furniture',
  'Gaming',
  'Pharmacy',
  'Railways',
  'Semiconductors',
  'Steel',
  'Water',
];
const CUSTOMER_SUFFIXES = ['Inc', 'Ltd', 'GmbH', 'SA', 'LLC'];
const PARTNER_WORDS = [
  'Apex',
  'Summit',
  'Pinnacle',
  'Vertex',
  'Keystone',
  'Cobalt',
  'Meridian',
  'Horizon',
  'Sentinel',
  'Ironclad',
  'Redwood',
  'Silverline',
  'Northstar',
  'Evergreen',
  'Bluewave',
  'Quantum',
  'Atlas',
  'Orion',
  'Falcon',
  'Citadel',
];
const PARTNER_KINDS = [
  'Resellers',
  'Distribution',
  'Solutions',
  'Integrators',
  'Networks',
  'Security Partners',
  'IT Services',
  'Channel',
  'Consulting',
  'Technologies',
  'Infotech',
  'Data Systems',
  'Cyber',
  'Cloud Services',
  'Computing',
  'Digital',
  'Managed Services',
  'Secure IT',
  'Telecom Partners',
  'Business Systems',
];

export const BENCH_CUSTOMERS = 20_000;
export const BENCH_PARTNERS = PARTNER_WORDS.length * PARTNER_KINDS.length;
export const BENCH_OPPORTUNITIES = 200_000;
const REGIONS = ['North America', 'Americas', 'EMEA', 'LATAM', 'APJ'];

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`);

/** The name of customer account `ACC{g}`, as the seed makes it (for the bench's queries). */
export function benchCustomerName(g: number): string {
  const w = CUSTOMER_WORDS.length;
  const t = CUSTOMER_TRADES.length;
  return [
    CUSTOMER_WORDS[g % w],
    CUSTOMER_TRADES[Math.floor(g / w) % t],
    CUSTOMER_SUFFIXES[Math.floor(g / (w * t)) % CUSTOMER_SUFFIXES.length],
  ].join(' ');
}

/** The name of partner account `PRT{g}` (g from 0). */
export function benchPartnerName(g: number): string {
  return `${PARTNER_WORDS[g % PARTNER_WORDS.length]} ${PARTNER_KINDS[Math.floor(g / PARTNER_WORDS.length) % PARTNER_KINDS.length]}`;
}

/** The region of customer ACC{g}, and of its opportunities and quotes. */
export const benchRegionOf = (g: number) => REGIONS[g % REGIONS.length] ?? 'EMEA';

export async function seedSearchBench(db: Database, count: number, from: number) {
  if (from === 0) {
    await db.execute(sql`
      insert into users (email, first_name, last_name)
      select 'owner' || g || '@bench.test', 'Owner', 'Number ' || g from generate_series(1, 500) g
      on conflict do nothing`);
    const w = CUSTOMER_WORDS.length;
    const t = CUSTOMER_TRADES.length;
    await db.execute(sql`
      insert into crm_accounts (id, name, kind, region)
      select 'ACC' || g,
        (${textArray(CUSTOMER_WORDS)})[1 + g % ${w}] || ' ' ||
        (${textArray(CUSTOMER_TRADES)})[1 + (g / ${w}) % ${t}] || ' ' ||
        (${textArray(CUSTOMER_SUFFIXES)})[1 + (g / ${w * t}) % ${CUSTOMER_SUFFIXES.length}],
        'CUSTOMER',
        (${textArray(REGIONS)})[1 + g % 5]
      from generate_series(0, ${BENCH_CUSTOMERS - 1}) g`);
    const pw = PARTNER_WORDS.length;
    await db.execute(sql`
      insert into crm_accounts (id, name, kind, region, partner_type)
      select 'PRT' || g,
        (${textArray(PARTNER_WORDS)})[1 + g % ${pw}] || ' ' ||
        (${textArray(PARTNER_KINDS)})[1 + (g / ${pw}) % ${PARTNER_KINDS.length}],
        'PARTNER', '', 'PREMIER'
      from generate_series(0, ${BENCH_PARTNERS - 1}) g`);
    // Two deals in three go through a partner.
    await db.execute(sql`
      insert into crm_opportunities (id, name, account_id, partner_account_id, region, deal_type,
        owner_email, stage)
      select 'OPP' || g,
        (array['Firewall refresh','Secure access rollout','SD-WAN upgrade','Branch security','Renewal'])[1 + g % 5]
          || ' ' || (2020 + g % 7),
        'ACC' || (g % ${BENCH_CUSTOMERS}),
        case when g % 3 = 0 then null else 'PRT' || (g % ${BENCH_PARTNERS}) end,
        (${textArray(REGIONS)})[1 + (g % ${BENCH_CUSTOMERS}) % 5],
        'NB',
        'owner' || (1 + g % 500) || '@bench.test',
        'Proposal'
      from generate_series(0, ${BENCH_OPPORTUNITIES - 1}) g`);
  }
  await db.execute(sql`
    insert into quotes (quote_number, opportunity_id, account_id, account_name, partner_name,
      region, owner_user_id, quote_name, quote_type, deal_type, status_id, contract_length,
      sales_channel, currency_code, total_amount_minor, created_at, updated_at)
    select
      'Q-2026-' || lpad(g::text, 7, '0'),
      o.id, o.account_id, a.name, coalesce(p.name, ''), o.region,
      (select id from users where email = 'owner' || (1 + g % 500) || '@bench.test'),
      (array['Firewall refresh','Secure access','SD-WAN','Branch rollout','Expansion','Renewal'])[1 + g % 6]
        || ' ' || (2020 + g % 7) || ' v' || (1 + g % 4),
      (array['STANDARD','STANDARD','STANDARD','ELA','LEGACY'])[1 + (g / 5) % 5],
      'NB',
      (array['INCOMPLETE','SH_HW_CONFIG','TNC','PENDING_APPROVAL','BUDGETARY','REJECTED','APPROVED','ACCEPTED','COMPLETED'])[1 + (g / 7) % 9],
      12 * (1 + g % 5),
      case when o.partner_account_id is null then 'DIRECT' else 'T1' end,
      (array['USD','EUR','GBP'])[1 + g % 3],
      (g::bigint * 7919) % 100000000,
      now() - (g % 730) * interval '1 day',
      now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second'
    from generate_series(${from + 1}::int, ${count}::int) g
    join crm_opportunities o on o.id = 'OPP' || (g % ${BENCH_OPPORTUNITIES})
    join crm_accounts a on a.id = o.account_id
    left join crm_accounts p on p.id = o.partner_account_id`);
}
