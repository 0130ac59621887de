import type { QuoteStatus } from '@bastion/domain/quotes/quote-types';
import { crmDemoData } from './crm-demo-data.ts';
import { DEMO_EXCEPTION_PARTNER } from './approval-demo-data.ts';

/*
 * The demo's book of business (issue 33, decision 029): quotes over the last fifteen months, in
 * every status, of every type, owned by the demo sellers of three regions, so that every grid,
 * queue and report opens on content. This is the plan, pure and the same every time; the server
 * plays it through its own API when it seeds an empty demo database
 * (apps/server/src/features/demo-book), and then moves each quote's moments back to its dates.
 */

/** How far a quote's story goes, a working status; `archived` archives it where it stopped. */
export type DemoBookEnd = QuoteStatus;

export interface DemoBookLine {
  sku: string;
  /** One per contract year for ELA quotes, else one. */
  quantities: number[];
  /** The seller's typed discount, "0.00"…"100.00"; none when absent. */
  discount?: string;
}

export interface DemoBookComment {
  /** The author's demo account. */
  by: string;
  kind: 'comment' | 'note';
  body: string;
}

export interface DemoBookQuote {
  /** Stable across seeds: tests name a quote of the book by it. */
  key: string;
  ownerEmail: string;
  opportunityId: string;
  name: string;
  quoteType: 'STANDARD' | 'ELA' | 'LEGACY';
  contractMonths: number;
  lines: DemoBookLine[];
  ends: DemoBookEnd;
  /** Archived where the story ended: the grid shows Archived, the quote keeps its status. */
  archived: boolean;
  /** Days before the seeding day the quote was created; its later steps follow by `stepDays`. */
  ageDays: number;
  /** Days between one step of the story and the next. */
  stepDays: number;
  /**
   * What the approvers do with the steps a submission waits on: approve them all, reject the
   * first, or leave them waiting; with the comment they write.
   */
  approval: { outcome: 'approve' | 'reject' | 'wait'; comment: string };
  comments: DemoBookComment[];
  /** A PDF generated at the end of the story: what the approvers and the customer read. */
  document: boolean;
  /**
   * A renewal, co-term or true-up, made by the deal desk on the renewals desk from the contract
   * that the completed quote `of` (a key of this book) made. The renewal carries the contract's
   * annual lines on; a co-term adds `lines` to the contract until its end; a true-up quotes a
   * fifth more usage than each line's entitled quantity.
   */
  renewal?: { kind: 'RENEWAL' | 'COTERM' | 'TRUE_UP'; of: string };
}

export const DEMO_BOOK_SELLERS = {
  'North America': 'sales@bastion.test',
  EMEA: 'emea@bastion.test',
  APJ: 'apj@bastion.test',
} as const satisfies Record<string, string>;

const DEAL_DESK = 'dealdesk@bastion.test';
const APPROVER = 'approver@bastion.test';
const CAM = 'cam@bastion.test';

/** How many quotes the book holds; at least 150 (issue 33). */
export const DEMO_BOOK_SIZE = 156;

/** Days back the oldest quote was created: fifteen months. */
export const DEMO_BOOK_DAYS = 455;

