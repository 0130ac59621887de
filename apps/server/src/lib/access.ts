import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import type { RoleEntry } from '@bastion/domain/permissions/roles';
import { AppError } from './app-error.ts';

/** Who is calling, resolved once per request from the session cookie. */
export interface AuthContext {
  userId: string;
  email: string;
  sessionTokenHash: string;
  isDisabled: boolean;
  /** Own roles with delegated ones merged in (spec §3). */
  roles: RoleEntry[];
  permissions: PermissionFlags;
  /** The API token a service account calls with (issue 21), or null for a person's session. */
  apiTokenId: string | null;
  /** The administrator acting as this user (decision 021), or null. */
  impersonator: { userId: string; email: string } | null;
  /** The sign-in policy requires a second factor of this user, who has none yet. */
  mustEnrolMfa: boolean;
  /** Maintenance mode is on and this user is not one who keeps working through it. */
  isHeldByMaintenance: boolean;
  /** What users see while maintenance mode is on. */
  maintenanceMessage: string;
}

/**
 * Every route states who may call it. A route that states nothing needs a signed-in user:
 * deny by default.
 */
export type RouteAccess =
  | { kind: 'public' }
  | {
      kind: 'session';
      /** Lets a disabled user's client learn that it is disabled (spec §4 session flags). */
      allowDisabled?: boolean;
      /** Open to a user who must still enrol a second factor (the enrolment step's own calls). */
      duringMfaEnrolment?: boolean;
      /** Open while maintenance mode holds the caller (the calls that tell the client so). */
      duringMaintenance?: boolean;
      /**
       * About a person's own sign-in (second factor, password, sessions, acting as someone):
       * refused to API tokens, which have none of these.
       */
      personOnly?: boolean;
      permission?: { name: string; check: (flags: PermissionFlags) => boolean };
    };

/**
 * The one record a route addresses, named by the body field (or, for routes that carry it in
 * their path, such as documents and uploads, the path parameter) that holds its id. Someone who
 * may call the route but not see that record gets 404, as if it did not exist (decision 009);
 * the authorization matrix calls every such route as an outsider to prove it.
 */
export interface RecordScope {
  record: 'quote' | 'opportunity' | 'contract';
  idField: string;
  /** Where the id is: the JSON body (the default) or a path parameter. */
  from?: 'body' | 'params';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    addresses?: RecordScope;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const publicAccess: RouteAccess = { kind: 'public' };
/** Any signed-in, enabled user; the use-case decides what they may see. */
export const signedInAccess: RouteAccess = { kind: 'session' };

export const addressesQuote = (
  idField: 'id' | 'quote_id',
  from: 'body' | 'params' = 'body',
): RecordScope =>
  from === 'body' ? { record: 'quote', idField } : { record: 'quote', idField, from };
export const addressesOpportunity = (idField: 'id' | 'opportunity_id'): RecordScope => ({
  record: 'opportunity',
  idField,
});
/** A contract of the installed base (issue 18), scoped like the quotes made from it. */
export const addressesContract = (idField: 'contract_id'): RecordScope => ({
  record: 'contract',
  idField,
});

export function requirePermission(
  name: string,
  check: (flags: PermissionFlags) => boolean,
): RouteAccess {
  return { kind: 'session', permission: { name, check } };
}

export const SESSION_REQUIRED_MESSAGE = 'Your session has expired. Please sign in again.';
export const MFA_ENROLMENT_REQUIRED_MESSAGE =
  'Set up two-step sign-in with an authenticator app before you continue.';
export const DEFAULT_MAINTENANCE_MESSAGE =
  'Bastion CPQ is under maintenance and will be back shortly.';
export const PERMISSION_REQUIRED_MESSAGE = 'You do not have permission to do this.';
export const API_TOKEN_INVALID_MESSAGE =
  'This API token is not valid: it has expired, was revoked, or was never issued.';
export const PERSON_ONLY_MESSAGE = 'Only a person who signed in can do this: an API token cannot.';

/** The signed-in caller of a route that requires one (the guard has already checked). */
export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('SESSION_REQUIRED', SESSION_REQUIRED_MESSAGE);
  return request.auth;
}

export function registerAccessGuard(
  app: FastifyInstance,
  resolveAuth: (request: FastifyRequest) => Promise<AuthContext | null>,
) {
  app.decorateRequest('auth', null);
  // Before validation, so a caller without a session learns that first, whatever it sent.
  app.addHook('preValidation', async (request, reply) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access ?? { kind: 'session' };
    request.auth = await resolveAuth(request);
    if (access.kind === 'public') return;
    const auth = request.auth;
    if (!auth || (auth.isDisabled && !access.allowDisabled)) {
      if (request.headers.authorization !== undefined) {
        reply.header('www-authenticate', 'Bearer error="invalid_token"');
        throw new AppError('API_TOKEN_INVALID', API_TOKEN_INVALID_MESSAGE);
      }
      throw new AppError('SESSION_REQUIRED', SESSION_REQUIRED_MESSAGE);
    }
    if (access.personOnly && auth.apiTokenId !== null) {
      throw new AppError('FORBIDDEN', PERSON_ONLY_MESSAGE);
    }
    if (auth.isHeldByMaintenance && !access.duringMaintenance) {
      throw new AppError('MAINTENANCE', auth.maintenanceMessage || DEFAULT_MAINTENANCE_MESSAGE);
    }
    if (auth.mustEnrolMfa && !access.duringMfaEnrolment) {
      throw new AppError('MFA_ENROLMENT_REQUIRED', MFA_ENROLMENT_REQUIRED_MESSAGE);
    }
    if (access.permission && !access.permission.check(auth.permissions)) {
      throw new AppError('FORBIDDEN', PERMISSION_REQUIRED_MESSAGE, {
        logMessage: `missing permission ${access.permission.name}`,
      });
    }
  });
}

/**
 * Refuses a change an administrator may not make on someone else's behalf while acting as them
 * (decision 021: user administration, second factors, passwords, sessions).
 */
export function refuseWhileImpersonating(auth: AuthContext, message: string): void {
  if (auth.impersonator) {
    throw new AppError('FORBIDDEN', message, {
      logMessage: `refused while ${auth.impersonator.email} acts as ${auth.email}`,
    });
  }
}
