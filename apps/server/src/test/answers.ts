import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The `data` of an answer, after checking it succeeded (its body is shown when it did not). */
export function dataOfSuccess<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
}
