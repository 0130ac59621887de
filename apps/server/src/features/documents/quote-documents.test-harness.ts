import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import type { Database } from '@bastion/db/client';
import { productFamilies, skuPrices, skus } from '@bastion/db/schema/catalog';
import { quoteComments } from '@bastion/db/schema/documents';
import { dataOfSuccess } from '../../test/answers.ts';
import { headerValues, insertOpportunity, unique } from '../../test/quote-fixtures.ts';
import { saveProposedTerms } from '../../test/quote-steps.ts';
import type { TestContext } from '../../test/test-app.ts';

/*
 * What the documents tests share: quotes walked to their summary through the API, with SKUs of
 * several product families, shipping, saved terms (a custom clause among them), a comment and
 * an internal note; and the text of a PDF (pdftotext) and of a DOCX (its XML).
 */

type Post = (path: string, payload: unknown) => Promise<LightMyRequestResponse>;

export interface DocumentQuote {
  id: string;
  quoteNumber: string;
  comment: string;
  note: string;
}

export const DOCUMENT_SKUS = {
  FW: {
    name: 'Edge firewall',
    kind: 'HARDWARE',
    billing: 'ONE_TIME',
    isShippable: true,
    price: 250_000,
  },
  AP: {
    name: 'Office access point',
    kind: 'ACCESS_POINT',
    billing: 'ONE_TIME',
    isShippable: true,
    price: 39_900,
  },
  SUB: {
    name: 'Threat subscription',
    kind: 'SUBSCRIPTION',
    billing: 'ANNUAL',
    isShippable: false,
    price: 12_345,
  },
  SUP: {
    name: 'Premium support',
    kind: 'SUPPORT',
    billing: 'ANNUAL',
    isShippable: false,
    price: 7_750,
  },
} as const;
type Code = keyof typeof DOCUMENT_SKUS;

/** The file's own SKUs in three families of its own (hardware, subscriptions, support). */
export async function insertDocumentSkus(db: Database, tag: string) {
  const family = (name: string) => `DOC_${name}_${tag}`;
  await db.insert(productFamilies).values([
    { id: family('HW'), name: `Appliances ${tag}`, sortOrder: 1 },
    { id: family('SUB'), name: `Subscriptions ${tag}`, sortOrder: 2 },
    { id: family('SUP'), name: `Support ${tag}`, sortOrder: 3 },
  ]);
  const familyOf: Record<Code, string> = {
    FW: family('HW'),
    AP: family('HW'),
    SUB: family('SUB'),
    SUP: family('SUP'),
  };
  const codes = Object.keys(DOCUMENT_SKUS) as Code[];
  await db.insert(skus).values(
    codes.map((code) => {
      const { name, kind, billing, isShippable } = DOCUMENT_SKUS[code];
      return {
        sku: `D-${code}-${tag}`,
        familyId: familyOf[code],
        name,
        kind,
        billing,
        isShippable,
      };
    }),
  );
  await db.insert(skuPrices).values(
    codes.map((code) => ({
      sku: `D-${code}-${tag}`,
      currencyCode: 'EUR',
      unitPriceMinor: DOCUMENT_SKUS[code].price,
      effectiveFrom: '2020-01-01',
    })),
  );
  return (code: Code) => `D-${code}-${tag}`;
}

interface QuoteState {
  quote: { version: number; status_id: string; quote_number: string };
}

/**
 * A quote of every family at its summary (TNC, terms saved): STANDARD for 12 months or ELA for
 * 36, with its hardware shipped to EMEA, a custom clause, a comment and a note.
 */
