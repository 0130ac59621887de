import { describe, expect, it } from 'vitest';
import { effectiveQuoteStatus, quoteTargetPath, type QuoteRouteFields } from './quote-route.ts';
import { QUOTE_STATUSES, type QuoteStatus } from './quote-types.ts';

const quote = (fields: Partial<QuoteRouteFields> = {}): QuoteRouteFields => ({
  id: 42,
  quote_type: 'STANDARD',
  deal_type: 'NB',
  status_id: 'INCOMPLETE',
  pre_archive_status_id: null,
  is_coterm: false,
  is_renewal: false,
  ...fields,
});

/** The screens of the statuses a plain (not renewal, not co-term) quote is built in. */
const BUILDING_SCREEN_OF: Partial<Record<QuoteStatus, string>> = {
  INCOMPLETE: 'configure-quote',
  SH_HW_CONFIG: 'configure-sh-hw',
  TNC: 'terms-condition',
};
/** Every other working status opens the summary. */
const screenOf = (status: QuoteStatus) => BUILDING_SCREEN_OF[status] ?? 'quote-summary';

describe('quoteTargetPath (spec §2 "Quote target by state")', () => {
  it.each(
    QUOTE_STATUSES.flatMap((status) => [[status, 'STANDARD'] as const, [status, 'ELA'] as const]),
  )('%s %s quote opens its screen', (status, quoteType) => {
    expect(quoteTargetPath(quote({ status_id: status, quote_type: quoteType }))).toBe(
      `/cpq/${screenOf(status)}/42/${quoteType}`,
    );
  });

  it.each(QUOTE_STATUSES)('an archived quote that was %s opens where it was', (status) => {
    expect(quoteTargetPath(quote({ status_id: 'ARCHIVED', pre_archive_status_id: status }))).toBe(
      `/cpq/${screenOf(status)}/42/STANDARD`,
    );
  });

  it.each<[string, Partial<QuoteRouteFields>, string]>([
    [
      'incomplete co-term',
      { is_coterm: true, deal_type: 'R' },
      '/cpq/configure-renewal-coterm-quote/42/R',
    ],
    [
      'incomplete co-term that is also a renewal',
      { is_coterm: true, is_renewal: true, deal_type: 'R' },
      '/cpq/configure-renewal-coterm-quote/42/R',
    ],
    [
      'incomplete renewal',
      { is_renewal: true, deal_type: 'R' },
      '/cpq/configure-renewal-quote/42/R',
    ],
    [
      'incomplete true-up',
      { is_renewal: true, deal_type: 'TU' },
      '/cpq/configure-renewal-quote/42/TU',
    ],
    [
      'incomplete renewal without a deal type',
      { is_renewal: true, deal_type: '  ' },
      '/cpq/configure-renewal-quote/42/STANDARD',
    ],
    [
      'archived incomplete co-term',
      {
        is_coterm: true,
        deal_type: 'R',
        status_id: 'ARCHIVED',
        pre_archive_status_id: 'INCOMPLETE',
      },
      '/cpq/configure-renewal-coterm-quote/42/R',
    ],
    [
      'archived incomplete renewal',
      {
        is_renewal: true,
        deal_type: 'R',
        status_id: 'ARCHIVED',
        pre_archive_status_id: 'INCOMPLETE',
      },
      '/cpq/configure-renewal-quote/42/R',
    ],
    [
      'renewal past configuration',
      { is_renewal: true, deal_type: 'R', status_id: 'SH_HW_CONFIG' },
      '/cpq/configure-sh-hw/42/STANDARD',
    ],
    [
      'co-term in terms',
      { is_coterm: true, deal_type: 'R', status_id: 'TNC' },
      '/cpq/terms-condition/42/STANDARD',
    ],
    [
      'approved renewal',
      { is_renewal: true, deal_type: 'R', status_id: 'APPROVED' },
      '/cpq/quote-summary/42/STANDARD',
    ],
    ['legacy, incomplete', { quote_type: 'LEGACY' }, '/cpq/legacy-quote-summary/42/LEGACY'],
    [
      'legacy renewal, incomplete',
      { quote_type: 'LEGACY', is_renewal: true, deal_type: 'R' },
      '/cpq/legacy-quote-summary/42/LEGACY',
    ],
    [
      'legacy, archived',
      { quote_type: 'LEGACY', status_id: 'ARCHIVED', pre_archive_status_id: 'APPROVED' },
      '/cpq/legacy-quote-summary/42/LEGACY',
    ],
    [
      'legacy with an unknown status',
      { quote_type: 'LEGACY', status_id: 'WHATEVER' },
      '/cpq/legacy-quote-summary/42/LEGACY',
    ],
    ['unknown status', { status_id: 'ON_HOLD' }, '/cpq/view-quote/42/STANDARD'],
    ['no status', { status_id: null }, '/cpq/view-quote/42/STANDARD'],
    [
      'archived without a pre-archive status',
      { status_id: 'ARCHIVED', pre_archive_status_id: null },
      '/cpq/view-quote/42/STANDARD',
    ],
    [
      'archived with an unknown pre-archive status',
      { status_id: 'ARCHIVED', pre_archive_status_id: 'ARCHIVED' },
      '/cpq/view-quote/42/STANDARD',
    ],
    [
      'not archived: the pre-archive status is ignored',
      { status_id: 'APPROVED', pre_archive_status_id: 'INCOMPLETE' },
      '/cpq/quote-summary/42/STANDARD',
    ],
    ['lower-case codes', { status_id: 'tnc', quote_type: 'ela' }, '/cpq/terms-condition/42/ELA'],
    ['unknown quote type', { quote_type: 'PILOT' }, '/cpq/configure-quote/42/PILOT'],
    ['empty quote type', { quote_type: '' }, '/cpq/configure-quote/42/ref'],
    ['string id', { id: 'Q-0042' }, '/cpq/configure-quote/Q-0042/STANDARD'],
    ['id needing escapes', { id: 'a/b c' }, '/cpq/configure-quote/a%2Fb%20c/STANDARD'],
  ])('%s', (_, fields, expected) => {
    expect(quoteTargetPath(quote(fields))).toBe(expected);
  });

  it('starts with the given context', () => {
    expect(quoteTargetPath(quote({ status_id: 'APPROVED' }), 'commcat')).toBe(
      '/commcat/quote-summary/42/STANDARD',
    );
  });
});

describe('effectiveQuoteStatus', () => {
  it.each<[string | null, string | null, QuoteStatus | null]>([
    ['APPROVED', null, 'APPROVED'],
    ['ARCHIVED', 'TNC', 'TNC'],
    ['archived', 'budgetary', 'BUDGETARY'],
    ['ARCHIVED', null, null],
    [null, 'TNC', null],
    ['NOPE', null, null],
  ])('status %j, pre-archive %j → %j', (status, preArchive, expected) => {
    expect(effectiveQuoteStatus({ status_id: status, pre_archive_status_id: preArchive })).toBe(
      expected,
    );
  });
});
