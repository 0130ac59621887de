import { z } from 'zod';
import { zEnvelope } from '../../lib/envelope.ts';

// The body is the admin form's schema too (the browser checks with the same messages).
export { ZMaintenanceModeBody } from '@bastion/domain/accounts/maintenance';

export const ZMaintenanceModeResponse = zEnvelope(
  z.object({ enabled: z.boolean(), message: z.string() }),
);
