import { randomBytes } from 'node:crypto';

/**
 * Ids for records made in the built-in CRM: a prefix naming the kind of record and 12 random
 * hex digits (ACC-3F9A0C11B2D4), so they never collide with Salesforce-shaped ids.
 */
export function newRecordId(prefix: 'ACC' | 'CON' | 'OPP'): string {
  return `${prefix}-${randomBytes(6).toString('hex').toUpperCase()}`;
}
