/**
 * Why the database refused one CRM record, in words an admin can act on in the CRM (issue 19:
 * the sync lists it and saves the rest).
 */

/** What a column the CRM fills holds, for "Its customer account 001… is not …". */
const REFERENCE_NAMES: Record<string, string> = {
  account_id: 'customer account',
  partner_account_id: 'partner account',
  distributor_account_id: 'distributor account',
  partner_contact_id: 'partner contact',
  opportunity_id: 'opportunity',
};

interface DatabaseErrorFields {
  code: string;
  detail?: string;
  column?: string;
  constraint?: string;
  message?: string;
}

/** The driver's error under drizzle's wrapper: the first cause with a SQLSTATE code. */
function databaseErrorOf(error: unknown): DatabaseErrorFields | null {
  for (let at: unknown = error; at; at = (at as { cause?: unknown }).cause) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return at as DatabaseErrorFields;
  }
  return null;
}

/** `Key (account_id)=(001NOPE) is not present…` → ['account_id', '001NOPE']. */
function keyOf(detail: string | undefined): [string, string] | null {
  const match = /Key \(([^)]+)\)=\((.*)\)/.exec(detail ?? '');
  return match ? [match[1]!, match[2]!] : null;
}

/** Said of a record refused for a reason the database did not name; the log has the error. */
export const UNEXPLAINED_RECORD_ERROR =
  'Bastion could not save it; the server log has the details.';

export function describeRecordError(error: unknown): string {
  const failure = databaseErrorOf(error);
  if (!failure) return UNEXPLAINED_RECORD_ERROR;
  const { code } = failure;
  if (code === '23503') {
    const key = keyOf(failure.detail);
    const what = key ? (REFERENCE_NAMES[key[0]] ?? key[0]) : 'record';
    return key
      ? `Its ${what} ${key[1]} is neither in what the CRM sent nor in Bastion.`
      : 'It refers to a record that is neither in what the CRM sent nor in Bastion.';
  }
  if (code === '23502') {
    return `Its ${failure.column ?? 'required field'} is empty; Bastion needs it.`;
  }
  if (code === '23505') {
    const key = keyOf(failure.detail);
    return key
      ? `Its ${key[0]} ${key[1]} is already used by another record.`
      : 'It clashes with another record.';
  }
  if (code === '23514') {
    return failure.constraint
      ? `A value breaks the rule ${failure.constraint}.`
      : 'A value breaks a rule.';
  }
  // Class 22: data exceptions (text too long, number out of range, a date that is no date).
  if (code.startsWith('22')) {
    const reason = (failure.message ?? '').trim().replace(/\.$/, '');
    return reason ? `A value is not valid: ${reason}.` : 'A value is not valid.';
  }
  return UNEXPLAINED_RECORD_ERROR;
}
