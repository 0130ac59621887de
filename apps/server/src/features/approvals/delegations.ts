import type { FastifyRequest } from 'fastify';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/db/audit.repository.ts';
import {
  findDelegation,
  findLentRolesOf,
  findOwnRoleRows,
  findUnendedDelegationsFrom,
  findUser,
  findUserNames,
  listDelegationsOf,
  searchActiveUsers,
  type DelegationRow,
} from './approvals.repository.ts';
import type { CreateDelegationBody } from '@bastion/domain/approvals/api';
import {
  deleteDelegation,
  insertDelegation,
  insertLentRoles,
  lockUser,
  requireUserReload,
  updateDelegationEnd,
} from './delegations.repository.ts';
import { announceSessionChange } from '../../core/access/session-cache.ts';

/**
 * Delegations (docs/decisions/013): a user hands their approvals to a colleague for a window,
 * optionally lending some of their own roles for it (user_roles rows with the delegation's id,
 * which count only while it runs). While it runs the delegate decides on their behalf.
 */

/** A delegation runs for at most a year: a standing arrangement is a group membership. */
export const MAX_DELEGATION_DAYS = 366;

const DAY_MS = 24 * 60 * 60 * 1000;

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { details: [{ path, message }] });

const stateOf = (d: DelegationRow, now: Date) =>
  d.endsAt <= now
    ? ('ended' as const)
    : d.startsAt > now
      ? ('scheduled' as const)
      : ('active' as const);

const shownTime = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

async function viewsOf(db: Database, rows: DelegationRow[], now: Date) {
  const [names, lent] = await Promise.all([
    findUserNames(
      db,
      rows.flatMap((d) => [d.delegatorUserId, d.delegateUserId]),
    ),
    findLentRolesOf(
      db,
      rows.map((d) => d.id),
    ),
  ]);
  const personOf = (id: string) => ({
    id,
    name: names.get(id)?.name ?? 'a former user',
    email: names.get(id)?.email ?? '',
  });
  return rows.map((d) => ({
    id: d.id,
    delegator: personOf(d.delegatorUserId),
    delegate: personOf(d.delegateUserId),
    starts_at: d.startsAt.toISOString(),
    ends_at: d.endsAt.toISOString(),
    reason: d.reason,
    lent_roles: [...new Set(lent.filter((r) => r.delegationId === d.id).map((r) => r.role))].sort(),
    state: stateOf(d, now),
  }));
}

/** POST /api/dx/delegations: the caller's delegations, both ways, and the roles they may lend. */
export async function listMyDelegations(db: Database, caller: AuthContext, now = new Date()) {
  const [rows, own] = await Promise.all([
    listDelegationsOf(db, caller.userId),
    findOwnRoleRows(db, [caller.userId]),
  ]);
  const views = await viewsOf(db, rows, now);
  return {
    mine: views.filter((d) => d.delegator.id === caller.userId),
    to_me: views.filter((d) => d.delegate.id === caller.userId),
    lendable_roles: [...new Set(own.map((r) => r.role))].sort(),
  };
}

/** POST /api/dx/delegations/candidates: active users one may delegate to. */
export async function findDelegateCandidates(db: Database, caller: AuthContext, search: string) {
  return { users: await searchActiveUsers(db, search, caller.userId) };
}

/**
 * POST /api/dx/delegations/create: refused for oneself, a disabled or unknown user, an end in
 * the past or before the start, a window over a year, a window overlapping another of the
 * caller's, and a role the caller does not hold as their own.
 */
