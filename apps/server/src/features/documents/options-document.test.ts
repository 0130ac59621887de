import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOfSuccess } from '../../test/answers.ts';
import { headerValues, insertOpportunity } from '../../test/quote-fixtures.ts';
import { postCalls, useTestBed } from '../../test/test-bed.ts';
import { DOCX_FORBIDDEN_MESSAGE } from './generate-quote-document.ts';
import { TOO_FEW_OPTIONS_MESSAGE } from './generate-options-document.ts';
import { docxPartText, insertDocumentSkus, pdfText } from './quote-documents.test-harness.ts';

/*
 * Issue 37 (part 2): the named options of a deal in one document, PDF or Word, each with its
 * lines and net; refused while fewer than two quotes are named options.
 */

const { ctx, cookies } = useTestBed({
  desk: 'DEAL_DESK',
  seller: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }] },
  outsider: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['APJ'] }] },
});
const desk = postCalls({ ctx, cookies }, 'desk');
let sku: Awaited<ReturnType<typeof insertDocumentSkus>>;

beforeAll(async () => {
  sku = await insertDocumentSkus(ctx.db, randomUUID().slice(0, 6).toUpperCase());
});

const optionsDocument = (quoteId: string, format: string, cookie = cookies.desk) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/dx/quote-options-document',
    payload: { quote_id: quoteId, format },
    headers: { cookie },
  });

async function option(opportunityId: string, name: string, lines: [string, number][]) {
  const made = dataOfSuccess<{ id: string; quote_number: string }>(
    await desk.post('/api/dx/create-quote', {
      opportunity_id: opportunityId,
      values: headerValues({ quote_name: name }),
    }),
  );
  await desk.dataOf('/api/dx/save-quote-configuration', {
    id: made.id,
    version: 1,
    advance: false,
    lines: lines.map(([code, quantity], i) => ({
      key: String(i),
      sku: code,
      quantities: [quantity],
    })),
  });
  return made;
}

describe("a deal's options in one document", () => {
  it('presents the named options side by side, then each with its lines, in PDF and Word', async () => {
    const opportunityId = await insertOpportunity(ctx.db, { region: 'EMEA' });
    const good = await option(opportunityId, 'Firewalls only', [[sku('FW'), 2]]);
    const better = await option(opportunityId, 'Firewalls and threat subscriptions', [
      [sku('FW'), 2],
      [sku('SUB'), 10],
    ]);

    const tooFew = await optionsDocument(good.id, 'pdf');
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.json<{ message: string }>().message).toBe(TOO_FEW_OPTIONS_MESSAGE);

    await desk.dataOf('/api/dx/set-quote-option', { quote_id: good.id, option_label: 'Good' });
    await desk.dataOf('/api/dx/set-quote-option', { quote_id: better.id, option_label: 'Better' });
    const pdf = await optionsDocument(good.id, 'pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`Options_${good.quote_number}.pdf`);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Your options');
    expect(text).toContain(`Good (${good.quote_number}) Firewalls only 1 €5,000.00`);
    expect(text).toContain(
      `Better (${better.quote_number}) Firewalls and threat subscriptions 2 €6,234.50`,
    );
    expect(text).toMatch(/Threat subscription .*10 €1,234\.50/);
    // Only what the customer reads: no discount, primary mark or approval.
    expect(text).not.toMatch(/Primary|Discount|approv/i);

    const word = await optionsDocument(better.id, 'docx');
    expect(word.statusCode).toBe(200);
    expect(docxPartText(word.rawPayload)).toContain(`Better (${better.quote_number})`);
  });

  it('refuses Word to those without it, and a quote the caller cannot see', async () => {
    const opportunityId = await insertOpportunity(ctx.db, { region: 'EMEA' });
    const good = await option(opportunityId, 'Good deal', [[sku('SUP'), 1]]);
    const seller = await optionsDocument(good.id, 'docx', cookies.seller);
    expect(seller.statusCode).toBe(403);
    expect(seller.json<{ message: string }>().message).toBe(DOCX_FORBIDDEN_MESSAGE);
    const outsider = await optionsDocument(good.id, 'pdf', cookies.outsider);
    expect(outsider.statusCode).toBe(404);
    const badFormat = await optionsDocument(good.id, 'txt');
    expect(badFormat.statusCode).toBe(400);
  });
});
