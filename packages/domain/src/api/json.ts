import { z } from 'zod';
import type { JsonValue } from '../forms/recipe.ts';
import { namedApiSchemas } from './named-schemas.ts';

/** Any JSON value, typed as the domain's JsonValue (form values, recipe defaults…). */
export const ZJson: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(ZJson),
    z.record(z.string(), ZJson),
  ]),
);
// Recursive: the API reference refers to it by name.
namedApiSchemas.add(ZJson, { id: 'JsonValue' });
