import { z } from 'zod';

export const MAX_MAINTENANCE_MESSAGE_LENGTH = 500;

/**
 * POST /api/security/maintenance_mode (spec §7), and the form that sends it: on or off, and what
 * held users read (empty: the standard message).
 */
export const ZMaintenanceModeBody = z.object({
  enabled: z.boolean({ error: 'Say whether maintenance mode is on (enabled: true or false).' }),
  message: z
    .string()
    .trim()
    .max(
      MAX_MAINTENANCE_MESSAGE_LENGTH,
      `The maintenance message is at most ${MAX_MAINTENANCE_MESSAGE_LENGTH} characters.`,
    )
    .default(''),
});

export type MaintenanceMode = z.output<typeof ZMaintenanceModeBody>;
