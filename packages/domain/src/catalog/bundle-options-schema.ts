import { z } from 'zod';
import { OPTION_SELECTIONS, type BundleOptionsView } from './bundle-options.ts';

/* The bundle options' answer schema, for the server: the web needs only its type. */

/** A configurable bundle as the configure page's options panel shows it. */
export const ZBundleOptionsView = z.object({
  sku: z.string(),
  name: z.string(),
  features: z.array(
    z.object({
      name: z.string(),
      min_options: z.number().int(),
      max_options: z.number().int().nullable(),
    }),
  ),
  options: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      kind: z.string(),
      billing: z.string(),
      quantity: z.number().int(),
      feature: z.string().nullable(),
      selection: z.enum(OPTION_SELECTIONS),
    }),
  ),
}) satisfies z.ZodType<BundleOptionsView>;
