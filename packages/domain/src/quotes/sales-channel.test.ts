import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deriveSalesChannel,
  isPartyPresent,
  partnerTypeFor,
  type ChannelParty,
  type SalesChannel,
} from './sales-channel.ts';

const ACME = { id: '001A', name: 'Acme Resellers' };
const DISTI = { id: '001D', name: 'Big Distribution' };

describe('deriveSalesChannel (spec §4)', () => {
  it.each<[string, ChannelParty | null, ChannelParty | null, SalesChannel]>([
    ['partner and distributor', ACME, DISTI, 'T2'],
    ['partner only', ACME, null, 'T1'],
    ['distributor only', null, DISTI, 'DIRECT'],
    ['neither', null, null, 'DIRECT'],
    ['partner by id only', { id: '001A' }, DISTI, 'T2'],
    ['partner by name only', { name: 'Acme' }, null, 'T1'],
    ['blank partner', { id: ' ', name: '\t' }, DISTI, 'DIRECT'],
    ['blank distributor', ACME, { id: '', name: '  ' }, 'T1'],
    ['null fields', { id: null, name: null }, { id: null, name: null }, 'DIRECT'],
    ['empty objects', {}, {}, 'DIRECT'],
  ])('%s → %s', (_, partner, distributor, expected) => {
    expect(deriveSalesChannel({ partner, distributor })).toBe(expected);
  });

  it('is DIRECT when nothing is given', () => {
    expect(deriveSalesChannel({})).toBe('DIRECT');
  });

  // Whitespace-heavy strings, so blank ids and names come up often.
  const text = fc.option(
    fc.oneof(
      fc.string(),
      fc.stringMatching(/^[ \t\n\r\u00a0\u2003]*$/),
      fc.constantFrom('', ' ', 'x', ' x '),
    ),
    { nil: null },
  );
  const party = fc.option(fc.record({ id: text, name: text }, { requiredKeys: [] }), {
    nil: null,
  });
  const hasText = (value: string | null | undefined) => value != null && /\S/.test(value);
  const present = (p: ChannelParty | null) => p !== null && (hasText(p.id) || hasText(p.name));

  it('T2 iff both are present, T1 iff only the partner is, DIRECT otherwise', () => {
    fc.assert(
      fc.property(party, party, (partner, distributor) => {
        const channel = deriveSalesChannel({ partner, distributor });
        expect(channel === 'T2').toBe(present(partner) && present(distributor));
        expect(channel === 'T1').toBe(present(partner) && !present(distributor));
        expect(channel === 'DIRECT').toBe(!present(partner));
        expect(isPartyPresent(partner)).toBe(present(partner));
      }),
    );
  });
});

describe('partnerTypeFor (spec §4)', () => {
  it.each<[SalesChannel, string | null | undefined, string | null]>([
    ['T1', null, 'AUTHORIZED'],
    ['T2', undefined, 'AUTHORIZED'],
    ['T1', '  ', 'AUTHORIZED'],
    ['T1', 'PREMIER', 'PREMIER'],
    ['T2', ' PREMIER ', 'PREMIER'],
    ['DIRECT', null, null],
    ['DIRECT', '', null],
    ['DIRECT', 'PREMIER', 'PREMIER'],
  ])('%s with %j → %j', (channel, partnerType, expected) => {
    expect(partnerTypeFor(channel, partnerType)).toBe(expected);
  });
});
