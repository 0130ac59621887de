import { z } from 'zod';
import { zEnvelope } from '../api/envelope.ts';
import { namedApiSchemas } from '../api/named-schemas.ts';
import { ROLE_VALUES } from '../permissions/roles.ts';
import { zRequiredText } from '../validation/required-text.ts';
import {
  AUDIENCE_KINDS,
  BROADCAST_BODY_MAX,
  BROADCAST_REGION_MAX,
  BROADCAST_REGIONS_MAX,
  BROADCAST_SEVERITIES,
  BROADCAST_STATES,
  BROADCAST_TITLE_MAX,
} from './model.ts';

/*
 * The calls of broadcast messages (issue 19): the administrators' list and editor
 * (/api/admin/broadcast…) and every user's bell and banner (/api/dx/…broadcast…). The server
 * validates with these, and the editor's form with the same schema and messages.
 */

export const BROADCAST_MESSAGES = {
  titleMissing: 'Give the broadcast a title.',
  titleTooLong: `Keep the title to ${BROADCAST_TITLE_MAX} characters.`,
  bodyTooLong: `Keep the message to ${BROADCAST_BODY_MAX.toLocaleString('en-US')} characters.`,
  startMissing: 'Say when the broadcast starts.',
  endMissing: 'Say when the broadcast ends.',
  dateOutOfRange: 'Choose a date between the years 2000 and 2100.',
  endNotAfterStart: 'The end must be after the start.',
  rolesMissing: 'Choose at least one role, or send it to everyone.',
  regionsMissing: 'Choose at least one region, or send it to everyone.',
  staleEdit:
    'Someone changed this broadcast after you opened it. Reload it to see their changes, then make yours again.',
  notFound: 'There is no such broadcast.',
} as const;

const zBroadcastId = z.uuid({ error: 'That is not a broadcast id.' });

/** An instant with its offset (`2026-12-01T09:00:00.000Z`), in a sensible range of years. */
const zInstant = (missing: string) =>
  z.iso.datetime({ offset: true, error: missing }).refine((value) => {
    const year = new Date(value).getUTCFullYear();
    // Not an instant at all: the format's message says so already.
    return Number.isNaN(year) || (year >= 2000 && year <= 2100);
  }, BROADCAST_MESSAGES.dateOutOfRange);

/** What an administrator writes: the same fields in the form and in the save call. */
const broadcastFields = {
  title: zRequiredText(
    BROADCAST_MESSAGES.titleMissing,
    BROADCAST_TITLE_MAX,
    BROADCAST_MESSAGES.titleTooLong,
  ),
  /** Markdown, shown without raw HTML. May be empty: the title alone is a message. */
  body: z
    .string({ error: 'Write the message as text.' })
    .max(BROADCAST_BODY_MAX, BROADCAST_MESSAGES.bodyTooLong)
    .default(''),
  severity: z.enum(BROADCAST_SEVERITIES, { error: 'The severity is info, warning or critical.' }),
  audience_kind: z.enum(AUDIENCE_KINDS, {
    error: 'Send it to EVERYONE, to some ROLES or to some REGIONS.',
  }),
  audience_roles: z
    .array(z.enum(ROLE_VALUES, { error: 'Choose the roles from the list.' }), {
      error: 'Send the roles as a list.',
    })
    .max(ROLE_VALUES.length, 'That is more roles than there are.')
    .default([]),
  audience_regions: z
    .array(
      z
        .string({ error: 'A region is a name.' })
        .trim()
        .min(1, 'A region has a name.')
        .max(BROADCAST_REGION_MAX, `A region name has at most ${BROADCAST_REGION_MAX} characters.`),
      { error: 'Send the regions as a list.' },
    )
    .max(BROADCAST_REGIONS_MAX, `Choose at most ${BROADCAST_REGIONS_MAX} regions.`)
    .default([]),
  starts_at: zInstant(BROADCAST_MESSAGES.startMissing),
  ends_at: zInstant(BROADCAST_MESSAGES.endMissing),
};

interface CheckedFields {
  audience_kind: (typeof AUDIENCE_KINDS)[number];
  audience_roles: readonly string[];
  audience_regions: readonly string[];
  starts_at: string;
  ends_at: string;
}

