import { describe, expect, it } from 'vitest';
import { QUOTE_STATUSES } from '@bastion/domain/quotes/quote-types';
import { crmDemoData } from './crm-demo-data.ts';
import { DEMO_USERS } from './demo-data.ts';
import {
  DEMO_BOOK_ACTORS,
  DEMO_BOOK_DAYS,
  DEMO_BOOK_SELLERS,
  demoBookQuotes,
} from './quote-book-demo-data.ts';

const book = demoBookQuotes();

describe('the demo book (issue 33)', () => {
  it('holds at least 150 quotes over fifteen months, the same ones every time', () => {
    expect(book.length).toBeGreaterThanOrEqual(150);
    expect(new Set(book.map((q) => q.key)).size).toBe(book.length);
    expect(new Set(book.map((q) => q.name)).size).toBe(book.length);
    expect(demoBookQuotes()).toEqual(book);
    const ages = book.map((q) => q.ageDays);
    expect(Math.max(...ages)).toBeGreaterThanOrEqual(DEMO_BOOK_DAYS - 30);
    expect(Math.min(...ages)).toBeLessThanOrEqual(2);
    // Twelve months of pipeline: quotes made in every one of the last twelve months.
    const months = new Set(book.map((q) => Math.floor(q.ageDays / 30.4)));
    for (let month = 0; month < 12; month += 1) expect(months).toContain(month);
  });

  it('ends stories in every status of spec §4, archived ones included', () => {
    const ends = new Set(book.map((q) => q.ends));
    for (const status of QUOTE_STATUSES) expect(ends).toContain(status);
    const archived = new Set(book.filter((q) => q.archived).map((q) => q.ends));
    expect(archived.size).toBeGreaterThanOrEqual(3);
    // A rejection always carries the approver's reason.
    for (const q of book.filter((q) => q.ends === 'REJECTED')) {
      expect(q.approval.outcome).toBe('reject');
      expect(q.approval.comment.length).toBeGreaterThan(20);
    }
  });

  it('has all three quote types, ELA quantities per year and legacy quotes by the deal desk', () => {
    const types = new Set(book.map((q) => q.quoteType));
    expect(types).toEqual(new Set(['STANDARD', 'ELA', 'LEGACY']));
    for (const q of book.filter((q) => q.quoteType === 'ELA')) {
      for (const line of q.lines) expect(line.quantities).toHaveLength(q.contractMonths / 12);
    }
    for (const q of book.filter((q) => q.quoteType === 'LEGACY')) {
      expect(q.ownerEmail).toBe('dealdesk@bastion.test');
    }
  });

  it('is owned in North America, EMEA and APJ, on opportunities its owners see', () => {
    const opportunities = new Map(crmDemoData().opportunities.map((o) => [o.id, o]));
    const owners = new Set(book.map((q) => q.ownerEmail));
    for (const seller of Object.values(DEMO_BOOK_SELLERS)) expect(owners).toContain(seller);
    for (const q of book.filter((q) => q.quoteType !== 'LEGACY' && !q.renewal)) {
      const opportunity = opportunities.get(q.opportunityId);
      expect(opportunity, q.key).toBeDefined();
      const region = opportunity?.region as keyof typeof DEMO_BOOK_SELLERS;
      // The seller of the region, or the channel manager on a partner deal they manage.
      if (q.ownerEmail === 'cam@bastion.test') {
        expect(opportunity?.camEmail).toBe('cam@bastion.test');
      } else {
        expect(DEMO_BOOK_SELLERS[region]).toBe(q.ownerEmail);
      }
      // Renewals and true-ups open on the renewal configurator, which the book does not play.
      expect(['R', 'TU']).not.toContain(opportunity?.dealType);
    }
    const demoEmails = new Set(DEMO_USERS.map((u) => u.email));
    for (const actor of DEMO_BOOK_ACTORS) expect(demoEmails).toContain(actor);
    // Whoever acts in a story is signed in for the seed.
    for (const q of book) {
      expect(DEMO_BOOK_ACTORS).toContain(q.ownerEmail);
      for (const comment of q.comments) expect(DEMO_BOOK_ACTORS).toContain(comment.by);
    }
  });

  it('renews, co-terms and trues up contracts that quotes of the book made, after they were won', () => {
    const renewals = book.filter((q) => q.renewal);
    expect(new Set(renewals.map((q) => q.renewal?.kind))).toEqual(
      new Set(['RENEWAL', 'COTERM', 'TRUE_UP']),
    );
    for (const q of renewals) {
      const index = book.indexOf(q);
      const source = book.findIndex((s) => s.key === q.renewal?.of);
      // The contract exists when the story starts: its quote was completed earlier in the book.
      expect(source, q.key).toBeGreaterThanOrEqual(0);
      expect(source, q.key).toBeLessThan(index);
      expect(book[source]?.ends, q.key).toBe('COMPLETED');
      expect(book[source]?.archived, q.key).toBe(false);
      // Made on the renewals desk by the deal desk, on the contract's opportunity.
      expect(q.ownerEmail).toBe('dealdesk@bastion.test');
      expect(q.opportunityId).toBe(book[source]?.opportunityId);
    }
    // A true-up measures an enterprise agreement's usage; a co-term adds products of its own.
    for (const q of renewals.filter((q) => q.renewal?.kind === 'TRUE_UP')) {
      expect(book.find((s) => s.key === q.renewal?.of)?.quoteType).toBe('ELA');
    }
    for (const q of renewals.filter((q) => q.renewal?.kind === 'COTERM')) {
      expect(q.lines.length).toBeGreaterThan(0);
    }
    // Each contract is renewed, co-termed or trued up once.
    expect(new Set(renewals.map((q) => q.renewal?.of)).size).toBe(renewals.length);
  });

  it('leaves approvals waiting for the finance approver and for the deal desk, with a document', () => {
    const waiting = book.filter((q) => q.ends === 'PENDING_APPROVAL');
    expect(waiting.length).toBeGreaterThanOrEqual(6);
    for (const q of waiting) {
      expect(q.approval.outcome).toBe('wait');
      expect(q.document).toBe(true);
      expect(q.comments.length).toBeGreaterThan(0);
      expect(q.ageDays).toBeLessThanOrEqual(10);
    }
    // Above 30 % typed: the demo rule asks the finance approvers.
    const forFinance = waiting.filter((q) => q.lines.some((l) => Number(l.discount) > 30));
    expect(forFinance.length).toBeGreaterThanOrEqual(3);
    // Through the partner with an exception: the deal desk.
    const { opportunities, accounts } = crmDemoData();
    const redline = accounts.find((a) => a.name === 'Redline Integrators')?.id;
    const throughException = waiting.filter(
      (q) => opportunities.find((o) => o.id === q.opportunityId)?.partnerAccountId === redline,
    );
    expect(throughException.length).toBeGreaterThanOrEqual(3);
  });
});
