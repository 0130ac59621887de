import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadLinks, quoteAttachments } from '@bastion/db/schema/documents';
import { quoteApprovals, quoteApprovalSteps } from '@bastion/db/schema/approvals';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { quotes } from '@bastion/db/schema/quotes';
import { MAX_ATTACHMENTS_PER_QUOTE } from '@bastion/domain/attachments/schemas';
import { advanceAppClock } from '../../lib/clock.ts';
import { hashOpaqueToken } from '../../core/access/opaque-token.ts';
import { dataOfSuccess } from '../../test/answers.ts';
import { headerValues, insertOpportunity } from '../../test/quote-fixtures.ts';
import { useTestBed } from '../../test/test-bed.ts';
import { ATTACH_NOT_ALLOWED_MESSAGE } from './attachment-access.ts';
import { LINK_EXPIRED_MESSAGE } from './attachment-refusals.ts';
import {
  BOUNDARY,
  docxBytes,
  exeBytes,
  multipartBody,
  multipartParts,
  pdfBytes,
  pngBytes,
  zipBytes,
} from './attachments.test-support.ts';
import { tooManyFilesMessage } from './upload-attachment.ts';

const emea = (role: string) => ({ role, assignment: 'REGION' as const, assignmentValue: ['EMEA'] });
const apj = (role: string) => ({ role, assignment: 'REGION' as const, assignmentValue: ['APJ'] });
const bed = useTestBed({
  seller: { roles: [emea('SALES_USER')] },
  /** Another seller of the same region: sees the seller's quotes, did not attach their files. */
  seller2: { roles: [emea('SALES_USER')] },
  desk: 'DEAL_DESK',
  outsider: { roles: [apj('SALES_USER')] },
  /** Sells elsewhere, and approved a step of the quotes here: reads them only as their approver. */
  approver: { roles: [apj('SALES_USER'), { role: 'LEGAL_MANAGER' }], isApprover: true },
});
type Caller = keyof typeof bed.cookies;
const cookieOf = (who: Caller) => bed.cookies[who];
const host = 'localhost:8000';
interface AttachmentRecord {
  id: string;
  quote_id: string;
  file_name: string;
  size_kb: number;
  content_type: string;
  category: string;
  ref: string;
  sha256: string;
  uploaded_by: string;
  uploaded_by_id: string;
  uploaded_on: string;
  can_delete: boolean;
}
interface Refusal {
  code: number;
  error: string;
  message: string;
}

const post = (url: string, payload: object, who: Caller = 'seller') =>
  bed.ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: cookieOf(who) } });

async function newQuote(): Promise<string> {
  const opportunityId = await insertOpportunity(bed.ctx.db, { region: 'EMEA' });
  const made = await post('/api/dx/create-quote', {
    opportunity_id: opportunityId,
    values: headerValues(),
  });
  return dataOfSuccess<{ id: string }>(made).id;
}

/** Makes the approver one who decided a step of the quote: they read it as its approver. */
async function approvedBy(quoteId: string, userId: string) {
  const [submission] = await bed.ctx.db
    .insert(quoteApprovals)
    .values({ quoteId, submissionNumber: 1, state: 'APPROVED', fingerprint: 'test', facts: {} })
    .returning({ id: quoteApprovals.id });
  await bed.ctx.db.insert(quoteApprovalSteps).values({
    approvalId: submission!.id,
    quoteId,
    stage: 1,
    stageName: 'Finance',
    groupName: 'Finance',
    state: 'APPROVED',
    decidedBy: userId,
  });
}

