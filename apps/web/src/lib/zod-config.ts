import { z } from 'zod';

/*
 * Zod compiles fast object parsers with `new Function`, and finds out whether it may by trying
 * one. Our Content-Security-Policy refuses eval (decision 015), so even the try is reported as a
 * violation. Imported first by main.tsx, before any schema is built: schemas parse without it.
 */
z.config({ jitless: true });
