import { AppError } from '../../lib/app-error.ts';
import { CrmUnavailableError } from './crm-adapter.ts';

/**
 * Runs a call to the CRM and turns "the CRM did not answer" into the 502 every caller reports
 * the same way; anything else is a bug and propagates as it is.
 */
export async function withCrm<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CrmUnavailableError) throw crmUnavailable(error);
    throw error;
  }
}

/**
 * The 502 for an unreachable CRM. The adapter's message already says what failed ("Salesforce
 * could not be reached at …"); `advice` tells the reader what to do next.
 */
export function crmUnavailable(
  error: CrmUnavailableError,
  advice = 'Try again later; if it keeps failing, ask an IT admin to check the CRM connection.',
): AppError {
  const reason = error.message.trim() || 'The CRM did not answer.';
  const sentence = /[.!?]$/.test(reason) ? reason : `${reason}.`;
  return new AppError('CRM_UNAVAILABLE', `${sentence} ${advice}`, {
    cause: error,
    logMessage: `CRM unavailable: ${reason}`,
  });
}