function upload(
  quoteId: string,
  fileName: string,
  bytes: Buffer,
  options: { who?: Caller; category?: string; ref?: string; entity?: string; field?: string } = {},
) {
  const { who = 'seller', category = 'attachment', ref = 'ref', entity = 'quote' } = options;
  return bed.ctx.app.inject({
    method: 'POST',
    url: `/api/document/upload-file/upload-attachments/${entity}/${quoteId}/${category}/${encodeURIComponent(ref)}`,
    headers: {
      cookie: cookieOf(who),
      host,
      origin: `http://${host}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: multipartBody(fileName, bytes, options.field),
  });
}

async function uploaded(quoteId: string, fileName: string, bytes: Buffer, who: Caller = 'seller') {
  return dataOfSuccess<AttachmentRecord>(await upload(quoteId, fileName, bytes, { who }));
}

const listOf = async (quoteId: string, who: Caller = 'seller') =>
  dataOfSuccess<{
    attachments: AttachmentRecord[];
    limits: { max_files: number; max_total_kb: number; max_file_kb: number };
    can_upload: boolean;
  }>(await post('/api/dx/quote-attachments', { quote_id: quoteId }, who));

const download = (record: Pick<AttachmentRecord, 'id' | 'quote_id'>, who: Caller = 'seller') =>
  post(`/api/document/download-file/${record.id}`, record, who);

const storedFor = (quoteId: string) =>
  bed.ctx.db.select().from(quoteAttachments).where(eq(quoteAttachments.quoteId, quoteId));

const historyOf = (quoteId: string) =>
  bed.ctx.db
    .select()
    .from(quoteHistory)
    .where(eq(quoteHistory.quoteId, quoteId))
    .orderBy(desc(quoteHistory.occurredAt));

function expectRefused(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  const body = JSON.parse(response.body) as Refusal;
  expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  return body;
}

describe('uploading a file to a quote', () => {
  it('stores it and answers the file record, with the size in whole KB rounded up', async () => {
    const quoteId = await newQuote();
    const pdf = pdfBytes(2000);
    const record = await uploaded(quoteId, 'offer.pdf', pdf);
    expect(record).toMatchObject({
      quote_id: quoteId,
      file_name: 'offer.pdf',
      size_kb: 2,
      content_type: 'application/pdf',
      category: 'attachment',
      ref: 'ref',
      uploaded_by: 'Test User',
      uploaded_by_id: bed.users.seller.id,
      can_delete: true,
    });
    expect(record.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Number.isNaN(Date.parse(record.uploaded_on))).toBe(false);
    const [stored] = await storedFor(quoteId);
    expect(stored?.content.equals(pdf)).toBe(true);

    expect((await uploaded(quoteId, 'one.txt', Buffer.from('a'))).size_kb).toBe(1);
    const justOver = await uploaded(quoteId, 'more.txt', Buffer.alloc(1025, 'a'));
    expect(justOver.size_kb).toBe(2);
  });

  // Two 10 MB uploads: slow when the CI machine runs every tier at once.
  it('accepts exactly 10240 KB and refuses one byte more (413), storing nothing', async () => {
    const quoteId = await newQuote();
    const limit = 10_240 * 1024;
    expect((await uploaded(quoteId, 'big.pdf', pdfBytes(limit))).size_kb).toBe(10_240);
    const over = await upload(quoteId, 'bigger.pdf', pdfBytes(limit + 1));
    expect(expectRefused(over, 413).message).toBe('File is too large. The limit is 10240 KB.');
    expect(over.headers.connection).toBe('close');
    expect((await storedFor(quoteId)).map((row) => row.fileName)).toEqual(['big.pdf']);
  }, 90_000);

  it('stores the name made safe: special characters become _, the extension stays', async () => {
    const quoteId = await newQuote();
    const record = await uploaded(quoteId, 'bad name;$.pdf', pdfBytes());
    expect(record.file_name).toBe('bad_name__.pdf');
    const saved = await download(record);
    expect(saved.headers['content-disposition']).toContain('filename="bad_name__.pdf"');
  });

  it.each([
    [
      'an executable named .pdf',
      'invoice.pdf',
      exeBytes(),
      'is named .pdf but its content is a Windows program',
    ],
    ['a PNG named .pdf', 'scan.pdf', pngBytes(), 'is named .pdf but its content is a PNG image'],
    [
      'a ZIP named .docx',
      'terms.docx',
      zipBytes(),
      'is named .docx but its content is a ZIP archive',
    ],
    ['a program named .exe', 'setup.exe', exeBytes(), 'Files of type .exe cannot be attached'],
    ['binary data named .csv', 'lines.csv', Buffer.from([0xff, 0x00, 0x13]), 'is named .csv'],
  ])('refuses %s (415), storing nothing', async (_label, name, bytes, message) => {
    const quoteId = await newQuote();
    const refusal = expectRefused(await upload(quoteId, name, bytes), 415);
    expect(refusal.message).toContain(message);
    expect(refusal.message).toContain(
      'Only PDF, Office documents, images, text, CSV and e-mail files can be attached.',
    );
    expect(await storedFor(quoteId)).toEqual([]);
  });

  it('accepts a text file named .csv, a real .docx and a PNG', async () => {
    const quoteId = await newQuote();
    const csv = await uploaded(quoteId, 'lines.csv', Buffer.from('sku,qty\nFW-1,2\n'));
    expect(csv.content_type).toBe('text/csv; charset=utf-8');
    const docx = await uploaded(quoteId, 'requirements.docx', await docxBytes());
    expect(docx.content_type).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect((await uploaded(quoteId, 'photo.png', pngBytes())).content_type).toBe('image/png');
  });

  it('keeps the per-quote limit: the 26th file is refused', async () => {
    const quoteId = await newQuote();
    const rows = Array.from({ length: MAX_ATTACHMENTS_PER_QUOTE }, (_, i) => ({
      quoteId,
      category: 'attachment',
      fileName: `f${i}.txt`,
      sizeBytes: 1,
      sizeKb: 1,
      contentType: 'text/plain; charset=utf-8',
      sha256: '0'.repeat(64),
      content: Buffer.from('a'),
    }));
    await bed.ctx.db.insert(quoteAttachments).values(rows);
    const refusal = expectRefused(await upload(quoteId, 'one-more.txt', Buffer.from('b')), 409);
    expect(refusal.message).toBe(tooManyFilesMessage());
    expect(await storedFor(quoteId)).toHaveLength(MAX_ATTACHMENTS_PER_QUOTE);
  });

  it('refuses another entity (404), an unknown category and a NUL in the reference', async () => {
    const quoteId = await newQuote();
    const entity = expectRefused(
      await upload(quoteId, 'a.pdf', pdfBytes(), { entity: 'user' }),
      404,
    );
    expect(entity.message).toContain('Files can only be attached to a quote');
    const category = expectRefused(
      await upload(quoteId, 'a.pdf', pdfBytes(), { category: 'passport' }),
      400,
    );
    expect(category.message).toContain('The category must be one of: attachment, purchase-order');
    const nul = expectRefused(await upload(quoteId, 'a.pdf', pdfBytes(), { ref: 'a\u0000b' }), 400);
    expect(nul.message).toContain('NUL');
    const field = expectRefused(
      await upload(quoteId, 'a.pdf', pdfBytes(), { field: 'document' }),
      400,
    );
    expect(field.message).toContain('in a form field named "file"');
    const json = await post(
      `/api/document/upload-file/upload-attachments/quote/${quoteId}/attachment/ref`,
      {},
    );
    expect(expectRefused(json, 415).message).toContain('multipart/form-data');
    expect(await storedFor(quoteId)).toEqual([]);
  });

  it('records uploads, downloads and deletes in the quote history without raising its version', async () => {
    const quoteId = await newQuote();
    const [before] = await bed.ctx.db.select().from(quotes).where(eq(quotes.id, quoteId));
    const record = await uploaded(quoteId, 'po.pdf', pdfBytes());
    expect((await download(record)).statusCode).toBe(200);
    dataOfSuccess(
      await post('/api/dx/delete-attachment', { quote_id: quoteId, attachment_id: record.id }),
    );
    const history = await historyOf(quoteId);
    expect(history.slice(0, 3).map((h) => [h.action, h.changes])).toEqual([
      ['attachment_deleted', [{ field: 'attachment', before: 'po.pdf', after: null }]],
      ['attachment_downloaded', [{ field: 'attachment', before: null, after: 'po.pdf' }]],
      ['attachment_uploaded', [{ field: 'attachment', before: null, after: 'po.pdf (1 KB)' }]],
    ]);
    const [after] = await bed.ctx.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(after?.version).toBe(before?.version);
  });
});

interface RawAnswer {
  status: number;
  body: string;
  connection: string | undefined;
  /** How much of the body the client had sent when the answer came (or the server hung up). */
  sentWhenAnswered: number;
}

/**
 * Sends an upload over a real connection, 64 KB at a time, and never ends it: the answer must
 * come while the client still has bytes to send. Without a Content-Length, it is chunked.
 */
function uploadOverTheWire(
  port: number,
  quoteId: string,
  body: { head: Buffer; fillerBytes: number },
  contentLength?: number,
) {
  const filler = pdfBytes(64 * 1024);
  const total = body.head.length + body.fillerBytes;
  return new Promise<RawAnswer>((resolve, reject) => {
    let sent = 0;
    let isAnswered = false;
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/document/upload-file/upload-attachments/quote/${quoteId}/attachment/ref`,
      headers: {
        cookie: cookieOf('seller'),
        origin: `http://127.0.0.1:${port}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(contentLength === undefined ? {} : { 'content-length': String(contentLength) }),
      },
    });
    req.on('response', (res) => {
      isAnswered = true;
      const sentWhenAnswered = sent;
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: text,
          connection: res.headers.connection,
          sentWhenAnswered,
        }),
      );
    });
    // Once it has answered, the server closes the connection: writes still under way fail, as
    // they should, sometimes before the client has read the answer.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (isAnswered) return;
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
      isAnswered = true;
      resolve({ status: 0, body: '', connection: 'reset', sentWhenAnswered: sent });
    });
    // The head (multipart framing and the file's start), then filler made as it goes.
    const pump = () => {
      while (!isAnswered && sent < total) {
        const chunk =
          sent === 0 ? body.head : filler.subarray(0, Math.min(filler.length, total - sent));
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

describe('a file beyond the limit over a real connection', () => {
  let port = 0;
  /** How many bytes the server read from each connection, once it closed. */
  const bytesReadByServer: number[] = [];
  beforeAll(async () => {
    await bed.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (bed.ctx.app.server.address() as AddressInfo).port;
    bed.ctx.app.server.on('connection', (socket: Socket) => {
      socket.on('close', () => bytesReadByServer.push(socket.bytesRead));
    });
  });
  afterAll(async () => {
    bed.ctx.app.server.closeAllConnections();
    await new Promise((resolve) => bed.ctx.app.server.close(resolve));
  });

  const expectTooLarge = (answer: RawAnswer) => {
    expect(answer.status, answer.body).toBe(413);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({
      message: 'File is too large. The limit is 10240 KB.',
    });
  };

  it('is refused on its Content-Length, before the body is read', async () => {
    const quoteId = await newQuote();
    const { head } = multipartParts('huge.pdf');
    const declared = 20 * 1024 * 1024;
    // The head with a PDF's first bytes, then 1 KB: the rest is never sent.
    const answer = await uploadOverTheWire(port, quoteId, { head, fillerBytes: 1024 }, declared);
    expectTooLarge(answer);
    expect(answer.sentWhenAnswered).toBeLessThan(declared);
    expect(await storedFor(quoteId)).toEqual([]);
  });

  it('is refused the moment the streamed file passes the limit, without reading the rest', async () => {
    const quoteId = await newQuote();
    const { head } = multipartParts('streamed.pdf');
    // Far more than the buffers between client and server hold: a server reading on would
    // answer only after the last byte (and the request never ends, so never).
    const fillerBytes = 64 * 1024 * 1024;
    const closedBefore = bytesReadByServer.length;
    const answer = await uploadOverTheWire(port, quoteId, { head, fillerBytes });
    // The answer is the 413 (the inject test above reads it whole); the client, still writing,
    // may see the connection end first.
    if (answer.status !== 0) expectTooLarge(answer);
    expect(answer.sentWhenAnswered).toBeLessThan(head.length + fillerBytes);
    await expect.poll(() => bytesReadByServer.length).toBeGreaterThan(closedBefore);
    const read = bytesReadByServer.at(-1) ?? Infinity;
    expect(read).toBeGreaterThan(10 * 1024 * 1024);
    expect(read).toBeLessThan(16 * 1024 * 1024);
    expect(await storedFor(quoteId)).toEqual([]);
  });
});

describe("who reaches a quote's files", () => {
  it('answers 404 to an outsider for upload, list, download, link and delete, as for no quote', async () => {
    const quoteId = await newQuote();
    const record = await uploaded(quoteId, 'po.pdf', pdfBytes());
    const ofQuote = { quote_id: quoteId, attachment_id: record.id };
    const answers = [
      await upload(quoteId, 'x.pdf', pdfBytes(), { who: 'outsider' }),
      await post('/api/dx/quote-attachments', { quote_id: quoteId }, 'outsider'),
      await download(record, 'outsider'),
      await post('/api/dx/attachment-download-link', ofQuote, 'outsider'),
      await post('/api/dx/delete-attachment', ofQuote, 'outsider'),
    ];
    for (const answer of answers) {
      expect(expectRefused(answer, 404).message).toBe(
        'There is no such quote, or it is not yours to see.',
      );
    }
    expect(await storedFor(quoteId)).toHaveLength(1);
  });

  it('lets the approver list and download, but not upload or delete', async () => {
    const quoteId = await newQuote();
    await approvedBy(quoteId, bed.users.approver.id);
    const record = await uploaded(quoteId, 'po.pdf', pdfBytes());
    const listed = await listOf(quoteId, 'approver');
    expect(listed.can_upload).toBe(false);
    expect(listed.attachments.map((a) => [a.file_name, a.can_delete])).toEqual([['po.pdf', false]]);
    const file = await download(listed.attachments[0]!, 'approver');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdfBytes())).toBe(true);
    const refused = expectRefused(
      await upload(quoteId, 'x.pdf', pdfBytes(), { who: 'approver' }),
      403,
    );
    expect(refused.message).toBe(ATTACH_NOT_ALLOWED_MESSAGE);
    const ofQuote = { quote_id: quoteId, attachment_id: record.id };
    expectRefused(await post('/api/dx/delete-attachment', ofQuote, 'approver'), 403);
    expect((await listOf(quoteId)).can_upload).toBe(true);
  });

  it('lets the uploader and the deal desk delete, and refuses another seller (403)', async () => {
    const quoteId = await newQuote();
    const first = await uploaded(quoteId, 'one.pdf', pdfBytes());
    const second = await uploaded(quoteId, 'two.pdf', pdfBytes());
    const asOther = await listOf(quoteId, 'seller2');
    expect(asOther.attachments.map((a) => a.can_delete)).toEqual([false, false]);
    const refused = await post(
      '/api/dx/delete-attachment',
      { quote_id: quoteId, attachment_id: first.id },
      'seller2',
    );
    expect(expectRefused(refused, 403).message).toBe(
      'Only the person who attached this file or the deal desk can delete it.',
    );
    expect((await listOf(quoteId, 'desk')).attachments.map((a) => a.can_delete)).toEqual([
      true,
      true,
    ]);
    for (const [record, who] of [
      [first, 'seller'],
      [second, 'desk'],
    ] as const) {
      const deleted = await post(
        '/api/dx/delete-attachment',
        { quote_id: quoteId, attachment_id: record.id },
        who,
      );
      expect(dataOfSuccess(deleted)).toEqual({
        id: record.id,
        quote_id: quoteId,
        is_deleted: true,
      });
    }
    expect(await storedFor(quoteId)).toEqual([]);
    expectRefused(await download(first), 404);
  });

  it('refuses a download whose record names another file than the address', async () => {
    const quoteId = await newQuote();
    const one = await uploaded(quoteId, 'one.pdf', pdfBytes());
    const two = await uploaded(quoteId, 'two.pdf', pdfBytes());
    const response = await post(`/api/document/download-file/${one.id}`, { ...two, extra: 1 });
    expect(expectRefused(response, 400).message).toContain('names another file than the address');
    // The whole record, as listed, is what the client sends back.
    expect((await download(one)).statusCode).toBe(200);
  });
});

describe('a 40-second download link', () => {
  it('works for anyone within 40 seconds, is refused (410) after, and only its hash is stored', async () => {
    const quoteId = await newQuote();
    const record = await uploaded(quoteId, 'po.pdf', pdfBytes());
    const link = dataOfSuccess<{ url: string; expires_at: string; valid_seconds: number }>(
      await post('/api/dx/attachment-download-link', {
        quote_id: quoteId,
        attachment_id: record.id,
      }),
    );
    expect(link.valid_seconds).toBe(40);
    const path = new URL(link.url).pathname;
    const token = path.split('/').at(-1) ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await bed.ctx.db
      .select()
      .from(downloadLinks)
      .where(and(eq(downloadLinks.attachmentId, record.id)));
    expect(stored?.tokenHash).toBe(hashOpaqueToken(token));
    expect(stored?.tokenHash).not.toContain(token);

    const fetched = await bed.ctx.app.inject({ method: 'GET', url: path });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-disposition']).toContain('filename="po.pdf"');
    expect(fetched.rawPayload.equals(pdfBytes())).toBe(true);
    const [latest] = await historyOf(quoteId);
    expect(latest?.action).toBe('attachment_downloaded_by_link');

    advanceAppClock(39_000);
    expect((await bed.ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    advanceAppClock(2_000);
    const expired = await bed.ctx.app.inject({ method: 'GET', url: path });
    expect(expectRefused(expired, 410).message).toBe(LINK_EXPIRED_MESSAGE);
    const madeUp = await bed.ctx.app.inject({ method: 'GET', url: `${path.slice(0, -4)}AAAA` });
    expect(expectRefused(madeUp, 404).message).toContain('This download link is not valid');
  });
});
