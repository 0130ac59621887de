import { z } from 'zod';
import { zEnvelope } from '../api/envelope.ts';

// The body is the admin form's schema too (the browser checks with the same messages).
export { ZMaintenanceModeBody } from './maintenance.ts';

export const ZMaintenanceModeResponse = zEnvelope(
  z.object({ enabled: z.boolean(), message: z.string() }),
);
