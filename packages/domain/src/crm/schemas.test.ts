import { describe, expect, it } from 'vitest';
import {
  ZAccountForm,
  ZOpportunityForm,
  ZSaveAccountBody,
  ZSaveOpportunityBody,
  type AccountFormValues,
  type OpportunityFormValues,
} from './schemas.ts';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: readonly { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

const account: AccountFormValues = {
  name: ' Acme ',
  kind: 'CUSTOMER',
  region: 'EMEA',
  country: 'de',
  payment_term_days: ' 30 ',
  payment_term_name: '',
  partner_type: '',
  is_public_sector: false,
};

const opportunity: OpportunityFormValues = {
  name: 'Firewall refresh',
  account_id: 'ACC-1',
  partner_account_id: '',
  partner_contact_id: '',
  distributor_account_id: '',
  region: 'EMEA',
  deal_type: 'NB',
  currency_code: 'EUR',
  amount: '12500.5',
  close_date: '',
  payment_term_days: '',
  partner_payment_term_days: '45',
  owner_email: 'owner@example.com',
  team: [{ email: 'a@example.com', name: 'A', role: 'SE' }],
};

describe('the CRM forms', () => {
  it('send what the server takes, from the text their fields hold', () => {
    const form = ZAccountForm.parse(account);
    expect(form).toMatchObject({
      name: 'Acme',
      country: 'DE',
      payment_term_days: 30,
      partner_type: null,
    });
    expect(ZSaveAccountBody.safeParse(form).success).toBe(true);

    const sent = ZOpportunityForm.parse(opportunity);
    expect(sent).toMatchObject({
      amount: '12500.5',
      partner_account_id: null,
      payment_term_days: null,
    });
    expect(ZSaveOpportunityBody.parse(sent)).toMatchObject({
      amount: 1250050,
      partner_payment_term_days: 45,
    });
  });

  it('give the server’s messages for the same bad values', () => {
    const badAccount = {
      ...account,
      payment_term_days: '1.5',
      partner_type: 'SELECT' as const,
      country: 'Germany',
    };
    expect(messagesOf(ZAccountForm.safeParse(badAccount))).toEqual(
      messagesOf(ZSaveAccountBody.safeParse({ ...badAccount, payment_term_days: 1.5 })),
    );
    expect(messagesOf(ZAccountForm.safeParse(badAccount)).payment_term_days).toBe(
      'The payment term is a whole number of days.',
    );

    const badOpportunity = {
      ...opportunity,
      amount: '12,500',
      owner_email: '',
      payment_term_days: '400',
      team: [{ email: 'a@example.com' }, { email: 'A@example.com' }],
    };
    const fromForm = messagesOf(ZOpportunityForm.safeParse(badOpportunity));
    expect(fromForm).toEqual(
      messagesOf(
        ZSaveOpportunityBody.safeParse({
          ...badOpportunity,
          payment_term_days: 400,
          partner_payment_term_days: 45,
        }),
      ),
    );
    expect(fromForm).toMatchObject({
      amount: 'Enter the amount as a number with at most 2 decimals, like 12500.00.',
      owner_email: 'Please enter the owner’s e-mail address.',
      payment_term_days: 'The payment term is at most 365 days.',
    });
  });
});