export async function quoteAtSummary(
  ctx: TestContext,
  post: Post,
  sku: (code: Code) => string,
  options: { type: 'STANDARD' | 'ELA'; authorId: string },
): Promise<DocumentQuote> {
  const dataOf = async <T>(p: string, payload: unknown) => dataOfSuccess<T>(await post(p, payload));
  const isEla = options.type === 'ELA';
  const oppId = await insertOpportunity(ctx.db, { region: 'EMEA' });
  const made = await dataOf<{ id: string }>('/api/dx/create-quote', {
    opportunity_id: oppId,
    values: headerValues({ quote_type: options.type, contract_length: isEla ? '36' : '12' }),
  });
  const id = made.id;
  const q = (n: number[]) => (isEla ? n : n.slice(0, 1));
  const lines: { code: Code; quantities: number[] }[] = [
    { code: 'FW', quantities: q([2, 3, 1]) },
    { code: 'AP', quantities: q([12, 12, 24]) },
    { code: 'SUB', quantities: q([150, 175, 1200]) },
    { code: 'SUP', quantities: q([1, 1, 1]) },
  ];
  const configured = await dataOf<QuoteState>('/api/dx/save-quote-configuration', {
    id,
    version: 1,
    advance: true,
    lines: lines.map((l, i) => ({ key: String(i), sku: sku(l.code), quantities: l.quantities })),
  });
  const shipping = await dataOf<{ products: { line_id: string; sku: string }[] }>(
    '/api/dx/quote-shipping',
    { id },
  );
  const lineOf = (code: Code) => shipping.products.find((p) => p.sku === sku(code))?.line_id ?? '';
  const shipped = (code: Code) => {
    const quantities = lines.find((l) => l.code === code)?.quantities ?? [];
    return isEla
      ? { line_id: lineOf(code), region: 'EMEA', incoterm: 'DAP', years: quantities }
      : { line_id: lineOf(code), region: 'EMEA', incoterm: 'DAP', quantity: quantities[0] };
  };
  await dataOf('/api/dx/save-quote-shipping', {
    id,
    version: configured.quote.version,
    products: [],
    advance: true,
    lines: [shipped('FW'), shipped('AP')],
  });
  const saved = await saveProposedTerms<QuoteState>(dataOf, id, [
    {
      custom_title: 'Delivery schedule',
      custom_text:
        'Appliances ship within 21 days of the purchase order, at most 3 partial deliveries.',
    },
  ]);
  const tag = unique().slice(0, 6);
  const comment = `Price held for order ${tag} until 31-Mar-2027.`;
  const note = `Internal note ${tag}: walk-away price 42.`;
  await ctx.db.insert(quoteComments).values([
    { quoteId: id, kind: 'comment', body: comment, authorUserId: options.authorId },
    { quoteId: id, kind: 'note', body: note, authorUserId: options.authorId },
  ]);
  expect(saved.quote.status_id).toBe('TNC');
  return { id, quoteNumber: saved.quote.quote_number, comment, note };
}

// ---------------------------------------------------------------------------------------------
// Text of the documents

/** The PDF's text as pdftotext lays it out, without the running footer ("… Page n of m"). */
export function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bastion-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const withoutPageFooters = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/Page \d+ of \d+\s*$/.test(line))
    .join('\n');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of one part of a .docx (a zip of XML), paragraph by paragraph. */
export function docxPartText(bytes: Buffer, part = 'word/document.xml'): string {
  const files = unzipSync(new Uint8Array(bytes));
  const xml = files[part];
  if (!xml) throw new Error(`no ${part} in the .docx`);
  return strFromU8(xml)
    .replace(/<w:tab\/>/g, ' ')
    .replace(/<w:br\/>/g, '\n')
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '');
}

export const docxPartNames = (bytes: Buffer) => Object.keys(unzipSync(new Uint8Array(bytes)));

/** Words of a text: split at white space (no-break spaces too). */
export const wordsOf = (text: string) =>
  text
    .replace(/\u00a0/g, ' ')
    .split(/\s+/u)
    .filter((w) => w !== '');

/** How many times each word occurs. */
export function countWords(words: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

/** The words that hold a digit: amounts, quantities, dates, numbers; sorted, as a multiset. */
export const numbersOf = (words: readonly string[]) => words.filter((w) => /\d/.test(w)).sort();

/** The words of `wanted` that `text` lacks (counting repeats). */
export function missingWords(wanted: readonly string[], text: readonly string[]): string[] {
  const have = countWords(text);
  const missing: string[] = [];
  for (const [word, n] of countWords(wanted)) {
    if ((have.get(word) ?? 0) < n) missing.push(word);
  }
  return missing;
}
