/**
 * Where a customer acceptance link stands (issue 17, point 4). One order for the list on the
 * summary and for the customer's page, so both always say the same thing.
 */

export const ACCEPTANCE_LINK_STATES = [
  'active',
  'accepted',
  'closed',
  'revoked',
  'superseded',
  'expired',
] as const;
export type AcceptanceLinkState = (typeof ACCEPTANCE_LINK_STATES)[number];

/** Default and bounds of a link's life, in days. */
export const DEFAULT_ACCEPTANCE_LINK_DAYS = 30;
export const MAX_ACCEPTANCE_LINK_DAYS = 90;

export interface AcceptanceLinkFacts {
  linkId: string;
  /** The quote's version the link's document shows. */
  linkVersion: number;
  expiresAt: Date;
  revokedAt: Date | null;
  /** The quote's version now. */
  quoteVersion: number;
  /** The link the quote was accepted through, or null while it is not accepted through one. */
  acceptedLinkId: string | null;
  /** The quote is accepted or completed, through a link or marked so by hand. */
  isQuoteAccepted: boolean;
  now: Date;
}

/**
 * An acceptance ends every link (`accepted` for the one used, `closed` for the others, and for
 * all of them when the quote was marked accepted by hand), whatever else holds; then a revocation (someone's decision) outranks a change of the quote, which
 * outranks the mere passing of time.
 */
export function acceptanceLinkState(facts: AcceptanceLinkFacts): AcceptanceLinkState {
  if (facts.acceptedLinkId !== null) {
    return facts.acceptedLinkId === facts.linkId ? 'accepted' : 'closed';
  }
  if (facts.isQuoteAccepted) return 'closed';
  if (facts.revokedAt !== null) return 'revoked';
  if (facts.quoteVersion !== facts.linkVersion) return 'superseded';
  if (facts.now.getTime() >= facts.expiresAt.getTime()) return 'expired';
  return 'active';
}

/** How the summary labels each state, with its badge tone (spec §4 colours: Expired danger). */
export const ACCEPTANCE_LINK_STATE_DISPLAY: Readonly<
  Record<
    AcceptanceLinkState,
    { label: string; tone: 'blue' | 'success' | 'grey' | 'red' | 'warning' | 'danger' }
  >
> = {
  active: { label: 'Open', tone: 'blue' },
  accepted: { label: 'Accepted', tone: 'success' },
  closed: { label: 'Closed (quote accepted)', tone: 'grey' },
  revoked: { label: 'Revoked', tone: 'red' },
  superseded: { label: 'Quote changed since', tone: 'warning' },
  expired: { label: 'Expired', tone: 'danger' },
};

/**
 * What the customer reads when the link no longer opens the acceptance, and what to do.
 * `active` has no refusal.
 */
export const ACCEPTANCE_LINK_REFUSALS: Readonly<
  Record<Exclude<AcceptanceLinkState, 'active'>, string>
> = {
  accepted: 'This quote has already been accepted. Nothing more is needed.',
  closed: 'This quote has already been accepted. Nothing more is needed.',
  revoked: 'This link was withdrawn by the sender. Ask your contact for a new link.',
  superseded: 'This quote has changed since this link was sent. Ask your contact for a new link.',
  expired: 'This link has expired. Ask your contact for a new link.',
};

export const ACCEPTANCE_LINK_NOT_VALID = 'This link is not valid.';
