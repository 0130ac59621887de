import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  Packer,
  PageBorderDisplay,
  PageBorderOffsetFrom,
  PageNumber,
  Paragraph,
  ShadingType,
  Tab,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
  type FileChild,
} from 'docx';
import { TextWatermark } from 'docx/watermarks';
import type {
  DocumentBlock,
  DocumentColumn,
  DocumentRow,
  QuoteDocument,
} from '@bastion/domain/documents/quote-document';

/*
 * The Word document of a quote document: the same words in the same order as the PDF
 * (render-quote-pdf.ts), on A4 with a page border, a footer with "Page n of m", and Word's own
 * watermark on a budgetary quote.
 */

/** A4 in twentieths of a point, with 2 cm margins; the text is 17 cm wide. */
const A4 = { width: 11_906, height: 16_838 };
const MARGIN = 1_134;
const TEXT_WIDTH = A4.width - 2 * MARGIN;

const INK = '1F2933';
const MUTED = '52606D';
const RULE = 'C3CCD6';
const SHADE = 'EEF1F4';
const ACCENT = '1D4E89';
const SIZE = 17; // half-points: 8.5 pt, as the PDF.

const rule = { style: BorderStyle.SINGLE, size: 4, color: RULE } as const;
const noBorder = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' } as const;

/** A cell's lines ('\n') as runs separated by breaks. */
function runs(text: string, options: { bold?: boolean; color?: string; size?: number } = {}) {
  return text
    .split('\n')
    .map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : 0, ...options }));
}

function cell(
  text: string,
  width: number,
  options: {
    align?: 'left' | 'right';
    bold?: boolean;
    shade?: boolean;
    color?: string;
    /** No rule below: notes follow that belong to this row. */
    isOpenBelow?: boolean;
  } = {},
) {
  return new TableCell({
    width: { size: width, type: WidthType.DXA },
    margins: { top: 50, bottom: 50, left: 80, right: 80 },
    ...(options.shade ? { shading: { type: ShadingType.CLEAR, fill: SHADE, color: 'auto' } } : {}),
    borders: {
      top: rule,
      bottom: options.isOpenBelow ? noBorder : rule,
      left: noBorder,
      right: noBorder,
    },
    children: [
      new Paragraph({
        alignment: options.align === 'right' ? AlignmentType.RIGHT : AlignmentType.LEFT,
        children: runs(text, {
          ...(options.bold ? { bold: true } : {}),
          ...(options.color ? { color: options.color } : {}),
        }),
      }),
    ],
  });
}

/** A note under a line: one muted cell across the table, as the PDF sets it. */
function noteCell(text: string, widths: number[], isOpenBelow: boolean) {
  return new TableCell({
    columnSpan: widths.length,
    width: { size: widths.reduce((sum, w) => sum + w, 0), type: WidthType.DXA },
    margins: { top: 0, bottom: 20, left: 240, right: 80 },
    borders: {
      top: noBorder,
      bottom: isOpenBelow ? noBorder : rule,
      left: noBorder,
      right: noBorder,
    },
    children: [new Paragraph({ children: runs(text, { color: MUTED, size: 15 }) })],
  });
}

function table(columns: DocumentColumn[], rows: DocumentRow[]): Table {
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  const widths = columns.map((c) => Math.floor((c.width / total) * TEXT_WIDTH));
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: widths,
    layout: TableLayoutType.FIXED,
    rows: [
      new TableRow({
        tableHeader: true,
        cantSplit: true,
        children: columns.map((c, i) =>
          cell(c.label, widths[i] ?? 0, { align: c.align, bold: true, shade: true }),
        ),
      }),
      ...rows.map((row, index) => {
        const isOpenBelow = rows[index + 1]?.is_note === true;
        return new TableRow({
          cantSplit: true,
          children: row.is_note
            ? [noteCell(row.cells.join('\n'), widths, isOpenBelow)]
            : row.cells.map((text, i) =>
                cell(text, widths[i] ?? 0, {
                  align: columns[i]?.align ?? 'left',
                  bold: row.is_total === true,
                  shade: row.is_total === true,
                  isOpenBelow,
                }),
              ),
        });
      }),
    ],
  });
}

const spacer = () => new Paragraph({ spacing: { after: 80 }, children: [] });

