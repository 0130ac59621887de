import writeExcelFile, { type SheetData } from 'write-excel-file/node';
import { contractYearsOf } from '@bastion/domain/documents/quote-document';
import { formatUnitPrice } from '@bastion/domain/catalog/price-text';
import {
  buildLinesSheet,
  type LinesSheet,
  type SheetValue,
} from '@bastion/domain/documents/lines-sheet';
import { formatBp } from '@bastion/domain/pricing/decimal';
import type { LineSheetFormat } from '@bastion/domain/documents/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { formatCsv, neutralizeFormula } from '../../lib/csv.ts';
import { priceStoredLines, storedQuantities } from '../../core/pricing/stored-line-pricing.ts';
import {
  findQuoteForReader,
  type ApproverQuoteAccess,
} from '../../core/quotes/visibility.repository.ts';
import { listDocumentLines } from './documents.repository.ts';

/*
 * Issue 38 (part 2): a quote's lines as XLSX or CSV, priced as the summary prices them, for
 * anyone who can read the quote. Made on request, not stored and not in the quote's history: it
 * is a view of the lines, not an offer (the quotation's PDF is). Text a spreadsheet could run as
 * a formula (=, +, -, @ first) is written behind a quote mark in both formats; figures are numbers
 * in XLSX and plain decimals in CSV (a negative amount is a number, not a formula).
 */

export const NO_LINES_MESSAGE = 'This quote has no lines to export.';

export async function exportQuoteLines(
  deps: { db: Database; approverAccess?: ApproverQuoteAccess },
  caller: AuthContext,
  input: { quoteId: string; format: LineSheetFormat },
): Promise<{ bytes: Buffer; fileName: string }> {
  const { db } = deps;
  const { quote } = await findQuoteForReader(db, caller, input.quoteId, deps.approverAccess);
  const rows = quote.quoteType === 'LEGACY' ? [] : await listDocumentLines(db, quote.id);
  if (rows.length === 0) throw new AppError('CONFLICT', NO_LINES_MESSAGE);
  const years = contractYearsOf(quote.quoteType, quote.contractLength);
  const outcome = await priceStoredLines(
    db,
    quote,
    rows.map((row) => row.line),
    years,
  );
  if (!outcome.ok) {
    throw new AppError(
      'CONFLICT',
      `The lines cannot be exported until they can be priced: ${outcome.errors.map((e) => e.message).join(' ')}`,
    );
  }
  const sheet = buildLinesSheet({
    quote_number: quote.quoteNumber,
    years: outcome.result.years,
    lines: rows.map(({ line, name, kind }) => ({
      line_id: line.id,
      sku: line.sku,
      name,
      kind,
      parent_line_id: line.parentLineId,
      quantities: storedQuantities(line, years),
    })),
    pricing: outcome.result,
  });
  const bytes = input.format === 'xlsx' ? await xlsxOf(sheet) : Buffer.from(csvOf(sheet), 'utf8');
  return { bytes, fileName: `Lines_${quote.quoteNumber}.${input.format}` };
}

function csvOf(sheet: LinesSheet): string {
  const cell = (value: SheetValue): string => {
    if (value === null) return '';
    if (value.kind === 'text') return neutralizeFormula(value.text);
    if (value.kind === 'count') return String(value.count);
    if (value.kind === 'money') return formatUnitPrice(value.minor);
    return formatBp(value.bp);
  };
  // The BOM tells spreadsheets the file is UTF-8 (product names are not all ASCII).
  return `\uFEFF${formatCsv([
    sheet.columns.map((column) =>
      column.kind === 'money'
        ? `${column.label} (${sheet.currency_code})`
        : column.kind === 'percent'
          ? `${column.label} (%)`
          : column.label,
    ),
    ...sheet.rows.map((row) => row.map(cell)),
  ])}`;
}

const MONEY_FORMAT = '#,##0.00';
const PERCENT_FORMAT = '0.00%';

async function xlsxOf(sheet: LinesSheet): Promise<Buffer> {
  const cell = (value: SheetValue, isTotal: boolean) => {
    const weight = isTotal ? ({ fontWeight: 'bold' } as const) : {};
    if (value === null) return null;
    if (value.kind === 'text')
      return { value: neutralizeFormula(value.text), type: String, ...weight };
    if (value.kind === 'count') return { value: value.count, type: Number, ...weight };
    // Minor units to a spreadsheet number: exact for any amount below 2^53 cents.
    if (value.kind === 'money') {
      return { value: value.minor / 100, type: Number, format: MONEY_FORMAT, ...weight };
    }
    return { value: value.bp / 10_000, type: Number, format: PERCENT_FORMAT, ...weight };
  };
  const header = sheet.columns.map((column) => ({
    value: column.kind === 'money' ? `${column.label} (${sheet.currency_code})` : column.label,
    fontWeight: 'bold' as const,
    ...(column.kind === 'text' ? {} : { align: 'right' as const }),
  }));
  const data: SheetData = [
    header,
    ...sheet.rows.map((row, index) => row.map((value) => cell(value, index >= sheet.line_count))),
  ];
  return writeExcelFile(data, {
    sheet: sheet.title.slice(0, 31),
    stickyRowsCount: 1,
    columns: sheet.columns.map((column) => ({
      width: column.label === 'Product' ? 40 : column.kind === 'text' ? 18 : 16,
    })),
  }).toBuffer();
}
