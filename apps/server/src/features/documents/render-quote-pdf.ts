import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type {
  DocumentBlock,
  DocumentColumn,
  DocumentRow,
  QuoteDocument,
} from '@bastion/domain/documents/quote-document';

/*
 * The PDF of a quote document, laid out in-process by pdfmake (no LibreOffice, no browser):
 * A4, a border on every page, the letterhead, then the sections, and a footer with
 * "Page n of m". Text is set in Roboto, which pdfmake ships: the PDF standard fonts cannot write
 * names outside Latin-1 ('Łódź', '₹'), and a customer's name must print as it is spelt.
 */

type Content = Record<string, unknown> | string | Content[];

interface PdfMake {
  virtualfs: { writeFileSync(name: string, content: Buffer): void };
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(definition: Record<string, unknown>): { getBuffer(): Promise<Buffer> };
}

const FONT_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
};

let loaded: PdfMake | null = null;

/** pdfmake with its fonts read once into its virtual file system; nothing else is reachable. */
function pdfMake(): PdfMake {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const pdfmake = require('pdfmake') as PdfMake;
  const fontDir = path.join(
    path.dirname(require.resolve('pdfmake/package.json')),
    'fonts',
    'Roboto',
  );
  for (const file of Object.values(FONT_FILES)) {
    pdfmake.virtualfs.writeFileSync(file, readFileSync(path.join(fontDir, file)));
  }
  pdfmake.setFonts({ Roboto: FONT_FILES });
  // A document is made of our own words only: no image, font or link is fetched from anywhere.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  loaded = pdfmake;
  return pdfmake;
}

const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#c3ccd6';
const SHADE = '#eef1f4';
const ACCENT = '#1d4e89';

const tableLayout = {
  hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
    i === 0 || i === 1 || i === node.table.body.length ? 0.8 : 0.4,
  vLineWidth: () => 0,
  hLineColor: () => RULE,
  paddingLeft: () => 4,
  paddingRight: () => 4,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

/** A note under a line: one muted cell across the table (pdfmake wants the spanned ones empty). */
const noteRow = (text: string, span: number): Content[] => [
  { text, colSpan: span, color: MUTED, fontSize: 7.5, margin: [8, 0, 0, 0] },
  ...Array.from({ length: span - 1 }, () => ({})),
];

function table(columns: DocumentColumn[], rows: DocumentRow[]): Content {
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: columns.map((c) => `${((c.width / total) * 100).toFixed(2)}%`),
      body: [
        columns.map((c) => ({
          text: c.label,
          bold: true,
          alignment: c.align,
          fillColor: SHADE,
          fontSize: 8,
        })),
        ...rows.map((row) =>
          row.is_note
            ? noteRow(row.cells.join('\n'), columns.length)
            : row.cells.map((cell, i) => ({
                text: cell,
                alignment: columns[i]?.align ?? 'left',
                bold: row.is_total === true,
                ...(row.is_total ? { fillColor: SHADE } : {}),
              })),
        ),
      ],
    },
    // No rule between a line and the notes under it: they read as one.
    layout: {
      ...tableLayout,
      hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
        rows[i - 1]?.is_note ? 0 : tableLayout.hLineWidth(i, node),
      paddingTop: (i: number) => (rows[i - 1]?.is_note ? 0 : 3),
      paddingBottom: (i: number) => (rows[i - 1]?.is_note ? 1 : 3),
    },
    margin: [0, 2, 0, 8],
  };
}

