import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { quoteDocuments } from '@bastion/db/schema/documents';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { quotes } from '@bastion/db/schema/quotes';
import { SUMMARY_NOT_REACHED } from '../../core/quotes/quote-summary-reached.ts';
import { headerValues, insertOpportunity } from '../../test/quote-fixtures.ts';
import { postCalls, useTestBed } from '../../test/test-bed.ts';
import { DOCX_FORBIDDEN_MESSAGE } from './generate-quote-document.ts';
import {
  insertDocumentSkus,
  pdfText,
  quoteAtSummary,
  type DocumentQuote,
} from './quote-documents.test-harness.ts';

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const { ctx, users, cookies } = useTestBed({
  desk: 'DEAL_DESK',
  seller: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }] },
  outsider: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['APJ'] }] },
});
const desk = postCalls({ ctx, cookies }, 'desk');
const tag = randomUUID().slice(0, 6).toUpperCase();
const quote = {} as DocumentQuote;

beforeAll(async () => {
  const sku = await insertDocumentSkus(ctx.db, tag);
  Object.assign(
    quote,
    await quoteAtSummary(ctx, desk.post, sku, { type: 'STANDARD', authorId: users.desk.id }),
  );
});

const generate = (id: string, format: string, name: string, cookie: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/dx/document/${id}/${format}/${encodeURIComponent(name)}`,
    payload: {},
    headers: { cookie },
  });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Listed {
  id: string;
  format: string;
  file_name: string;
  sha256: string;
  size_bytes: number;
  quote_version: number;
  quote_status: string;
  generated_by: string | null;
}

describe('quote documents', () => {
  it('answers the PDF and the Word document, stored with their SHA-256 and the version', async () => {
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, quote.id));
    const pdf = await generate(quote.id, 'pdf', `${quote.quoteNumber} Acme refresh`, cookies.desk);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe(PDF);
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="${quote.quoteNumber}_Acme_refresh.pdf"; filename*=UTF-8''${quote.quoteNumber}_Acme_refresh.pdf`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const docx = await generate(quote.id, 'docx', 'bad name;$', cookies.desk);
    expect(docx.statusCode, docx.body).toBe(200);
    expect(docx.headers['content-type']).toBe(DOCX);
    expect(docx.headers['content-disposition']).toContain('filename="bad_name__.docx"');
    expect(docx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const stored = await ctx.db
      .select()
      .from(quoteDocuments)
      .where(eq(quoteDocuments.quoteId, quote.id));
    const byFormat = new Map(stored.map((d) => [d.format, d]));
    expect(byFormat.get('pdf')).toMatchObject({
      sha256: sha256(pdf.rawPayload),
      sizeBytes: pdf.rawPayload.length,
      quoteVersion: row?.version,
      quoteStatus: 'TNC',
      generatedBy: users.desk.id,
    });
    expect(byFormat.get('docx')?.sha256).toBe(sha256(docx.rawPayload));
    expect(Buffer.compare(byFormat.get('pdf')?.content ?? Buffer.alloc(0), pdf.rawPayload)).toBe(0);

    // Recorded in the quote's history, without raising its version.
    const events = await ctx.db
      .select()
      .from(quoteHistory)
      .where(
        and(eq(quoteHistory.quoteId, quote.id), eq(quoteHistory.action, 'document_generated')),
      );
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.version === row?.version)).toBe(true);
    const [after] = await ctx.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(after?.version).toBe(row?.version);

    // The PDF says what the quote says: its number, its comment, never its note.
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(quote.quoteNumber);
    expect(text).toContain(quote.comment);
    expect(text).not.toContain(quote.note);
    expect(text).toMatch(/Page 1 of \d+/);
  });

  it('lists the documents newest first and answers each again byte for byte', async () => {
    const made = await generate(quote.id, 'pdf', 'again', cookies.desk);
    expect(made.statusCode).toBe(200);
    const listed = await desk.dataOf<{ documents: Listed[] }>('/api/dx/quote-documents', {
      quote_id: quote.id,
    });
    expect(listed.documents.length).toBeGreaterThanOrEqual(3);
    const [newest] = listed.documents;
    expect(newest).toMatchObject({
      format: 'pdf',
      file_name: 'again.pdf',
      sha256: sha256(made.rawPayload),
      size_bytes: made.rawPayload.length,
      quote_status: 'TNC',
      generated_by: 'Test User',
    });

    for (const document of listed.documents) {
      const file = await desk.post('/api/dx/quote-document-file', {
        quote_id: quote.id,
        document_id: document.id,
      });
      expect(file.statusCode, file.body).toBe(200);
      expect(file.headers['content-type']).toBe(document.format === 'pdf' ? PDF : DOCX);
      expect(file.headers['content-disposition']).toContain(`filename="${document.file_name}"`);
      expect(sha256(file.rawPayload)).toBe(document.sha256);
    }
  });

  it('needs can_download_docx for Word; the same user gets the PDF', async () => {
    const word = await generate(quote.id, 'docx', 'word', cookies.seller);
    expect(word.statusCode).toBe(403);
    expect(word.json()).toMatchObject({ error: 'FORBIDDEN', message: DOCX_FORBIDDEN_MESSAGE });
    expect(word.body).not.toContain('at ');

    const pdf = await generate(quote.id, 'pdf', 'seller copy', cookies.seller);
    expect(pdf.statusCode, pdf.body).toBe(200);

    const [stored] = await ctx.db
      .select({ id: quoteDocuments.id })
      .from(quoteDocuments)
      .where(and(eq(quoteDocuments.quoteId, quote.id), eq(quoteDocuments.format, 'docx')));
    const storedWord = await desk.post(
      '/api/dx/quote-document-file',
      { quote_id: quote.id, document_id: stored?.id },
      cookies.seller,
    );
    expect(storedWord.statusCode).toBe(403);
  });

  it('answers 404 to someone who cannot see the quote, as for a made-up id', async () => {
    const before = await ctx.db
      .select({ id: quoteDocuments.id })
      .from(quoteDocuments)
      .where(eq(quoteDocuments.quoteId, quote.id));
    const outsider = await generate(quote.id, 'pdf', 'x', cookies.outsider);
    const madeUp = await generate(randomUUID(), 'pdf', 'x', cookies.desk);
    expect(outsider.statusCode).toBe(404);
    expect(madeUp.statusCode).toBe(404);
    expect(outsider.json<{ message: string }>().message).toBe(
      madeUp.json<{ message: string }>().message,
    );
    const list = await desk.post(
      '/api/dx/quote-documents',
      { quote_id: quote.id },
      cookies.outsider,
    );
    expect(list.statusCode).toBe(404);
    const after = await ctx.db
      .select({ id: quoteDocuments.id })
      .from(quoteDocuments)
      .where(eq(quoteDocuments.quoteId, quote.id));
    expect(after).toHaveLength(before.length);
  });

  it('refuses a bad format or id with a clear 400, and a made-up document with 404', async () => {
    const format = await generate(quote.id, 'odt', 'x', cookies.desk);
    expect(format.statusCode).toBe(400);
    expect(format.json<{ message: string }>().message).toContain('The format must be pdf or docx.');
    const id = await generate('not-a-uuid', 'pdf', 'x', cookies.desk);
    expect(id.statusCode).toBe(400);
    const file = await desk.post('/api/dx/quote-document-file', {
      quote_id: quote.id,
      document_id: randomUUID(),
    });
    expect(file.statusCode).toBe(404);
  });

  it('is refused (409) before the quote reached its summary, like the summary', async () => {
    const oppId = await insertOpportunity(ctx.db, { region: 'EMEA' });
    const made = await desk.dataOf<{ id: string }>('/api/dx/create-quote', {
      opportunity_id: oppId,
      values: headerValues(),
    });
    const refused = await generate(made.id, 'pdf', 'early', cookies.desk);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(SUMMARY_NOT_REACHED.INCOMPLETE);
  });

  it('marks a budgetary quote as such', async () => {
    await ctx.db.update(quotes).set({ statusId: 'BUDGETARY' }).where(eq(quotes.id, quote.id));
    try {
      const pdf = await generate(quote.id, 'pdf', 'budgetary', cookies.desk);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdfText(pdf.rawPayload)).toContain('Budgetary quotation: for planning only.');
    } finally {
      await ctx.db.update(quotes).set({ statusId: 'TNC' }).where(eq(quotes.id, quote.id));
    }
  });
});

describe('a document’s revision', () => {
  it('is 1 for the first version documented, the same again for that version, 2 for the next', async () => {
    const revisionIn = async (name: string) => {
      const response = await generate(quote.id, 'pdf', name, cookies.desk);
      expect(response.statusCode, response.body).toBe(200);
      const text = pdfText(response.rawPayload);
      expect(text).not.toMatch(/\bVersion \d/);
      return /Revision (\d+)/.exec(text)?.[1];
    };
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, quote.id));
    const documented = await ctx.db
      .select({ version: quoteDocuments.quoteVersion })
      .from(quoteDocuments)
      .where(eq(quoteDocuments.quoteId, quote.id));
    // Earlier tests documented this version already: it is revision 1, however many copies.
    expect(new Set(documented.map((d) => d.version))).toEqual(new Set([row?.version]));
    expect(await revisionIn('first again')).toBe('1');
    // Any write raises the quote's version; the next document is its second revision.
    await ctx.db
      .update(quotes)
      .set({ version: (row?.version ?? 1) + 1 })
      .where(eq(quotes.id, quote.id));
    expect(await revisionIn('second')).toBe('2');
    expect(await revisionIn('second again')).toBe('2');
  });
});