export async function createDelegation(
  db: Database,
  request: FastifyRequest,
  caller: AuthContext,
  input: CreateDelegationBody,
  now = new Date(),
) {
  if (input.delegate_user_id === caller.userId) {
    throw invalid('delegate_user_id', 'You cannot delegate your approvals to yourself.');
  }
  const delegate = await findUser(db, input.delegate_user_id);
  if (!delegate || delegate.isDisabled) {
    throw invalid('delegate_user_id', 'There is no such active user to delegate to.');
  }
  const startsAt = input.starts_at ? new Date(input.starts_at) : now;
  const endsAt = new Date(input.ends_at);
  if (endsAt <= now) throw invalid('ends_at', 'The end of a delegation must be in the future.');
  if (endsAt <= startsAt) throw invalid('ends_at', 'A delegation must end after it starts.');
  if (endsAt.getTime() - startsAt.getTime() > MAX_DELEGATION_DAYS * DAY_MS) {
    throw invalid('ends_at', `A delegation lasts at most ${MAX_DELEGATION_DAYS} days.`);
  }
  const own = await findOwnRoleRows(db, [caller.userId]);
  const lend = [...new Set(input.lend_roles)];
  const notHeld = lend.filter((role) => !own.some((r) => r.role === role));
  if (notHeld.length > 0) {
    throw invalid(
      'lend_roles',
      `You can lend only roles of your own; you do not hold ${notHeld.join(', ')}.`,
    );
  }

  const created = await db.transaction(async (tx) => {
    // Held for the check: two overlapping windows saved at once cannot both pass.
    await lockUser(tx, caller.userId);
    const clash = (await findUnendedDelegationsFrom(tx, caller.userId, now)).find(
      (d) => d.startsAt < endsAt && startsAt < d.endsAt,
    );
    if (clash) {
      throw new AppError(
        'CONFLICT',
        `This overlaps your delegation from ${shownTime(clash.startsAt)} to ${shownTime(clash.endsAt)}: end or change that one first.`,
      );
    }
    const row = await insertDelegation(tx, {
      delegatorUserId: caller.userId,
      delegateUserId: delegate.id,
      startsAt,
      endsAt,
      reason: input.reason,
    });
    const lent = own.filter((r) => lend.includes(r.role));
    await insertLentRoles(tx, { id: row.id, delegateUserId: delegate.id }, lent);
    // The delegate's menus and rights change: their client reloads them.
    if (lent.length > 0 && startsAt <= now) {
      await requireUserReload(tx, delegate.id);
    }
    // The delegate's sessions read the lent roles (each request checks their window itself).
    if (lent.length > 0) await announceSessionChange(tx);
    return row;
  });
  await recordAudit(db, request, {
    action: 'delegation.created',
    entityType: 'delegation',
    entityId: created.id,
    details: {
      delegate_user_id: delegate.id,
      starts_at: created.startsAt.toISOString(),
      ends_at: created.endsAt.toISOString(),
      lent_roles: lend,
    },
  });
  const [view] = await viewsOf(db, [created], now);
  if (!view) throw new Error('delegation view missing');
  return view;
}

/**
 * POST /api/dx/delegations/end: the delegator ends a running delegation now, or withdraws one
 * that has not started; its lent roles go with it.
 */
export async function endDelegation(
  db: Database,
  request: FastifyRequest,
  caller: AuthContext,
  id: string,
  now = new Date(),
) {
  const found = await findDelegation(db, id);
  if (!found || found.delegatorUserId !== caller.userId) {
    throw new AppError('NOT_FOUND', 'There is no such delegation of yours.');
  }
  const state = stateOf(found, now);
  if (state === 'ended') throw new AppError('CONFLICT', 'This delegation has already ended.');
  let ended: DelegationRow;
  if (state === 'scheduled') {
    await deleteDelegation(db, id);
    ended = { ...found, endsAt: now };
  } else {
    // A window must end after it starts, even one ended the instant it began.
    const endsAt = now > found.startsAt ? now : new Date(found.startsAt.getTime() + 1);
    const row = await updateDelegationEnd(db, id, endsAt);
    ended = row ?? { ...found, endsAt: now };
    await requireUserReload(db, found.delegateUserId);
  }
  await announceSessionChange(db);
  await recordAudit(db, request, {
    action: state === 'scheduled' ? 'delegation.withdrawn' : 'delegation.ended',
    entityType: 'delegation',
    entityId: id,
  });
  const [view] = await viewsOf(db, [ended], now);
  if (!view) throw new Error('delegation view missing');
  return view;
}