// Product mixes a security vendor sells, each a few lines of the demo catalogue: firewalls with
// their support and threat subscription, endpoint, identity, branch roll-outs and data centres.
interface Mix {
  name: string;
  lines: (size: number) => { sku: string; quantity: number }[];
}
const MIXES: readonly Mix[] = [
  {
    name: 'firewall refresh',
    lines: (n) => [
      { sku: 'BX-200F-HW', quantity: 2 * n },
      { sku: 'BX-200F-SUP-PRM', quantity: 2 * n },
      { sku: 'BX-200F-TP', quantity: 2 * n },
    ],
  },
  {
    name: 'endpoint protection',
    lines: (n) => [
      { sku: 'EP-ADV-DEV', quantity: 250 * n },
      { sku: 'EP-SRV-DEV', quantity: 20 * n },
    ],
  },
  {
    name: 'identity and MFA',
    lines: (n) => [
      { sku: 'ID-MFA-USR', quantity: 400 * n },
      { sku: 'ID-SSO-USR', quantity: 400 * n },
    ],
  },
  {
    name: 'branch roll-out',
    lines: (n) => [
      { sku: 'BX-60-HW', quantity: 8 * n },
      { sku: 'BX-60-SUP-STD', quantity: 8 * n },
    ],
  },
  {
    name: 'data centre firewalls',
    lines: (n) => [
      { sku: 'BX-900F-HW', quantity: 2 },
      { sku: 'BX-900F-SUP-ELT', quantity: 2 },
      { sku: 'BX-900F-TP', quantity: 2 },
      { sku: 'PS-INST-DC', quantity: n },
    ],
  },
];

/** Subscriptions only: an ELA buys a quantity per year (spec §3). */
const ELA_MIX: Mix = {
  name: 'enterprise agreement',
  lines: (n) => [
    { sku: 'EP-ADV-DEV', quantity: 500 * n },
    { sku: 'ID-MFA-USR', quantity: 500 * n },
  ],
};

/**
 * The stories, in turn: mostly won, lost and open deals in the proportions of a real book, the
 * older ones further along. Quotes waiting for approval are added after these (below).
 */
const STORIES: readonly { ends: DemoBookEnd; archived?: boolean; discount?: string }[] = [
  { ends: 'COMPLETED', discount: '12.00' },
  { ends: 'APPROVED', discount: '8.00' },
  { ends: 'ACCEPTED', discount: '15.00' },
  { ends: 'INCOMPLETE' },
  { ends: 'COMPLETED', discount: '20.00' },
  { ends: 'REJECTED', discount: '38.00' },
  { ends: 'TNC', discount: '10.00' },
  { ends: 'APPROVED', archived: true, discount: '5.00' },
  { ends: 'SH_HW_CONFIG', discount: '10.00' },
  { ends: 'BUDGETARY' },
  { ends: 'COMPLETED', discount: '33.00' },
  { ends: 'APPROVED', discount: '18.00' },
  { ends: 'INCOMPLETE', archived: true },
  { ends: 'ACCEPTED', discount: '25.00' },
  { ends: 'REJECTED', discount: '45.00', archived: true },
  { ends: 'COMPLETED', discount: '6.00' },
];

const REJECTIONS = [
  'Too deep for a three-year customer: come back at 30 % with a longer term.',
  'Margin is below the floor for this segment. Rework the mix or drop the services.',
  'Not without the CFO: bring the competitive evidence to the deal review.',
];

const FY = (ageDays: number) => (ageDays > 300 ? 'FY25' : 'FY26');

/**
 * The renewals, co-terms and true-ups, each on the contract of a quote the book completes: how
 * far each goes, and which contracts qualify (a renewal's contract ends about now; a co-term's
 * and a true-up's runs on for at least half a year, a true-up's being an ELA's usage).
 */
const RENEWAL_STORIES: readonly {
  kind: NonNullable<DemoBookQuote['renewal']>['kind'];
  ends: DemoBookEnd;
  ageDays: number;
}[] = [
  { kind: 'RENEWAL', ends: 'APPROVED', ageDays: 14 },
  { kind: 'RENEWAL', ends: 'TNC', ageDays: 6 },
  { kind: 'COTERM', ends: 'ACCEPTED', ageDays: 12 },
  { kind: 'COTERM', ends: 'SH_HW_CONFIG', ageDays: 4 },
  // A true-up is priced at the contract's rate, which the demo's renewal-uplift rule sends to the
  // deal desk, who made it and so may not approve it: it stops at its terms step.
  { kind: 'TRUE_UP', ends: 'TNC', ageDays: 9 },
  { kind: 'TRUE_UP', ends: 'INCOMPLETE', ageDays: 3 },
];

