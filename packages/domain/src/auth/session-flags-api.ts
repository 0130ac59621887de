import { z } from 'zod';
import { zEnvelope } from '../api/envelope.ts';

/* The polls of a signed-in page: an app setting's value, and the user's reload and disabled flags. */

export const ZSettingBody = z.object({
  name: z
    .string({ error: 'Say which setting to read.' })
    .trim()
    .min(1, 'Say which setting to read.')
    .max(100, 'The setting name is too long.'),
});

export const ZSettingValueResponse = zEnvelope(z.object({ name: z.string(), value: z.string() }));
export const ZReloadRequiredResponse = zEnvelope(z.object({ reload_required: z.boolean() }));
export const ZReloadResetResponse = zEnvelope(z.object({ reload_required: z.literal(false) }));
export const ZIsDisabledResponse = zEnvelope(z.object({ is_disabled: z.boolean() }));
