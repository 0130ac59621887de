/** Every failure a client can see has one of these codes; the table below fixes its HTTP status. */
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_FAILED'
  | 'PAYLOAD_TOO_LARGE'
  | 'FILE_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'INVALID_CREDENTIALS'
  | 'ACCOUNT_DISABLED'
  | 'INVALID_RESET_LINK'
  | 'SESSION_REQUIRED'
  | 'API_TOKEN_INVALID'
  | 'FORBIDDEN'
  | 'MFA_ENROLMENT_REQUIRED'
  | 'CSRF_REJECTED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'GONE'
  | 'RATE_LIMITED'
  | 'CRM_UNAVAILABLE'
  | 'MAINTENANCE'
  | 'INTERNAL';

export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  // The existing client treats every rejected body alike, so an oversized one is a 400 too.
  PAYLOAD_TOO_LARGE: 400,
  // An uploaded file beyond the attachment limit (spec §9): uploads are new, so HTTP's own 413.
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_DISABLED: 401,
  INVALID_RESET_LINK: 400,
  // The existing client reads a 403 as "session expired" (spec §4, §8).
  SESSION_REQUIRED: 403,
  // Programs are not that client: a bad bearer token is HTTP's own 401 (RFC 6750).
  API_TOKEN_INVALID: 401,
  FORBIDDEN: 403,
  // Not SESSION_REQUIRED, so the client keeps the session and shows the enrolment step instead.
  MFA_ENROLMENT_REQUIRED: 403,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  // A link that worked once and no longer does (expired, withdrawn): asking again will not help.
  GONE: 410,
  RATE_LIMITED: 429,
  // The CRM behind Bastion did not answer or refused: a bad gateway, not Bastion's own failure.
  CRM_UNAVAILABLE: 502,
  MAINTENANCE: 503,
  INTERNAL: 500,
} as const satisfies Record<AppErrorCode, number>;

export interface AppErrorDetail {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  /** Safe to show to the user; `message` (for logs) may say more. */
  readonly userMessage: string;
  readonly details: readonly AppErrorDetail[];
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: AppErrorCode,
    userMessage: string,
    options: {
      logMessage?: string;
      details?: readonly AppErrorDetail[];
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(options.logMessage ?? userMessage, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = APP_ERROR_STATUS[code];
    this.userMessage = userMessage;
    this.details = options.details ?? [];
    this.headers = options.headers ?? {};
  }
}