/** Co-terms add the next product a customer buys: multi-factor sign-in for its people. */
const COTERM_LINES: readonly DemoBookLine[] = [{ sku: 'ID-MFA-USR', quantities: [150] }];

function renewalStories(book: readonly DemoBookQuote[]): DemoBookQuote[] {
  // The contract a completed quote makes runs from 30 days after it was created for its term.
  const endsInDays = (q: DemoBookQuote) => 30 - q.ageDays + (q.contractMonths / 12) * 365;
  const completed = book.filter(
    (q) => q.ends === 'COMPLETED' && !q.archived && q.key.startsWith('book-'),
  );
  const candidates = {
    RENEWAL: completed.filter((q) => q.quoteType === 'STANDARD' && Math.abs(endsInDays(q)) <= 45),
    COTERM: completed.filter((q) => q.quoteType === 'STANDARD' && endsInDays(q) >= 180),
    TRUE_UP: completed.filter((q) => q.quoteType === 'ELA' && endsInDays(q) >= 180),
  };
  const used = { RENEWAL: 0, COTERM: 0, TRUE_UP: 0 };
  return RENEWAL_STORIES.flatMap((story) => {
    const source = candidates[story.kind][used[story.kind]];
    used[story.kind] += 1;
    if (!source) return [];
    const what = { RENEWAL: 'renewal', COTERM: 'co-term', TRUE_UP: 'true-up' }[story.kind];
    // The server names these quotes after their contract ("Renewal of C-…") and takes their term
    // from it: the name and term here only tell the stories apart.
    return [
      {
        key: `${story.kind.toLowerCase().replace('_', '-')}-${used[story.kind]}`,
        ownerEmail: DEAL_DESK,
        opportunityId: source.opportunityId,
        name: `${source.name} ${what}`,
        quoteType: 'STANDARD' as const,
        contractMonths: 12,
        lines: story.kind === 'COTERM' ? COTERM_LINES.map((l) => ({ ...l })) : [],
        ends: story.ends,
        archived: false,
        ageDays: story.ageDays,
        stepDays: 1,
        approval: { outcome: 'approve' as const, comment: 'Renewal terms as agreed.' },
        comments: [],
        document: false,
        renewal: { kind: story.kind, of: source.key },
      },
    ];
  });
}

