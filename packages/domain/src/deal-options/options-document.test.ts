import { describe, expect, it } from 'vitest';
import type { RevisionLine, RevisionSnapshot } from '../revisions/snapshot.ts';
import { buildOptionsDocument } from './options-document.ts';
import { revisionLine } from '../revisions/revision.test-support.ts';

/** Two units at 100.00, 10 % off by the seller, unless given. */
const line = (sku: string, over: Partial<RevisionLine> = {}) =>
  revisionLine(sku, {
    quantities: [2],
    discount_percent: '10',
    net_per_year_minor: [20_000],
    net_minor: 20_000,
    ...over,
  });

const snapshot = (lines: RevisionLine[], net: number | null): RevisionSnapshot => ({
  currency_code: 'EUR',
  header: [],
  lines,
  terms: [],
  totals:
    net === null ? null : { list_minor: net, discount_minor: 0, net_minor: net, per_year: [] },
  pricing_problems: net === null ? ['BX-9 has no price on 2026-12-01.'] : [],
  approval: null,
});

const document = buildOptionsDocument({
  issuer: 'Bastion Security Inc.',
  customer: 'Acme GmbH',
  opportunity_name: 'Acme firewall refresh',
  options: [
    {
      label: 'Good (Q-1)',
      quote_number: 'Q-1',
      quote_name: 'Firewalls',
      snapshot: snapshot([line('BX-1')], 20_000),
    },
    {
      label: 'Better (Q-2)',
      quote_number: 'Q-2',
      quote_name: 'Firewalls and more',
      snapshot: snapshot(
        [line('BX-1'), line('ELA-1', { quantities: [10, 20], parent_sku: 'BX-1' })],
        45_000,
      ),
    },
    {
      label: 'Q-3',
      quote_number: 'Q-3',
      quote_name: 'Unpriced',
      snapshot: snapshot([line('BX-9', { net_minor: null, net_per_year_minor: [] })], null),
    },
  ],
});

const tableOf = (sectionIndex: number) => {
  const block = document.sections[sectionIndex]?.blocks.find((b) => b.kind === 'table');
  if (block?.kind !== 'table') throw new Error('no table');
  return block.rows.map((row) => row.cells);
};

describe('buildOptionsDocument', () => {
  it('lists every option with its product count and net first', () => {
    expect(document.letterhead).toEqual({
      issuer: 'Bastion Security Inc.',
      title: 'Your options',
      lines: ['Acme GmbH', 'Acme firewall refresh'],
    });
    expect(tableOf(0)).toEqual([
      ['Good (Q-1)', 'Firewalls', '1', '€200.00'],
      ['Better (Q-2)', 'Firewalls and more', '2', '€450.00'],
      ['Q-3', 'Unpriced', '1', 'Not priced'],
    ]);
  });

  it('gives each option a section of its lines, years and bundle, and its net total', () => {
    expect(document.sections.map((s) => s.title)).toEqual([
      'The options side by side',
      'Good (Q-1)',
      'Better (Q-2)',
      'Q-3',
    ]);
    expect(tableOf(2)).toEqual([
      ['Product BX-1\nBX-1', '2', '€200.00'],
      ['Product ELA-1\nELA-1 · in BX-1', 'Y1: 10 · Y2: 20', '€200.00'],
      ['Net total', '', '€450.00'],
    ]);
  });

  it('says why an option could not be priced, and never shows a discount', () => {
    const notice = document.sections[3]?.blocks.find((b) => b.kind === 'paragraph' && b.is_notice);
    expect(notice).toMatchObject({
      text: 'This option could not be priced: BX-9 has no price on 2026-12-01.',
    });
    expect(JSON.stringify(document)).not.toMatch(/discount|10%/i);
  });
});
