import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { AppError, type AppErrorDetail } from './app-error.ts';

/** Deeper than any body the app sends; deeper ones only serve to exhaust a stack. */
export const MAX_INPUT_DEPTH = 32;

export const NUL_MESSAGE = 'Remove the invisible NUL character (U+0000): text cannot contain it.';
export const SURROGATE_MESSAGE =
  'Remove the broken character (a lone UTF-16 surrogate): text must be valid Unicode.';
export const TOO_DEEP_MESSAGE = `The request is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/**
 * Text PostgreSQL would refuse (NUL in text and JSON, lone surrogates in JSON) or silently
 * alter (lone surrogates in text become U+FFFD), and nesting that only serves to exhaust a
 * stack. Keys are checked like values: JSON columns store them. Iterative, so a deep input
 * cannot overflow the checker itself.
 */
export function findUnsafeInput(input: unknown): AppErrorDetail[] {
  const problems: AppErrorDetail[] = [];
  // Each value points at its parent; a path is spelt out only for a problem, so a 5,000-line
  // body is walked without copying a path for every value.
  const pending: PendingValue[] = [{ value: input, key: '', parent: null, depth: 0 }];
  while (pending.length > 0 && problems.length < 10) {
    const node = pending.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) problems.push({ path: pathOf(node), message: problem });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (node.depth >= MAX_INPUT_DEPTH) {
      problems.push({ path: pathOf(node), message: TOO_DEEP_MESSAGE });
      continue;
    }
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const keyProblem = textProblem(key);
      if (keyProblem) {
        problems.push({ path: pathOf(node), message: `A field name is unusable. ${keyProblem}` });
        continue;
      }
      const item = (value as Record<string, unknown>)[key];
      pending.push({ value: item, key, parent: node, depth: node.depth + 1 });
    }
  }
  return problems;
}

interface PendingValue {
  value: unknown;
  key: string;
  parent: PendingValue | null;
  depth: number;
}

function pathOf(node: PendingValue): string {
  const keys: string[] = [];
  for (let at: PendingValue | null = node; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * The schema layer of every route: unsafe text is refused here, once for all routes, before
 * the route's own zod schema runs; then the zod schema validates as usual.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (routeSchema) => {
  const validate = zodValidatorCompiler(routeSchema);
  const part = routeSchema.httpPart ?? 'body';
  return (data: unknown) => {
    const problems = findUnsafeInput(data);
    if (problems.length === 0) return validate(data);
    const details = problems.map((p) => ({
      path: part === 'body' ? p.path : [part, p.path].filter(Boolean).join('.'),
      message: p.message,
    }));
    const summary = details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message));
    return {
      error: new AppError('VALIDATION_FAILED', `Invalid request. ${summary.join('; ')}`, {
        details,
      }),
    };
  };
};
