import { environment } from './environment.ts';
import { markSessionExpired } from './session-markers.ts';

/** One field-level problem reported by the server. */
export interface ApiFieldError {
  path: string;
  message: string;
}

/** Any failed call: HTTP errors, error envelopes, and an unreachable server (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errors: readonly ApiFieldError[];
  readonly requestId: string | null;
  /** The server's error code (e.g. SESSION_REQUIRED, FORBIDDEN), when it sent one. */
  readonly code: string | null;

  constructor(
    status: number,
    message: string,
    errors: readonly ApiFieldError[] = [],
    requestId: string | null = null,
    code: string | null = null,
  ) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.requestId = requestId;
    this.code = code;
  }

  /**
   * The server answers 403 when there is no valid session (docs/decisions/003). It also answers
   * 403 to a signed-in user who lacks a permission (FORBIDDEN) or to a refused cross-site call:
   * those say so in their code and do not end the session.
   */
  get isSessionExpired(): boolean {
    return this.status === 403 && (this.code === null || this.code === 'SESSION_REQUIRED');
  }

  /** Maintenance mode holds this user (spec §4): the message is the administrator's. */
  get isMaintenance(): boolean {
    return this.status === 503 && this.code === 'MAINTENANCE';
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type SessionExpiredListener = () => void;
const sessionExpiredListeners = new Set<SessionExpiredListener>();

/**
 * Tells the UI that a call met an expired session, so it can send the user to /login.
 * Returns the unsubscribe function.
 */
export function onSessionExpired(listener: SessionExpiredListener): () => void {
  sessionExpiredListeners.add(listener);
  return () => {
    sessionExpiredListeners.delete(listener);
  };
}

type MaintenanceListener = (message: string) => void;
const maintenanceListeners = new Set<MaintenanceListener>();

/**
 * Tells the UI that a call met maintenance mode, with the message to show, so that open tabs
 * switch to the maintenance page at once rather than at the next poll. Returns the unsubscribe.
 */
export function onMaintenance(listener: MaintenanceListener): () => void {
  maintenanceListeners.add(listener);
  return () => {
    maintenanceListeners.delete(listener);
  };
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * False for calls that only probe whether a session exists (the login page): their 403 is
   * expected and must not tell the user their session expired.
   */
  reportsSessionExpiry?: boolean;
}

const UNREACHABLE_MESSAGE =
  'Bastion CPQ could not reach its server. Check your connection and try again.';

interface Envelope {
  code?: unknown;
  data?: unknown;
  error?: unknown;
  message?: unknown;
  errors?: unknown;
  request_id?: unknown;
}

function isFieldError(value: unknown): value is ApiFieldError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiFieldError).path === 'string' &&
    typeof (value as ApiFieldError).message === 'string'
  );
}

function errorFromEnvelope(status: number, body: Envelope | null): ApiError {
  const message =
    typeof body?.message === 'string' && body.message
      ? body.message
      : `The server could not complete the request (HTTP ${status}).`;
  const errors = Array.isArray(body?.errors) ? body.errors.filter(isFieldError) : [];
  const requestId = typeof body?.request_id === 'string' ? body.request_id : null;
  const code = typeof body?.error === 'string' ? body.error : null;
  return new ApiError(status, message, errors, requestId, code);
}

async function readJson(response: Response): Promise<Envelope | null> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? body : null;
  } catch {
    return null;
  }
}

/**
 * Calls the API and unwraps the `{code, data}` envelope (spec §7). Resolves with `data`; rejects
 * with an ApiError. Its only side effect is the session-expired marker of spec §4: redirects,
 * toasts and the like are the UI's business.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await send(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const body = await readJson(response);

  // Spec §7: a body without `data` is an error; a 2xx one is passed on as a 400.
  if (!response.ok || body === null || !('data' in body)) {
    throw refusal(response.ok ? 400 : response.status, body, method, options);
  }
  return body.data as T;
}

async function send(path: string, init: RequestInit & { signal?: AbortSignal | undefined }) {
  try {
    return await fetch(`${environment.apiBaseUrl}${path}`, { ...init, credentials: 'include' });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  }
}

/** The error of a refused call, after telling the session and maintenance listeners. */
function refusal(
  status: number,
  body: Envelope | null,
  method: string,
  options: Pick<ApiRequestOptions, 'reportsSessionExpiry'>,
): ApiError {
  const error = errorFromEnvelope(status, body);
  if (error.isSessionExpired && (options.reportsSessionExpiry ?? true)) {
    if (markSessionExpired()) sessionExpiredListeners.forEach((listener) => listener());
  }
  if (error.isMaintenance) maintenanceListeners.forEach((listener) => listener(error.message));
  // Spec §8: a failed GET with an error list logs each message; nothing is shown to the user.
  if (method === 'GET') error.errors.forEach((item) => console.error(item.message));
  return error;
}

/** A file the server answered: its bytes and the name its Content-Disposition gives. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** `attachment; filename="a.pdf"; filename*=UTF-8''a.pdf` → a.pdf (the UTF-8 form wins). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // A malformed escape: fall through to the plain form.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * POSTs a JSON body (or a multipart form) to a route that answers a file (documents,
 * attachments: spec §7) and resolves with its bytes and name; a refusal comes as the usual
 * `{error, message}` envelope and rejects with an ApiError.
 */
export async function apiPostForFile(
  path: string,
  body: unknown,
  fallbackName: string,
  options: Pick<ApiRequestOptions, 'signal'> = {},
): Promise<DownloadedFile> {
  const response = await send(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: options.signal,
  });
  if (!response.ok) throw refusal(response.status, await readJson(response), 'POST', {});
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition'), fallbackName),
  };
}

/** POSTs a multipart form (uploads: spec §7) and unwraps the `{code, data}` answer. */
export async function apiPostForm<T>(
  path: string,
  form: FormData,
  options: Pick<ApiRequestOptions, 'signal'> = {},
): Promise<T> {
  const response = await send(path, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: form,
    signal: options.signal,
  });
  const body = await readJson(response);
  if (!response.ok || body === null || !('data' in body)) {
    throw refusal(response.ok ? 400 : response.status, body, 'POST', {});
  }
  return body.data as T;
}

/** Hands a downloaded file to the browser to save under its name. */
export function saveDownloadedFile({ blob, fileName }: DownloadedFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function apiGet<T>(path: string, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}) {
  return apiRequest<T>(path, { ...options, method: 'GET' });
}

/** Named calls without input still send `{}`, as the server's empty-body schema expects. */
export function apiPost<T>(
  path: string,
  body: unknown = {},
  options: Omit<ApiRequestOptions, 'method' | 'body'> = {},
) {
  return apiRequest<T>(path, { ...options, method: 'POST', body });
}
