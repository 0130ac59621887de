import type { ComponentType } from 'react';

/**
 * What the opportunity's account already owns, shown on the new-quote and summary pages. The
 * renewals feature draws it and builds on quotes, so quotes does not import it: the app's route
 * passes the renewals panel in (app/route-modules/create-quote.tsx and quote-summary.tsx).
 */
export type InstalledBaseSlot = ComponentType<{ opportunityId: string; className?: string }>;
