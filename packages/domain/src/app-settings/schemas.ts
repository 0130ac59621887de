import { z } from 'zod';
import { zEnvelope } from '../api/envelope.ts';
import { namedApiSchemas } from '../api/named-schemas.ts';
import { APP_SETTING_MESSAGES, APP_SETTING_NAMES, normaliseAppSettingValue } from './catalogue.ts';

/*
 * The calls of the application settings page (issue 19). The server validates requests and shapes
 * answers with these; the browser reads the same types.
 */

const MAX_VALUE_LENGTH = 200;

export const ZAppSettingName = z.enum(APP_SETTING_NAMES, {
  error: APP_SETTING_MESSAGES.unknownName,
});

/** One setting as the page shows it. */
export const ZAppSetting = z.object({
  name: ZAppSettingName,
  label: z.string(),
  description: z.string(),
  kind: z.enum(['switch', 'region_list']),
  /** As saved: 'enable' / 'disabled' for a switch; 'disabled' or 'EMEA,APJ' for a region list. */
  value: z.string(),
  /** Whether a switch is on; a region list is on when it names regions. */
  is_on: z.boolean(),
  /** The regions a region list names; empty for a switch or when off. */
  regions: z.array(z.string()),
  /** What the setting does now, in a sentence. */
  effect: z.string(),
  /** ISO time of the last change. */
  updated_at: z.string(),
  /** Who made the last change; null when nobody has since issue 19 (the shipped default). */
  updated_by_email: z.string().nullable(),
});
export type AppSetting = z.infer<typeof ZAppSetting>;

export const ZAppSettingList = z.object({
  settings: z.array(ZAppSetting),
  /** The regions a region list may name. */
  regions: z.array(z.string()),
});
export type AppSettingList = z.infer<typeof ZAppSettingList>;

/**
 * POST /api/admin/update-app-setting: one setting's new value. The value is normalised
 * ('enabled' → 'enable', regions canonical); one it cannot take is refused with the reason.
 */
export const ZUpdateAppSettingBody = z
  .object({
    name: ZAppSettingName,
    value: z
      .string({ error: 'Give the new value as text.' })
      .max(MAX_VALUE_LENGTH, `A setting's value is at most ${MAX_VALUE_LENGTH} characters.`),
  })
  .transform((body, ctx) => {
    const checked = normaliseAppSettingValue(body.name, body.value);
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: checked.message });
      return z.NEVER;
    }
    return { name: body.name, value: checked.value };
  });
export type UpdateAppSettingInput = z.output<typeof ZUpdateAppSettingBody>;

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZAppSetting, { id: 'AppSetting' });

/* The answers' envelopes (`{code: 200, data}`), as the routes validate them. */
export const ZAppSettingResponse = zEnvelope(ZAppSetting);
export const ZAppSettingListResponse = zEnvelope(ZAppSettingList);
