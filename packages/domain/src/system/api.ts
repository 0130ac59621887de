import { z } from 'zod';
import { zEnvelope } from '../api/envelope.ts';

/* The system's own routes: health, the web build's version, and the browser tests' clock. */

export const ZHealthResponse = zEnvelope(
  z.object({ status: z.literal('ok'), database: z.literal('ok') }),
);

/** meta.json, which the web build writes; clients compare its version with their own (spec §7). */
export const ZMeta = z.object({ version: z.string(), built_at: z.string() });

export const ZAdvanceClockBody = z.object({
  advance_seconds: z
    .number()
    .int()
    .min(0)
    .max(366 * 86_400),
});

export const ZAdvanceClockResponse = zEnvelope(z.object({ now: z.string() }));
