import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildQuoteDocument, quoteDocumentWords } from '@bastion/domain/documents/quote-document';
import { quoteLines, quotes } from '@bastion/db/schema/quotes';
import { insertContract } from '../../test/contract-fixtures.ts';
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
const trueUp = {} as DocumentQuote;
const trueUpContract = { number: '' };

beforeAll(async () => {
  const sku = await insertDocumentSkus(ctx.db, tag);
  const authorId = users.desk.id;
  Object.assign(
    standard,
    await quoteAtSummary(ctx, desk.post, sku, { type: 'STANDARD', authorId }),
  );
  Object.assign(ela, await quoteAtSummary(ctx, desk.post, sku, { type: 'ELA', authorId }));
  // Issue 18: a subscription priced from its contract (prior price and uplift) for a quarter,
  // so the document prints the sentences that explain it.
  Object.assign(trueUp, await quoteAtSummary(ctx, desk.post, sku, { type: 'STANDARD', authorId }));
  await ctx.db
    .update(quoteLines)
    .set({
      priorUnitNetMinor: 10_000,
      upliftPercent: '5',
      periodStart: '2027-10-01',
      periodEnd: '2027-12-31',
    })
    .where(and(eq(quoteLines.quoteId, trueUp.id), eq(quoteLines.sku, sku('SUB'))));
  const contract = await insertContract(ctx.db, { region: 'EMEA', end: '2027-12-31' });
  trueUpContract.number = contract.contractNumber;
  await ctx.db
    .update(quotes)
    .set({
      renewal: {
        kind: 'TRUE_UP',
        contract_ids: [contract.id],
        term_start: '2027-10-01',
        term_end: '2027-12-31',
        default_uplift_percent: '5',
        drops: [],
      },
    })
    .where(eq(quotes.id, trueUp.id));
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
  return quoteDocumentWords(buildQuoteDocument(await gatherQuoteDocument(ctx.db, row, 1)));
}

describe.each([
  ['STANDARD', standard],
  ['ELA', ela],
  ['prorated, contract-priced', trueUp],
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

it('the PDF and the Word document explain a true-up and its prorated, contract-priced line', async () => {
  const { pdf, docx } = await bothFormats(trueUp.id);
  // 150 units at the contract's €105.00 (€100.00 + 5 %) for 92 of 365 days.
  const explanations = [
    `True-up of ${trueUpContract.number} from 01-Oct-2027 to 31-Dec-2027`,
    'Contract price: prior €100.00 + 5.00 % uplift = €105.00 a unit (current list €123.45)',
    '€15,750.00 × 92 / 365 days (0.252055), 01-Oct-2027 to 31-Dec-2027 = €3,969.86',
  ];
  const model = (await modelWords(trueUp.id)).join(' ');
  const pdfWords = wordsOf(withoutPageFooters(pdfText(pdf))).join(' ');
  const docxWords = wordsOf(docxPartText(docx)).join(' ');
  for (const sentence of explanations) {
    expect(model).toContain(sentence);
    expect(pdfWords).toContain(sentence);
    expect(docxWords).toContain(sentence);
  }
});
