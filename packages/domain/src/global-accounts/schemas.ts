import { z } from 'zod';
import { zEnvelope } from '../api/envelope.ts';
import { namedApiSchemas } from '../api/named-schemas.ts';
import { ZContractSummary } from '../renewals/schemas.ts';
import { zRequiredText } from '../validation/required-text.ts';

/*
 * The calls of the global accounts page (issue 19, /cpq/gam-account/{ref}): global account groups
 * that link CRM accounts across regions, each with a GAM owner and a team. The server validates
 * requests and shapes answers with these; the browser's forms use the same schemas.
 */

/** What the page and the server say, in one place. */
export const GLOBAL_ACCOUNT_MESSAGES = {
  nameMissing: 'Name the global account.',
  nameTooLong: 'Keep the name under 120 characters.',
  descriptionTooLong: 'Keep the description under 1,000 characters.',
  notAGroup: 'That is not a global account id.',
  notAUser: 'Choose a person from the list.',
  accountMissing: 'Choose a CRM account.',
  noSuchGroup: 'There is no such global account, or it is not yours to see.',
  noSuchAccount: 'There is no such CRM account.',
  notACustomer: 'Only customer accounts belong to global accounts, not partners or distributors.',
  notGam: 'Only a global account manager (GAM or GAM_GM) can own or work on a global account.',
  noSuchUser: 'There is no such user, or they are disabled.',
  accountNotInGroup: 'That account is not in this global account.',
  memberNotInTeam: 'That person is not on the team.',
  ownerIsNotMember: 'The owner leads the group: they are not added to the team as well.',
} as const;

/** The group already uses that name: names are unique, so the page can tell groups apart. */
export const nameTakenMessage = (name: string) =>
  `There is already a global account named "${name}": choose another name.`;

/** An account belongs to at most one group; the message names the one it is in. */
export const accountInOtherGroupMessage = (accountName: string, groupName: string) =>
  `${accountName} already belongs to the global account "${groupName}": remove it there first.`;

export const accountAlreadyInGroupMessage = (accountName: string) =>
  `${accountName} is already in this global account.`;

export const memberAlreadyInTeamMessage = (name: string) => `${name} is already on the team.`;

const zGroupId = z.uuid({ error: GLOBAL_ACCOUNT_MESSAGES.notAGroup });
const zUserId = z.uuid({ error: GLOBAL_ACCOUNT_MESSAGES.notAUser });
const zAccountId = zRequiredText(
  GLOBAL_ACCOUNT_MESSAGES.accountMissing,
  64,
  GLOBAL_ACCOUNT_MESSAGES.accountMissing,
);

// ── Requests ──────────────────────────────────────────────────────────────────────────────────

export const ZGlobalAccountBody = z.object({ id: zGroupId });

/** Create (no id) or rename and describe (the group's id). */
export const ZSaveGlobalAccountBody = z.object({
  id: zGroupId.nullable().default(null),
  name: zRequiredText(
    GLOBAL_ACCOUNT_MESSAGES.nameMissing,
    120,
    GLOBAL_ACCOUNT_MESSAGES.nameTooLong,
  ),
  description: z.string().trim().max(1000, GLOBAL_ACCOUNT_MESSAGES.descriptionTooLong).default(''),
});

/** The owner: a GAM or GAM_GM user; null leaves the group without one. */
export const ZSetGlobalAccountOwnerBody = z.object({
  id: zGroupId,
  owner_user_id: zUserId.nullable(),
});

export const ZGlobalAccountAccountBody = z.object({ id: zGroupId, account_id: zAccountId });

export const ZGlobalAccountMemberBody = z.object({ id: zGroupId, user_id: zUserId });

/** What a manager may add: customer accounts whose name or id contains the search, and GAMs. */
export const ZGlobalAccountChoicesBody = z.object({
  search: z.string().trim().max(100, 'The search is too long.').default(''),
});

// ── Answers ───────────────────────────────────────────────────────────────────────────────────

