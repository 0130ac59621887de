import { z } from 'zod';
import { utf8ByteLength } from './utf8.ts';

/* A CSV file sent to an import route as text (catalogue prices, price books, exchange rates). */

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** JSON escaping can double a CSV's size (every line break becomes \r\n written as 4 bytes). */
export const IMPORT_BODY_LIMIT = 3 * MAX_IMPORT_BYTES;

/** A CSV file to import, as text, at most 5 MB. */
export const ZCsvImportBody = z.object({
  csv: z
    .string({ error: 'Send the file’s text as csv.' })
    .refine((text) => utf8ByteLength(text) <= MAX_IMPORT_BYTES, {
      message: 'The file is larger than 5 MB: split it and import the parts one after another.',
    }),
});
