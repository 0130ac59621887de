import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/*
 * Quotes set up through the API with the page's own cookies, for browser tests whose subject is a
 * later page (summary panels, documents, comments): the clicking under test is theirs, and
 * walking the flow by hand in each of them would only cost CI time.
 */

/** POSTs a named call as the page's user and answers its `data` (200 or the test fails). */
export async function apiData<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { data });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** Moves the test server's clock forward (the e2e server runs with TEST_CLOCK=1). */
export function moveServerClock(page: Page, seconds: number) {
  return apiData(page, '/api/test/clock', { advance_seconds: seconds });
}

interface QuoteState {
  quote: { version: number; status_id: string; quote_number: string };
}

/** The opportunities the signed-in user sees (the create-quote picker's list). */
export async function visibleOpportunities(page: Page): Promise<Record<string, unknown>[]> {
  const grid = await apiData<{ rows: Record<string, unknown>[] }>(page, '/api/dx/grid', {
    module_name: 'opportunities',
    filters: {},
    page: 1,
    page_size: 100,
  });
  return grid.rows;
}

/**
 * A new STANDARD quote on the first opportunity `pick` accepts (a direct one preferred): its id.
 * A partner deal gets the partner fields the form asks for.
 */
export async function createQuoteOn(
  page: Page,
  name: string,
  pick: (opportunity: Record<string, unknown>) => boolean = () => true,
  quoteType: 'STANDARD' | 'LEGACY' = 'STANDARD',
): Promise<string> {
  const candidates = (await visibleOpportunities(page)).filter(pick);
  const opportunity = candidates.find((row) => row.sales_channel === 'DIRECT') ?? candidates[0];
  if (typeof opportunity?.id !== 'string') throw new Error('the user has no such opportunity');
  const { id } = await apiData<{ id: string }>(page, '/api/dx/create-quote', {
    opportunity_id: opportunity.id,
    values: {
      quote_name: name,
      quote_type: quoteType,
      contract_length: '12',
      deal_type: 'NB',
      contract_start_date: '2027-01-01',
      contract_end_date: '2027-12-31',
      sla: '24/7',
      products_evaluated: ['FIREWALL'],
      ...(opportunity.sales_channel === 'DIRECT'
        ? {}
        : { partner_type: 'AUTHORIZED', partner_contact_email: 'partner@example.com' }),
    },
  });
  return id;
}

/** A new STANDARD quote on one of the user's direct opportunities: its id. */
export function createDirectQuote(page: Page, name: string): Promise<string> {
  return createQuoteOn(page, name, (row) => row.sales_channel === 'DIRECT');
}

/**
 * A direct STANDARD quote with these lines (SKU and quantity), taken through products, shipping
 * and terms (saved as proposed) to its summary; on an opportunity `pick` accepts when told.
 */
export async function quoteAtSummary(
  page: Page,
  name: string,
  lines: readonly { sku: string; quantity: number; discount?: string }[],
  pick: (opportunity: Record<string, unknown>) => boolean = (row) => row.sales_channel === 'DIRECT',
): Promise<{ id: string; number: string; version: number }> {
  const id = await createQuoteOn(page, name, pick);
  const configured = await apiData<QuoteState>(page, '/api/dx/save-quote-configuration', {
    id,
    version: 1,
    advance: true,
    lines: lines.map((line, i) => ({
      key: `l${i + 1}`,
      sku: line.sku,
      quantities: [line.quantity],
      ...(line.discount ? { manual_discount_percent: line.discount } : {}),
    })),
  });
  await apiData(page, '/api/dx/save-quote-shipping', {
    id,
    version: configured.quote.version,
    products: [],
    lines: [],
    advance: true,
  });
  const terms = await apiData<
    QuoteState & {
      clauses: { clause_id: string | null; title: string; template: string; is_custom: boolean }[];
    }
  >(page, '/api/dx/quote-terms/get', { id });
  const saved = await apiData<QuoteState>(page, '/api/dx/quote-terms/save', {
    id,
    version: terms.quote.version,
    clauses: terms.clauses.map((term, position) =>
      term.is_custom
        ? { custom_text: term.template, custom_title: term.title, position }
        : { clause_id: term.clause_id ?? '', position },
    ),
  });
  return { id, number: saved.quote.quote_number, version: saved.quote.version };
}

/** The same, submitted for approval: with no demo rule matching, it is approved at once. */
export async function approvedQuote(
  page: Page,
  name: string,
  lines: readonly { sku: string; quantity: number }[],
): Promise<string> {
  const quote = await quoteAtSummary(page, name, lines);
  const submitted = await apiData<QuoteState>(page, '/api/dx/quote/approval', {
    action: 'submit',
    quote_id: quote.id,
    version: quote.version,
  });
  expect(submitted.quote.status_id).toBe('APPROVED');
  return quote.id;
}

/**
 * A direct quote with one subscription line discounted by `percent` (above 30 % a demo rule asks
 * the finance approvers), submitted for approval: its id and number.
 */
export async function pendingQuote(
  page: Page,
  name: string,
  percent: string,
): Promise<{ id: string; number: string }> {
  const quote = await quoteAtSummary(page, name, [
    { sku: 'BX-100F-TP', quantity: 1, discount: percent },
  ]);
  const submitted = await apiData<QuoteState>(page, '/api/dx/quote/approval', {
    action: 'submit',
    quote_id: quote.id,
    version: quote.version,
  });
  expect(submitted.quote.status_id).toBe('PENDING_APPROVAL');
  return { id: quote.id, number: quote.number };
}
