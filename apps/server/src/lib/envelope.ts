import { z } from 'zod';

/** The `{code, data}` envelope of every successful answer (spec §7). */
export function zEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(200), data });
}

export function ok<T>(data: T): { code: 200; data: T } {
  return { code: 200, data };
}

/** Body of every failed answer: no `data`, so the existing client sees it as an error. */
export interface ErrorEnvelope {
  code: number;
  error: string;
  message: string;
  errors?: { path: string; message: string }[];
  request_id: string;
}

/**
 * Body for named dx calls that take no input: the client may send `{}` or nothing (Fastify
 * validates a missing body as null).
 */
export const zEmptyBody = z.object({}).strict().nullish();
