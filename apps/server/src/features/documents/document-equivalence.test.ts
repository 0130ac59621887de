import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildQuoteDocument, quoteDocumentWords } from '@bastion/domain/documents/quote-document';
import { quotes } from '@bastion/db/schema/quotes';
import { postCalls, useTestBed } from '../../test/test-bed.ts';
import { gatherQuoteDocument } from './gather-quote-document.ts';
import {
  docxPartNames,
  docxPartText,
  insertDocumentSkus,
  missingWords,
  numbersOf,
  pdfText,
  quoteAtSummary,
  withoutPageFooters,
  wordsOf,
  type DocumentQuote,
} from './quote-documents.test-harness.ts';

/*
 * The complaint issue 17 answers: "the Word and the PDF differ". Both are generated from one
 * model; this test reads each back as a customer's software would (pdftotext, the DOCX's XML)
 * and shows they carry the model's words and exactly the same numbers.
 */

const { ctx, users, cookies } = useTestBed({ desk: 'DEAL_DESK' });
const desk = postCalls({ ctx, cookies }, 'desk');
const tag = randomUUID().slice(0, 6).toUpperCase();
const standard = {} as DocumentQuote;
const ela = {} as DocumentQuote;

beforeAll(async () => {
  const sku = await insertDocumentSkus(ctx.db, tag);
  const authorId = users.desk.id;
  Object.assign(
    standard,
    await quoteAtSummary(ctx, desk.post, sku, { type: 'STANDARD', authorId }),
  );
  Object.assign(ela, await quoteAtSummary(ctx, desk.post, sku, { type: 'ELA', authorId }));
});

async function bothFormats(id: string) {
  const generate = async (format: 'pdf' | 'docx') => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/dx/document/${id}/${format}/equivalence`,
      payload: {},
      headers: { cookie: cookies.desk },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.rawPayload;
  };
  return { pdf: await generate('pdf'), docx: await generate('docx') };
}

/** The model of the quote as it is now (the documents were generated from the same state). */
async function modelWords(id: string) {
  const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
  if (!row) throw new Error('no quote');
  return quoteDocumentWords(buildQuoteDocument(await gatherQuoteDocument(ctx.db, row)));
}

describe.each([
  ['STANDARD', standard],
  ['ELA', ela],
] as const)('the PDF and the Word document of a %s quote', (_type, quote) => {
  it('carry the same words and exactly the same numbers', async () => {
    const { pdf, docx } = await bothFormats(quote.id);
    const model = await modelWords(quote.id);
    const pdfWords = wordsOf(withoutPageFooters(pdfText(pdf)));
    const docxWords = wordsOf(docxPartText(docx));

    // The model is rich enough to prove something: families, clauses, the comment.
    expect(model).toEqual(expect.arrayContaining(['Delivery', 'schedule', 'Subtotal', 'Comments']));
    expect(model.join(' ')).toContain(quote.comment);
    expect(numbersOf(model).length).toBeGreaterThan(40);

    expect(missingWords(model, pdfWords)).toEqual([]);
    expect(missingWords(model, docxWords)).toEqual([]);
    expect(numbersOf(pdfWords)).toEqual(numbersOf(docxWords));
    expect(numbersOf(docxWords)).toEqual(numbersOf(model));

    // Internal notes reach neither.
    expect(pdfWords.join(' ')).not.toContain(quote.note);
    expect(docxWords.join(' ')).not.toContain(quote.note);
  });

  it('number their pages in the footer, PDF and Word alike', async () => {
    const { pdf, docx } = await bothFormats(quote.id);
    expect(pdfText(pdf)).toMatch(/Page 1 of \d+/);
    const footer = docxPartNames(docx).find((name) => /^word\/footer\d*\.xml$/.test(name));
    expect(footer).toBeDefined();
    const xml = docxPartText(docx, footer);
    expect(xml).toContain(quote.quoteNumber);
    expect(xml).toMatch(/Page\s+PAGE\s+of\s+NUMPAGES/);
  });
});