function block(b: DocumentBlock): Content {
  switch (b.kind) {
    case 'heading':
      return { text: b.text, bold: true, fontSize: 10, margin: [0, 4, 0, 3] };
    case 'paragraph':
      return b.is_notice
        ? {
            table: {
              widths: ['*'],
              body: [[{ text: b.text, bold: true, color: '#7a1f5c', fillColor: '#f6e8f1' }]],
            },
            layout: 'noBorders',
            margin: [0, 0, 0, 6],
          }
        : { text: b.text, margin: [0, 0, 0, 6], color: MUTED };
    case 'facts': {
      // Two label/value pairs a row, as the summary lists them.
      const pairs: Content[][] = [];
      for (let i = 0; i < b.facts.length; i += 2) {
        const row: Content[] = b.facts.slice(i, i + 2).flatMap((f): Content[] => [
          { text: f.label, color: MUTED },
          { text: f.value, bold: true },
        ]);
        while (row.length < 4) row.push('');
        pairs.push(row);
      }
      return {
        table: { widths: ['18%', '32%', '18%', '32%'], body: pairs },
        layout: { ...tableLayout, hLineWidth: () => 0 },
        margin: [0, 0, 0, 6],
      };
    }
    case 'columns':
      return {
        columns: b.columns.map((c) => ({
          stack: [
            { text: c.title, bold: true, color: ACCENT, margin: [0, 0, 0, 2] },
            ...c.lines.map((line, i) => ({ text: line, bold: i === 0 })),
          ],
        })),
        columnGap: 16,
        margin: [0, 0, 0, 8],
      };
    case 'table':
      return table(b.columns, b.rows);
    case 'clause':
      return {
        stack: [
          { text: `${b.number} ${b.title}`, bold: true, margin: [0, 0, 0, 2] },
          { text: b.text },
        ],
        margin: [0, 0, 0, 6],
      };
  }
}

/** The PDF's definition (pdfmake's document model) of a quote document. */
export function quotePdfDefinition(document: QuoteDocument, generatedAt: Date) {
  const { letterhead } = document;
  const content: Content[] = [
    {
      columns: [
        { text: letterhead.issuer, bold: true, fontSize: 14, color: ACCENT },
        {
          stack: [
            { text: letterhead.title, bold: true, fontSize: 14 },
            ...letterhead.lines.map((line) => ({ text: line, color: MUTED })),
          ],
          alignment: 'right',
        },
      ],
      margin: [0, 0, 0, 4],
    },
    {
      canvas: [{ type: 'line', x1: 0, y1: 0, x2: 515, y2: 0, lineWidth: 1.2, lineColor: ACCENT }],
      margin: [0, 0, 0, 8],
    },
  ];
  for (const section of document.sections) {
    content.push(
      {
        text: section.title,
        fontSize: 12,
        bold: true,
        color: ACCENT,
        margin: [0, 6, 0, 4],
        headlineLevel: 1,
      },
      ...section.blocks.map(block),
    );
  }
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 48],
    info: {
      title: document.title,
      author: letterhead.issuer,
      creator: 'Bastion CPQ',
      creationDate: generatedAt,
    },
    defaultStyle: { font: 'Roboto', fontSize: 8.5, color: INK, lineHeight: 1.15 },
    ...(document.watermark
      ? { watermark: { text: document.watermark, color: '#7a1f5c', opacity: 0.12, bold: true } }
      : {}),
    background: (_page: number, size: { width: number; height: number }) => ({
      canvas: [
        {
          type: 'rect',
          x: 22,
          y: 22,
          w: size.width - 44,
          h: size.height - 44,
          lineWidth: 0.8,
          lineColor: RULE,
        },
      ],
    }),
    footer: (page: number, pages: number) => ({
      columns: [
        { text: document.footer, color: MUTED, fontSize: 7.5 },
        { text: `Page ${page} of ${pages}`, alignment: 'right', color: MUTED, fontSize: 7.5 },
      ],
      margin: [40, 14, 40, 0],
    }),
    // A section title never ends a page alone.
    pageBreakBefore: (node: { headlineLevel?: number; startPosition: { top: number } }) =>
      node.headlineLevel === 1 && node.startPosition.top > 760,
    content,
  };
}

export async function renderQuotePdf(document: QuoteDocument, generatedAt: Date): Promise<Buffer> {
  const buffer = await pdfMake().createPdf(quotePdfDefinition(document, generatedAt)).getBuffer();
  return Buffer.from(buffer);
}