/** The checks across fields, under the paths of the fields the form shows them at. */
function checkBroadcast(value: CheckedFields, context: z.RefinementCtx) {
  if (new Date(value.ends_at).getTime() <= new Date(value.starts_at).getTime()) {
    context.addIssue({
      code: 'custom',
      path: ['ends_at'],
      message: BROADCAST_MESSAGES.endNotAfterStart,
    });
  }
  if (value.audience_kind === 'ROLES' && value.audience_roles.length === 0) {
    context.addIssue({
      code: 'custom',
      path: ['audience_roles'],
      message: BROADCAST_MESSAGES.rolesMissing,
    });
  }
  if (value.audience_kind === 'REGIONS' && value.audience_regions.length === 0) {
    context.addIssue({
      code: 'custom',
      path: ['audience_regions'],
      message: BROADCAST_MESSAGES.regionsMissing,
    });
  }
}

/** The editor's form: what the administrator fills in. */
export const ZBroadcastForm = z.object(broadcastFields).superRefine(checkBroadcast);
export type BroadcastFormInput = z.input<typeof ZBroadcastForm>;
export type BroadcastFormValues = z.output<typeof ZBroadcastForm>;

/** POST /api/admin/broadcast-save: no id creates; an edit names when it was last changed. */
export const ZSaveBroadcastBody = z
  .object({
    id: zBroadcastId.optional(),
    /** The broadcast's updated_at as the editor read it; required to change one. */
    updated_at: z.iso
      .datetime({ offset: true, error: 'Send when the broadcast was last changed.' })
      .optional(),
    ...broadcastFields,
  })
  .superRefine(checkBroadcast);
export type SaveBroadcastInput = z.output<typeof ZSaveBroadcastBody>;

/** The calls that name one broadcast: get, delete, end now, mark read, dismiss. */
export const ZBroadcastIdBody = z.object({ id: zBroadcastId });

/** POST /api/admin/broadcasts: all of them, or those in one state. */
export const ZBroadcastListBody = z
  .object({
    state: z
      .enum(['', ...BROADCAST_STATES], { error: 'The state is scheduled, active or ended.' })
      .default(''),
  })
  .nullish();

/** A broadcast as administrators see it. */
export const ZBroadcast = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  severity: z.enum(BROADCAST_SEVERITIES),
  audience_kind: z.enum(AUDIENCE_KINDS),
  audience_roles: z.array(z.string()),
  audience_regions: z.array(z.string()),
  /** "Everyone", "Roles: CFO, CEO", "Regions: EMEA". */
  audience_label: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  state: z.enum(BROADCAST_STATES),
  /** How many people have read it. */
  read_count: z.number().int().nonnegative(),
  created_by: z.string().nullable(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type Broadcast = z.infer<typeof ZBroadcast>;

/** The newest first; at most BROADCAST_LIST_MAX, `is_truncated` when there were more. */
export const ZBroadcastList = z.object({
  broadcasts: z.array(ZBroadcast),
  is_truncated: z.boolean(),
});
export type BroadcastList = z.infer<typeof ZBroadcastList>;
export const BROADCAST_LIST_MAX = 200;

export const ZDeletedBroadcast = z.object({
  id: z.string(),
  title: z.string(),
  is_deleted: z.literal(true),
});

/** A broadcast as its audience sees it, with what this user did with it. */
export const ZMyBroadcast = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  severity: z.enum(BROADCAST_SEVERITIES),
  starts_at: z.string(),
  ends_at: z.string(),
  is_read: z.boolean(),
  /** A critical broadcast's banner was closed. */
  is_dismissed: z.boolean(),
});
export type MyBroadcast = z.infer<typeof ZMyBroadcast>;

/** POST /api/dx/my-broadcasts: the active ones for me, newest first. */
export const ZMyBroadcasts = z.object({
  broadcasts: z.array(ZMyBroadcast),
  unread_count: z.number().int().nonnegative(),
});
export type MyBroadcasts = z.infer<typeof ZMyBroadcasts>;

/** POST /api/dx/get-my-broadcast-count (spec §7). */
export const ZBroadcastCount = z.object({ unread_count: z.number().int().nonnegative() });

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZBroadcast, { id: 'Broadcast' });
namedApiSchemas.add(ZMyBroadcast, { id: 'MyBroadcast' });

/* The answers' envelopes (`{code: 200, data}`), as the routes validate them. */
export const ZBroadcastResponse = zEnvelope(ZBroadcast);
export const ZBroadcastCountResponse = zEnvelope(ZBroadcastCount);
export const ZBroadcastListResponse = zEnvelope(ZBroadcastList);
export const ZDeletedBroadcastResponse = zEnvelope(ZDeletedBroadcast);
export const ZMyBroadcastResponse = zEnvelope(ZMyBroadcast);
export const ZMyBroadcastsResponse = zEnvelope(ZMyBroadcasts);