export const ZPerson = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** An amount in one currency (minor units): groups span regions, so currencies do not add up. */
export const ZCurrencyAmount = z.object({
  currency_code: z.string(),
  amount_minor: z.number().int(),
});

export const ZGlobalAccountSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  owner: ZPerson.nullable(),
  team_size: z.number().int(),
  account_count: z.number().int(),
  /** The regions of its accounts, sorted. */
  regions: z.array(z.string()),
  /** Quotes of its accounts that are not accepted, completed or archived. */
  open_quote_count: z.number().int(),
  /** A year of what runs (contracts neither lost nor renewed), by currency. */
  installed_base: z.array(ZCurrencyAmount),
});

export const ZGlobalAccountList = z.object({
  groups: z.array(ZGlobalAccountSummary),
  /** Root admins, deal-desk admins and GAM_GMs create and change groups. */
  can_manage: z.boolean(),
});

export const ZGroupAccount = z.object({
  id: z.string(),
  name: z.string(),
  region: z.string(),
  country: z.string(),
});

/** A contract of the group's accounts: some of the renewals' contract summary fields. */
export const ZGroupContract = ZContractSummary.pick({
  id: true,
  contract_number: true,
  account_id: true,
  account_name: true,
  region: true,
  currency_code: true,
  start_date: true,
  end_date: true,
  days_to_end: true,
  status_label: true,
  amount_to_renew_minor: true,
}).extend({
  // Plain text here, as this answer has always declared it (the summary's is the enum).
  status: z.string(),
});

export const ZGroupQuote = z.object({
  id: z.string(),
  quote_number: z.string(),
  quote_name: z.string(),
  account_id: z.string(),
  account_name: z.string(),
  region: z.string(),
  status_id: z.string(),
  currency_code: z.string(),
  total_amount_minor: z.number().int(),
  updated_at: z.string(),
  /** Where the quote opens (its page for its type and status). */
  target_path: z.string(),
});

export const ZGlobalAccountDetail = ZGlobalAccountSummary.extend({
  team: z.array(ZPerson),
  accounts: z.array(ZGroupAccount),
  /** The contracts of its accounts, by end date. */
  contracts: z.array(ZGroupContract),
  /** Its open quotes, latest change first. */
  open_quotes: z.array(ZGroupQuote),
  can_manage: z.boolean(),
});

export const ZGlobalAccountChoices = z.object({
  /** At most 20 customer accounts, with the group each already belongs to. */
  accounts: z.array(ZGroupAccount.extend({ global_account_name: z.string().nullable() })),
  /** Enabled users holding GAM or GAM_GM (owners and team members), by name. */
  people: z.array(ZPerson),
});

export type SaveGlobalAccountBody = z.input<typeof ZSaveGlobalAccountBody>;
export type Person = z.infer<typeof ZPerson>;
export type CurrencyAmount = z.infer<typeof ZCurrencyAmount>;
export type GlobalAccountSummary = z.infer<typeof ZGlobalAccountSummary>;
export type GlobalAccountList = z.infer<typeof ZGlobalAccountList>;
export type GroupAccount = z.infer<typeof ZGroupAccount>;
export type GroupContract = z.infer<typeof ZGroupContract>;
export type GroupQuote = z.infer<typeof ZGroupQuote>;
export type GlobalAccountDetail = z.infer<typeof ZGlobalAccountDetail>;
export type GlobalAccountChoices = z.infer<typeof ZGlobalAccountChoices>;

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZGlobalAccountDetail, { id: 'GlobalAccount' });

/* The answers' envelopes (`{code: 200, data}`), as the routes validate them. */
export const ZGlobalAccountChoicesResponse = zEnvelope(ZGlobalAccountChoices);
export const ZGlobalAccountDetailResponse = zEnvelope(ZGlobalAccountDetail);
export const ZGlobalAccountListResponse = zEnvelope(ZGlobalAccountList);
