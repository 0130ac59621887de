import { describe, expect, it } from 'vitest';
import { crmDemoData } from './crm-demo-data.ts';

const data = crmDemoData();
const opportunities = data.opportunities;
const channelOf = (o: (typeof opportunities)[number]) =>
  o.distributorAccountId ? 'T2' : o.partnerAccountId ? 'T1' : 'DIRECT';

describe('the embedded CRM demo data', () => {
  it('is the same on every run', () => {
    expect(crmDemoData()).toEqual(data);
  });

  it('covers every region, channel, deal type and currency', () => {
    expect(opportunities.length).toBeGreaterThanOrEqual(60);
    expect(new Set(opportunities.map((o) => o.region))).toEqual(
      new Set(['EMEA', 'North America', 'Americas', 'LATAM', 'APJ']),
    );
    expect(new Set(opportunities.map(channelOf))).toEqual(new Set(['DIRECT', 'T1', 'T2']));
    expect(new Set(opportunities.map((o) => o.dealType))).toEqual(
      new Set(['NB', 'U', 'R', 'TU', 'S', 'E', 'C']),
    );
    expect(new Set(opportunities.map((o) => o.currencyCode))).toEqual(
      new Set(['USD', 'EUR', 'GBP']),
    );
    expect(opportunities.some((o) => o.isPublicSector)).toBe(true);
    expect(opportunities.some((o) => o.isRegisteredDeal)).toBe(true);
    // Some SLAs the quote does not offer, which default to 24/7.
    expect(opportunities.some((o) => !['24/7', '12/5', '8/5'].includes(o.sla ?? ''))).toBe(true);
  });

  it('keeps money in whole minor units and dates in 2026–2027', () => {
    for (const o of opportunities) {
      expect(Number.isSafeInteger(o.amountMinor)).toBe(true);
      expect(o.closeDate).toMatch(/^202[67]-\d{2}-\d{2}$/);
    }
    for (const line of data.lineItems) expect(Number.isSafeInteger(line.unitPriceMinor)).toBe(true);
  });

  it('gives the demo users their opportunities', () => {
    const northAmerica = opportunities.filter((o) => o.region === 'North America');
    const samsTeam = new Set(
      data.teamMembers.filter((m) => m.email === 'sales@bastion.test').map((m) => m.opportunityId),
    );
    expect(
      northAmerica.filter((o) => o.ownerEmail === 'sales@bastion.test').length,
    ).toBeGreaterThanOrEqual(5);
    expect(northAmerica.filter((o) => samsTeam.has(o.id)).length).toBeGreaterThan(5);
    const cams = opportunities.filter((o) => o.camEmail === 'cam@bastion.test');
    expect(cams.length).toBeGreaterThanOrEqual(5);
    expect(cams.every((o) => channelOf(o) !== 'DIRECT')).toBe(true);
    // …and sits on the team of a few direct deals, which a CAM may not quote.
    const camTeam = new Set(
      data.teamMembers.filter((m) => m.email === 'cam@bastion.test').map((m) => m.opportunityId),
    );
    expect(
      opportunities.filter((o) => camTeam.has(o.id) && channelOf(o) === 'DIRECT').length,
    ).toBeGreaterThanOrEqual(2);
    for (const [region, email] of [
      ['EMEA', 'emea@bastion.test'],
      ['APJ', 'apj@bastion.test'],
    ]) {
      const owned = opportunities.filter((o) => o.ownerEmail === email);
      expect(owned.length).toBeGreaterThanOrEqual(3);
      expect(owned.every((o) => o.region === region)).toBe(true);
    }
    const csms = opportunities.filter((o) => o.csmEmail === 'renewals@bastion.test');
    expect(csms.length).toBeGreaterThanOrEqual(5);
    expect(csms.every((o) => o.dealType === 'R' || o.dealType === 'TU')).toBe(true);
  });

  it('refers only to records it has', () => {
    const accounts = new Set(data.accounts.map((a) => a.id));
    const contacts = new Map(data.contacts.map((c) => [c.id, c.accountId]));
    const ids = new Set(opportunities.map((o) => o.id));
    for (const o of opportunities) {
      expect(o.id).toHaveLength(18);
      expect(accounts.has(o.accountId)).toBe(true);
      if (o.partnerAccountId) expect(accounts.has(o.partnerAccountId)).toBe(true);
      if (o.distributorAccountId) expect(accounts.has(o.distributorAccountId)).toBe(true);
      // The partner contact works for the partner.
      if (o.partnerContactId) expect(contacts.get(o.partnerContactId)).toBe(o.partnerAccountId);
    }
    for (const m of data.teamMembers) expect(ids.has(m.opportunityId)).toBe(true);
    for (const line of data.lineItems) expect(ids.has(line.opportunityId)).toBe(true);
    const manual = new Set(data.lineItems.filter((l) => l.isManual).map((l) => l.opportunityId));
    for (const o of opportunities) expect(o.hasManualProductLines).toBe(manual.has(o.id));
  });
});
