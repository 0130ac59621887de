import { describe, expect, it } from 'vitest';
import { acceptanceLinkState, type AcceptanceLinkFacts } from './acceptance-link-state.ts';

const now = new Date('2026-05-01T12:00:00Z');
const later = new Date('2026-05-02T12:00:00Z');
const earlier = new Date('2026-04-30T12:00:00Z');

const open: AcceptanceLinkFacts = {
  linkId: 'link-a',
  linkVersion: 7,
  expiresAt: later,
  revokedAt: null,
  quoteVersion: 7,
  acceptedLinkId: null,
  isQuoteAccepted: false,
  now,
};

describe('acceptance link state', () => {
  it.each<[string, Partial<AcceptanceLinkFacts>, string]>([
    ['open: same version, not expired, not revoked', {}, 'active'],
    ['expired at the very instant', { expiresAt: now }, 'expired'],
    ['expired before now', { expiresAt: earlier }, 'expired'],
    ['the quote changed', { quoteVersion: 8 }, 'superseded'],
    [
      'the quote changed and the link expired: the change is said',
      { quoteVersion: 8, expiresAt: earlier },
      'superseded',
    ],
    ['revoked', { revokedAt: earlier }, 'revoked'],
    [
      'revoked after the quote changed: the revocation is said',
      { revokedAt: earlier, quoteVersion: 9 },
      'revoked',
    ],
    ['accepted through this link', { acceptedLinkId: 'link-a', quoteVersion: 8 }, 'accepted'],
    [
      'accepted through this link, though since expired',
      { acceptedLinkId: 'link-a', expiresAt: earlier },
      'accepted',
    ],
    [
      'marked accepted by hand, the version moved',
      { isQuoteAccepted: true, quoteVersion: 8 },
      'closed',
    ],
    [
      'marked accepted by hand after this link expired',
      { isQuoteAccepted: true, expiresAt: earlier },
      'closed',
    ],
    ['accepted through another link', { acceptedLinkId: 'link-b', quoteVersion: 8 }, 'closed'],
    [
      'accepted through another link, this one ended by it',
      { acceptedLinkId: 'link-b', revokedAt: now },
      'closed',
    ],
  ])('%s: %s', (_title, change, expected) => {
    expect(acceptanceLinkState({ ...open, ...change })).toBe(expected);
  });
});