/** The demo book: the same quotes in the same order on every seed, oldest first. */
export function demoBookQuotes(): DemoBookQuote[] {
  const { opportunities, accounts } = crmDemoData();
  const exceptionPartner = accounts.find((a) => a.name === DEMO_EXCEPTION_PARTNER)?.id;
  // "Rheinland Versicherung AG" reads "Rheinland Versicherung", "City of Springfield" whole.
  const LEGAL_FORMS = /\s+(AG|GmbH|Inc\.?|Ltd\.?|plc|S\.A\.|SA|Co\.?|Group)$/i;
  const shortOf = (name: string) => {
    const kept: string[] = [];
    let capitals = 0;
    for (const word of name.replace(LEGAL_FORMS, '').split(/\s+/)) {
      if (capitals === 2) break;
      kept.push(word);
      if (/^\p{Lu}/u.test(word)) capitals += 1;
    }
    return kept.join(' ');
  };
  const shortName = new Map(accounts.map((a) => [a.id, shortOf(a.name)]));
  const quotable = opportunities.filter(
    (o) => o.region in DEMO_BOOK_SELLERS && o.dealType !== 'R' && o.dealType !== 'TU',
  );
  // Opportunities through the partner with an exception go to the deal desk for approval.
  const ordinary = quotable.filter((o) => o.partnerAccountId !== exceptionPartner);
  const throughException = quotable.filter((o) => o.partnerAccountId === exceptionPartner);

  const book: DemoBookQuote[] = [];
  const waiting = 8;
  const legacy = 4;
  const channel = 6;
  const renewals = RENEWAL_STORIES.length;
  const storied = DEMO_BOOK_SIZE - waiting - legacy - channel - renewals;
  for (let i = 0; i < storied; i += 1) {
    const opportunity = ordinary[(i * 7) % ordinary.length];
    if (!opportunity) break;
    const story = STORIES[i % STORIES.length] ?? { ends: 'INCOMPLETE' };
    // Oldest first, spread over fifteen months; open quotes are the recent ones.
    const spread = Math.round(DEMO_BOOK_DAYS - (i * (DEMO_BOOK_DAYS - 10)) / storied);
    const isOpen =
      story.ends === 'INCOMPLETE' || story.ends === 'SH_HW_CONFIG' || story.ends === 'TNC';
    const ageDays = isOpen && !story.archived ? Math.min(spread, 20 + (i % 40)) : spread;
    const isEla = i % 9 === 4 && !isOpen;
    const mix = isEla ? ELA_MIX : (MIXES[i % MIXES.length] ?? ELA_MIX);
    const contractMonths = isEla ? 36 : ([12, 36, 12, 24, 12][i % 5] ?? 12);
    const years = isEla ? 3 : 1;
    const size = 1 + (i % 3);
    const customer = shortName.get(opportunity.accountId ?? '') ?? 'Customer';
    const owner = DEMO_BOOK_SELLERS[opportunity.region as keyof typeof DEMO_BOOK_SELLERS];
    book.push({
      key: `book-${String(i + 1).padStart(3, '0')}`,
      ownerEmail: owner,
      opportunityId: opportunity.id ?? '',
      name: `${customer} ${mix.name} ${FY(ageDays)}`,
      quoteType: isEla ? 'ELA' : 'STANDARD',
      contractMonths,
      lines: mix.lines(size).map((line) => ({
        sku: line.sku,
        quantities: Array.from({ length: years }, (_, year) =>
          Math.round(line.quantity * (1 + year * 0.2)),
        ),
        ...(story.discount ? { discount: story.discount } : {}),
      })),
      ends: story.ends,
      archived: story.archived ?? false,
      ageDays,
      stepDays: ageDays > 60 ? 3 : 1,
      approval:
        story.ends === 'REJECTED'
          ? { outcome: 'reject', comment: REJECTIONS[i % REJECTIONS.length] ?? '' }
          : { outcome: 'approve', comment: 'Approved for the competitive situation.' },
      comments:
        i % 4 === 0
          ? [
              {
                by: owner,
                kind: 'comment',
                body: 'Customer asked for delivery before quarter end.',
              },
            ]
          : [],
      // Documents cost most to make; the quotes waiting for approval have theirs (below).
      document: false,
    });
  }

  // Deals made before Bastion CPQ, recorded by the deal desk as LEGACY quotes (spec §2).
  const northAmerica = ordinary.filter((o) => o.region === 'North America');
  for (let k = 0; k < legacy; k += 1) {
    const opportunity = northAmerica[(k * 3 + 1) % northAmerica.length];
    if (!opportunity) break;
    const customer = shortName.get(opportunity.accountId ?? '') ?? 'Customer';
    const mix = MIXES[k % MIXES.length] ?? ELA_MIX;
    const ageDays = 420 - k * 90;
    book.push({
      key: `legacy-${k + 1}`,
      ownerEmail: DEAL_DESK,
      opportunityId: opportunity.id ?? '',
      name: `${customer} ${mix.name} (recorded) ${FY(ageDays)}`,
      quoteType: 'LEGACY',
      contractMonths: 12,
      // Read-only once recorded: a legacy quote has no lines to configure.
      lines: [],
      ends: 'INCOMPLETE',
      archived: false,
      ageDays,
      stepDays: 1,
      approval: { outcome: 'wait', comment: '' },
      comments: [],
      document: false,
    });
  }
  // The channel account manager's own quotes, on the partner deals they manage (they see no
  // other quotes: a CAM has no region of their own).
  const managed = quotable.filter((o) => o.camEmail === CAM && o.region === 'North America');
  const CHANNEL_STORIES = [
    'COMPLETED',
    'APPROVED',
    'TNC',
    'INCOMPLETE',
    'ACCEPTED',
    'COMPLETED',
  ] as const;
  for (let c = 0; c < channel; c += 1) {
    const opportunity = managed[(c * 2) % managed.length];
    if (!opportunity) break;
    const customer = shortName.get(opportunity.accountId ?? '') ?? 'Customer';
    const mix = MIXES[(c + 1) % MIXES.length] ?? ELA_MIX;
    const ends = CHANNEL_STORIES[c] ?? 'INCOMPLETE';
    const ageDays = ends === 'TNC' || ends === 'INCOMPLETE' ? 12 + c : 380 - c * 60;
    book.push({
      key: `channel-${c + 1}`,
      ownerEmail: CAM,
      opportunityId: opportunity.id ?? '',
      name: `${customer} ${mix.name} via partner ${FY(ageDays)}`,
      quoteType: 'STANDARD',
      contractMonths: 12,
      lines: mix.lines(1).map((line) => ({
        sku: line.sku,
        quantities: [line.quantity],
        discount: '7.00',
      })),
      ends,
      archived: false,
      ageDays,
      stepDays: 2,
      approval: { outcome: 'approve', comment: '' },
      comments: [],
      document: false,
    });
  }
  book.push(...renewalStories(book));
  book.sort((a, b) => b.ageDays - a.ageDays);

  // Waiting now: the finance approver's (a typed discount above 30 %) and the deal desk's (the
  // partner with an exception), each with its history, a comment and the document sent.
  for (let j = 0; j < waiting; j += 1) {
    const forDealDesk = j % 2 === 1;
    const pool = forDealDesk && throughException.length > 0 ? throughException : ordinary;
    const opportunity = pool[(j * 5 + 3) % pool.length];
    if (!opportunity) break;
    const owner = DEMO_BOOK_SELLERS[opportunity.region as keyof typeof DEMO_BOOK_SELLERS];
    const customer = shortName.get(opportunity.accountId ?? '') ?? 'Customer';
    const mix = MIXES[(j + 2) % MIXES.length] ?? ELA_MIX;
    book.push({
      key: `waiting-${j + 1}`,
      ownerEmail: owner,
      opportunityId: opportunity.id ?? '',
      name: `${customer} ${mix.name} FY26`,
      quoteType: 'STANDARD',
      contractMonths: 36,
      lines: mix.lines(2).map((line) => ({
        sku: line.sku,
        quantities: [line.quantity],
        ...(forDealDesk ? { discount: '10.00' } : { discount: `${34 + j}.00` }),
      })),
      ends: 'PENDING_APPROVAL',
      archived: false,
      ageDays: 1 + j,
      stepDays: 0,
      approval: { outcome: 'wait', comment: '' },
      comments: [
        {
          by: owner,
          kind: 'comment',
          body: forDealDesk
            ? "Dana, the partner's exception applies here; the customer signs this week."
            : 'Competitor is at 40 % off list; this price keeps us in the deal.',
        },
        {
          by: owner,
          kind: 'note',
          body: 'Budget confirmed by the customer’s CFO on the last call.',
        },
      ],
      document: true,
    });
  }
  // A name said twice is a second option of the same deal, as sellers name them.
  const seen = new Map<string, number>();
  return book.map((quote) => {
    const count = (seen.get(quote.name) ?? 0) + 1;
    seen.set(quote.name, count);
    return count === 1 ? quote : { ...quote, name: `${quote.name}, option ${count}` };
  });
}

/** The demo accounts that play the book, each signed in once while it is seeded. */
export const DEMO_BOOK_ACTORS = [
  ...Object.values(DEMO_BOOK_SELLERS),
  CAM,
  DEAL_DESK,
  APPROVER,
] as const;