function block(b: DocumentBlock): FileChild[] {
  switch (b.kind) {
    case 'heading':
      return [
        new Paragraph({
          keepNext: true,
          spacing: { before: 120, after: 60 },
          children: [new TextRun({ text: b.text, bold: true, size: 20 })],
        }),
      ];
    case 'paragraph':
      return [
        new Paragraph({
          spacing: { after: 120 },
          ...(b.is_notice
            ? { shading: { type: ShadingType.CLEAR, fill: 'F6E8F1', color: 'auto' } }
            : {}),
          children: [
            new TextRun({
              text: b.text,
              ...(b.is_notice ? { bold: true, color: '7A1F5C' } : { color: MUTED }),
            }),
          ],
        }),
      ];
    case 'facts': {
      const widths = [0.18, 0.32, 0.18, 0.32].map((w) => Math.floor(w * TEXT_WIDTH));
      const rows: TableRow[] = [];
      for (let i = 0; i < b.facts.length; i += 2) {
        const pair = b.facts.slice(i, i + 2);
        const cells = pair.flatMap((f, j) => [
          factCell(f.label, widths[j * 2] ?? 0, { color: MUTED }),
          factCell(f.value, widths[j * 2 + 1] ?? 0, { bold: true }),
        ]);
        while (cells.length < 4) cells.push(factCell('', widths[cells.length] ?? 0));
        rows.push(new TableRow({ children: cells }));
      }
      return [
        new Table({
          width: { size: TEXT_WIDTH, type: WidthType.DXA },
          columnWidths: widths,
          layout: TableLayoutType.FIXED,
          rows,
        }),
        spacer(),
      ];
    }
    case 'columns': {
      const width = Math.floor(TEXT_WIDTH / Math.max(1, b.columns.length));
      return [
        new Table({
          width: { size: TEXT_WIDTH, type: WidthType.DXA },
          columnWidths: b.columns.map(() => width),
          layout: TableLayoutType.FIXED,
          rows: [
            new TableRow({
              children: b.columns.map(
                (c) =>
                  new TableCell({
                    width: { size: width, type: WidthType.DXA },
                    borders: { top: noBorder, bottom: noBorder, left: noBorder, right: noBorder },
                    children: [
                      new Paragraph({
                        children: [new TextRun({ text: c.title, bold: true, color: ACCENT })],
                      }),
                      ...c.lines.map(
                        (line, i) =>
                          new Paragraph({
                            children: [new TextRun({ text: line, bold: i === 0 })],
                          }),
                      ),
                    ],
                  }),
              ),
            }),
          ],
        }),
        spacer(),
      ];
    }
    case 'table':
      return [table(b.columns, b.rows), spacer()];
    case 'clause':
      return [
        new Paragraph({
          keepNext: true,
          spacing: { after: 40 },
          children: [new TextRun({ text: `${b.number} ${b.title}`, bold: true })],
        }),
        new Paragraph({
          spacing: { after: 120 },
          children: runs(b.text),
        }),
      ];
  }
}

function factCell(text: string, width: number, options: { bold?: boolean; color?: string } = {}) {
  return new TableCell({
    width: { size: width, type: WidthType.DXA },
    margins: { top: 30, bottom: 30, left: 80, right: 80 },
    borders: { top: noBorder, bottom: noBorder, left: noBorder, right: noBorder },
    children: [new Paragraph({ children: runs(text, options) })],
  });
}

/** The Word document (docx's model) of a quote document. */
export function quoteDocx(document: QuoteDocument): Document {
  const { letterhead } = document;
  const children: FileChild[] = [
    new Paragraph({
      tabStops: [{ type: TabStopType.RIGHT, position: TEXT_WIDTH }],
      children: [
        new TextRun({ text: letterhead.issuer, bold: true, size: 28, color: ACCENT }),
        new TextRun({ children: [new Tab()] }),
        new TextRun({ text: letterhead.title, bold: true, size: 28 }),
      ],
    }),
    ...letterhead.lines.map(
      (line, i) =>
        new Paragraph({
          alignment: AlignmentType.RIGHT,
          ...(i === letterhead.lines.length - 1
            ? {
                border: {
                  bottom: { style: BorderStyle.SINGLE, size: 12, color: ACCENT, space: 4 },
                },
                spacing: { after: 160 },
              }
            : {}),
          children: [new TextRun({ text: line, color: MUTED })],
        }),
    ),
  ];
  for (const section of document.sections) {
    children.push(
      new Paragraph({
        keepNext: true,
        spacing: { before: 160, after: 80 },
        children: [new TextRun({ text: section.title, bold: true, size: 24, color: ACCENT })],
      }),
      ...section.blocks.flatMap(block),
    );
  }
  const pageBorder = { style: BorderStyle.SINGLE, size: 6, color: RULE, space: 20 } as const;
  return new Document({
    title: document.title,
    creator: letterhead.issuer,
    description: document.footer,
    lastModifiedBy: 'Bastion CPQ',
    styles: { default: { document: { run: { font: 'Calibri', size: SIZE, color: INK } } } },
    sections: [
      {
        properties: {
          page: {
            size: A4,
            margin: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
            borders: {
              pageBorders: {
                display: PageBorderDisplay.ALL_PAGES,
                offsetFrom: PageBorderOffsetFrom.PAGE,
              },
              pageBorderTop: pageBorder,
              pageBorderRight: pageBorder,
              pageBorderBottom: pageBorder,
              pageBorderLeft: pageBorder,
            },
          },
        },
        headers: {
          default: new Header({
            children: document.watermark
              ? [
                  new Paragraph({
                    children: [
                      new TextWatermark({
                        text: document.watermark,
                        color: '7A1F5C',
                        opacity: 0.15,
                        layout: 'diagonal',
                      }),
                    ],
                  }),
                ]
              : [],
          }),
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                tabStops: [{ type: TabStopType.RIGHT, position: TEXT_WIDTH }],
                children: [
                  new TextRun({ text: document.footer, color: MUTED, size: 15 }),
                  new TextRun({
                    children: [
                      new Tab(),
                      'Page ',
                      PageNumber.CURRENT,
                      ' of ',
                      PageNumber.TOTAL_PAGES,
                    ],
                    color: MUTED,
                    size: 15,
                  }),
                ],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
}

export async function renderQuoteDocx(document: QuoteDocument): Promise<Buffer> {
  return Packer.toBuffer(quoteDocx(document));
}
