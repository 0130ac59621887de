import { describe, expect, it } from 'vitest';
import { crmDemoData } from '@bastion/db/seed/crm-demo-data';
import { DEMO_EXCEPTION_PARTNER } from '@bastion/db/seed/approval-demo-data';
import { useApprovalAdminBed } from './approval-admin.test-harness.ts';
import { parseExtraDiscount } from '@bastion/domain/approval-admin/schemas';
import type { PartnerExceptionView as PartnerException } from '@bastion/domain/approval-admin/api';

const { calls } = useApprovalAdminBed();

const partners = crmDemoData().accounts.filter((a) => a.kind === 'PARTNER');
const partnerNamed = (name: string) => {
  const found = partners.find((p) => p.name === name);
  if (!found) throw new Error(`no demo partner ${name}`);
  return found;
};
// Partners no other test gives an exception, so windows never collide.
const andes = partnerNamed('Andes Networks');
const lotus = partnerNamed('Lotus Managed Services');

const list = async () =>
  (await calls.dataOf<{ partner_exceptions: PartnerException[] }>('partner-exceptions/list', {}))
    .partner_exceptions;

describe('partner exceptions', () => {
  it('has the demo exception, in force today', async () => {
    const demo = (await list()).find((e) => e.partner_name === DEMO_EXCEPTION_PARTNER);
    expect(demo).toMatchObject({
      partner_account_id: partnerNamed(DEMO_EXCEPTION_PARTNER).id,
      extra_discount_percent: '5.00',
      is_active: true,
      state: 'ACTIVE',
    });
  });

  it('offers the CRM partners by name', async () => {
    const { partners: found } = await calls.dataOf<{ partners: { id: string; name: string }[] }>(
      'partner-options',
      { search: 'andes' },
    );
    expect(found).toEqual([expect.objectContaining({ id: andes.id, name: 'Andes Networks' })]);
  });

  it('creates, changes and deletes an exception, named from the CRM', async () => {
    const created = await calls.dataOf<PartnerException>('partner-exceptions/save', {
      partner_account_id: andes.id,
      extra_discount_percent: '7.5',
      valid_from: '2020-01-01',
      valid_to: '2020-12-31',
      reason: 'Launch programme',
    });
    expect(created).toMatchObject({
      partner_name: 'Andes Networks',
      extra_discount_percent: '7.50',
      state: 'EXPIRED',
      version: 1,
    });
    expect(await calls.auditEntries(created.id, 'approval.partner_exception.created')).toHaveLength(
      1,
    );
    const changed = await calls.dataOf<PartnerException>('partner-exceptions/save', {
      id: created.id,
      version: 1,
      partner_account_id: andes.id,
      extra_discount_percent: 12.25,
      valid_from: '2099-01-01',
      valid_to: '2099-01-01',
      reason: 'Launch programme, later',
    });
    expect(changed).toMatchObject({
      extra_discount_percent: '12.25',
      state: 'SCHEDULED',
      version: 2,
    });
    const stale = await calls.refusalOf(
      'partner-exceptions/save',
      {
        id: created.id,
        version: 1,
        partner_account_id: andes.id,
        extra_discount_percent: 1,
        valid_from: '2099-01-01',
        valid_to: '2099-01-01',
        reason: 'x',
      },
      409,
    );
    expect(stale.message).toContain('Someone changed this partner exception after you opened it.');
    await calls.dataOf('partner-exceptions/delete', { id: created.id, version: 2 });
    expect((await list()).some((e) => e.id === created.id)).toBe(false);
    expect(await calls.auditEntries(created.id, 'approval.partner_exception.deleted')).toHaveLength(
      1,
    );
  });

  const valid = {
    partner_account_id: lotus.id,
    extra_discount_percent: '5',
    valid_from: '2030-01-01',
    valid_to: '2030-06-30',
    reason: 'Test',
  };

  it.each([
    [
      { valid_to: '2029-12-31' },
      'valid_to',
      'The exception would end (31-Dec-2029) before it starts (01-Jan-2030).',
    ],
    [{ valid_from: '2030-02-30' }, 'valid_from', 'Valid from: enter a date like 2027-01-31.'],
    [
      { extra_discount_percent: '100.5' },
      'extra_discount_percent',
      'The extra discount is between 0 and 100 %.',
    ],
    [
      { extra_discount_percent: -1 },
      'extra_discount_percent',
      'The extra discount is between 0 and 100 %.',
    ],
    [
      { extra_discount_percent: '5.125' },
      'extra_discount_percent',
      'The extra discount has at most 2 decimals, like 7.25.',
    ],
    [
      { extra_discount_percent: 'lots' },
      'extra_discount_percent',
      'The extra discount is a number of per cent, like 5 or 7.5.',
    ],
    [{ reason: ' ' }, 'reason', 'Say why the partner has this exception.'],
    [
      { partner_account_id: 'nobody' },
      'partner_account_id',
      'There is no account nobody in the CRM.',
    ],
    [
      { partner_account_id: crmDemoData().accounts.find((a) => a.kind === 'CUSTOMER')?.id },
      'partner_account_id',
      `${crmDemoData().accounts.find((a) => a.kind === 'CUSTOMER')?.name} is a customer account, not a partner.`,
    ],
  ])('refuses %j under %s', async (change, path, message) => {
    const before = (await list()).length;
    const refused = await calls.refusalOf('partner-exceptions/save', { ...valid, ...change }, 400);
    expect(refused.errors).toContainEqual({ path, message });
    expect((await list()).length).toBe(before);
  });

  it('refuses a window that overlaps another active one of the partner', async () => {
    const first = await calls.dataOf<PartnerException>('partner-exceptions/save', valid);
    const refused = await calls.refusalOf(
      'partner-exceptions/save',
      { ...valid, valid_from: '2030-06-30', valid_to: '2030-12-31' },
      400,
    );
    expect(refused.message).toBe(
      'Lotus Managed Services already has an active exception from 01-Jan-2030 to 30-Jun-2030; the two would overlap. Change that one, or choose other dates.',
    );
    // An inactive one may overlap: it grants nothing.
    const inactive = await calls.dataOf<PartnerException>('partner-exceptions/save', {
      ...valid,
      is_active: false,
    });
    expect(inactive.state).toBe('INACTIVE');
    await calls.dataOf('partner-exceptions/delete', { id: inactive.id, version: 1 });
    await calls.dataOf('partner-exceptions/delete', { id: first.id, version: 1 });
  });

  it('reads percentages as typed', () => {
    expect(parseExtraDiscount('0')).toEqual({ ok: true, text: '0.00' });
    expect(parseExtraDiscount('100')).toEqual({ ok: true, text: '100.00' });
    expect(parseExtraDiscount('7.5 %')).toEqual({ ok: true, text: '7.50' });
    expect(parseExtraDiscount(Number.NaN).ok).toBe(false);
    expect(parseExtraDiscount('1e1').ok).toBe(false);
  });
});
