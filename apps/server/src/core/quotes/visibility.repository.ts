import { and, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { visibilityScopeOf, type VisibilityScope } from '@bastion/domain/permissions/visibility';
import type { Database } from '@bastion/db/client';
import { crmOpportunities, crmOpportunityTeamMembers } from '@bastion/db/schema/crm';
import { contracts, quotes } from '@bastion/db/schema/quotes';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Who may see which opportunities and quotes (docs/decisions/009), shared by every feature that
 * reads them, so a record outside one's scope is 404 everywhere alike.
 */

/** Who is asking, as the visibility rules need it. */
export interface Viewer {
  userId: string;
  email: string;
  scope: VisibilityScope;
}

export function viewerOf(auth: AuthContext): Viewer {
  return {
    userId: auth.userId,
    email: auth.email,
    scope: visibilityScopeOf(auth.roles, auth.permissions),
  };
}

/** Opportunities the CRM deleted stay in the copy for their quotes, but no longer in lists. */
export const opportunityIsLive = isNull(crmOpportunities.removedFromCrmAt);

/** Opportunities of the viewer's regions and accounts, and those they own or work on. */
export function opportunityVisibleTo(db: Database, viewer: Viewer): SQL | undefined {
  if (viewer.scope.kind === 'all') return undefined;
  const { regions, accountIds } = viewer.scope;
  const email = viewer.email.toLowerCase();
  return or(
    eq(sql`lower(${crmOpportunities.ownerEmail})`, email),
    eq(sql`lower(${crmOpportunities.camEmail})`, email),
    eq(sql`lower(${crmOpportunities.csmEmail})`, email),
    regions.length > 0 ? inArray(crmOpportunities.region, regions) : undefined,
    accountIds.length > 0 ? inArray(crmOpportunities.accountId, accountIds) : undefined,
    exists(
      db
        .select({ one: sql`1` })
        .from(crmOpportunityTeamMembers)
        .where(
          and(
            eq(crmOpportunityTeamMembers.opportunityId, crmOpportunities.id),
            eq(sql`lower(${crmOpportunityTeamMembers.email})`, email),
          ),
        ),
    ),
  );
}

/** Whether the viewer can see this opportunity, and it is still in the CRM. */
export async function canSeeOpportunity(db: Database, viewer: Viewer, id: string) {
  const [row] = await db
    .select({ id: crmOpportunities.id })
    .from(crmOpportunities)
    .where(and(eq(crmOpportunities.id, id), opportunityIsLive, opportunityVisibleTo(db, viewer)));
  return row !== undefined;
}

/** Quotes of the viewer's regions and accounts, and those they own or created. */
export function quoteVisibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.scope.kind === 'all') return undefined;
  const { regions, accountIds } = viewer.scope;
  return or(
    eq(quotes.ownerUserId, viewer.userId),
    eq(quotes.createdBy, viewer.userId),
    regions.length > 0 ? inArray(quotes.region, regions) : undefined,
    accountIds.length > 0 ? inArray(quotes.accountId, accountIds) : undefined,
  );
}

/**
 * The quote look-ups every quote page and call makes, prepared once per database (issue 20):
 * building the statement cost more than running it. The scoped one is quoteVisibleTo with the
 * viewer as parameters; an empty list matches nothing, as the clause it replaces would.
 */
function prepareQuoteLookups(db: Database) {
  const id = sql.placeholder('id');
  const userId = sql.placeholder('userId');
  return {
    all: db.select().from(quotes).where(eq(quotes.id, id)).prepare('find_quote'),
    scoped: db
      .select()
      .from(quotes)
      .where(
        and(
          eq(quotes.id, id),
          or(
            eq(quotes.ownerUserId, userId),
            eq(quotes.createdBy, userId),
            sql`${quotes.region} = any(${sql.placeholder('regions')}::text[])`,
            sql`${quotes.accountId} = any(${sql.placeholder('accountIds')}::text[])`,
          ),
        ),
      )
      .prepare('find_visible_quote'),
  };
}

const quoteLookups = new WeakMap<Database, ReturnType<typeof prepareQuoteLookups>>();

/** The quote, if the viewer may see it; null when absent or out of scope alike. */
export async function findVisibleQuote(db: Database, viewer: Viewer, id: string) {
  let lookups = quoteLookups.get(db);
  if (!lookups) {
    lookups = prepareQuoteLookups(db);
    quoteLookups.set(db, lookups);
  }
  const { scope } = viewer;
  const [row] =
    scope.kind === 'all'
      ? await lookups.all.execute({ id })
      : await lookups.scoped.execute({
          id,
          userId: viewer.userId,
          regions: scope.regions,
          accountIds: scope.accountIds,
        });
  return row ?? null;
}

/**
 * Finds a quote the caller may read only because they approve it (a step they may decide now,
 * or one they decided): approvers need the quote's summary and terms to judge it, though they
 * may not see quotes in general. The approvals feature provides it; app.ts passes it to the
 * features that show a quote.
 */
export type ApproverQuoteAccess = (
  db: Database,
  caller: AuthContext,
  quoteId: string,
) => Promise<QuoteRow | null>;

type QuoteRow = typeof quotes.$inferSelect;

/** A quote outside the caller's scope reads as absent: its existence is not theirs to know. */
export async function requireVisibleQuote(db: Database, caller: AuthContext, id: string) {
  const quote = await findVisibleQuote(db, viewerOf(caller), id);
  if (!quote) throw new AppError('NOT_FOUND', 'There is no such quote, or it is not yours to see.');
  return quote;
}

/** The quote if the caller sees it as a quote user or as its approver; else 404. */
export async function requireQuoteForReader(
  db: Database,
  caller: AuthContext,
  id: string,
  approverAccess: ApproverQuoteAccess | undefined,
): Promise<QuoteRow> {
  return (await findQuoteForReader(db, caller, id, approverAccess)).quote;
}

/**
 * The same, saying how the caller reached it: as a quote user, who may also open the quote's
 * configure, shipping and terms pages, or only as one of its approvers.
 */
export async function findQuoteForReader(
  db: Database,
  caller: AuthContext,
  id: string,
  approverAccess: ApproverQuoteAccess | undefined,
): Promise<{ quote: QuoteRow; isQuoteUser: boolean }> {
  // A scope alone does not open quotes: the role must also see quotes (spec §6 can_see_quotes).
  const asQuoteUser = caller.permissions.can_see_quotes
    ? await findVisibleQuote(db, viewerOf(caller), id)
    : null;
  if (asQuoteUser) return { quote: asQuoteUser, isQuoteUser: true };
  const asApprover = approverAccess ? await approverAccess(db, caller, id) : null;
  if (!asApprover) {
    throw new AppError('NOT_FOUND', 'There is no such quote, or it is not yours to see.');
  }
  return { quote: asApprover, isQuoteUser: false };
}

/**
 * Contracts of the viewer's regions and accounts, and those they look after as CSM or CAM
 * (issue 18): the same scope as the quotes made from them.
 */
export function contractVisibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.scope.kind === 'all') return undefined;
  const { regions, accountIds } = viewer.scope;
  const email = viewer.email.toLowerCase();
  return or(
    eq(sql`lower(${contracts.csmEmail})`, email),
    eq(sql`lower(${contracts.camEmail})`, email),
    regions.length > 0 ? inArray(contracts.region, regions) : undefined,
    accountIds.length > 0 ? inArray(contracts.accountId, accountIds) : undefined,
  );
}
