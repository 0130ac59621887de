import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import {
  bodySegments,
  decodeMentions,
  encodeMentions,
  insertMention,
  mentionMarkup,
  mentionQueryAt,
  parseMentions,
  plainBody,
} from './mentions.ts';

const JANE = '0b6f5a4e-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const OMAR = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

describe('mention markup', () => {
  itReturns('%j → %j', ([name, id]: [string, string]) => mentionMarkup(name, id), [
    [['Jane Doe', JANE], `@[Jane Doe](${JANE})`],
    [['  Jane   Doe ', JANE.toUpperCase()], `@[Jane Doe](${JANE})`],
    [['Odd ]name\nhere', JANE], `@[Odd name here](${JANE})`],
    [['', JANE], `@[someone](${JANE})`],
  ]);

  it('reads back what it writes', () => {
    const body = `Hi ${mentionMarkup('Jane Doe', JANE)}, see ${mentionMarkup('Omar', OMAR)}.`;
    expect(parseMentions(body)).toEqual([
      { user_id: JANE, name: 'Jane Doe' },
      { user_id: OMAR, name: 'Omar' },
    ]);
  });
});

describe('parseMentions', () => {
  it.each([
    ['no mentions', 'Plain text, mail jane@example.com', []],
    ['one', `@[Jane Doe](${JANE}) please check`, [{ user_id: JANE, name: 'Jane Doe' }]],
    [
      'the same person twice, once',
      `@[Jane](${JANE}) and @[Jane D](${JANE})`,
      [{ user_id: JANE, name: 'Jane' }],
    ],
    [
      'an id in capitals, in lower case',
      `@[Jane](${JANE.toUpperCase()})`,
      [{ user_id: JANE, name: 'Jane' }],
    ],
    ['not an id', '@[Jane](not-a-uuid)', []],
    ['a name over two lines', `@[Jane\nDoe](${JANE})`, []],
    ['brackets without @', `[Jane](${JANE})`, []],
  ])('%s', (_title, body, expected) => {
    expect(parseMentions(body)).toEqual(expected);
  });
});

describe('bodySegments and plainBody', () => {
  const body = `Ask @[Jane Doe](${JANE}) about it`;

  it('cuts the body into text and mentions', () => {
    expect(bodySegments(body)).toEqual([
      { kind: 'text', text: 'Ask ' },
      { kind: 'mention', name: 'Jane Doe', user_id: JANE },
      { kind: 'text', text: ' about it' },
    ]);
    expect(bodySegments('')).toEqual([]);
  });

  itReturns('%j reads %j', plainBody, [
    [body, 'Ask @Jane Doe about it'],
    ['no mentions', 'no mentions'],
    [`@[Omar](${OMAR})`, '@Omar'],
  ]);
});

describe('mentionQueryAt', () => {
  it.each([
    ['@', 1, { start: 0, query: '' }],
    ['Hi @ja', 6, { start: 3, query: 'ja' }],
    ['Hi @ja and more', 6, { start: 3, query: 'ja' }],
    ['(@ja', 4, { start: 1, query: 'ja' }],
    ['Hi @ja more', 11, null],
    ['mail jane@example', 17, null],
    ['Hi there', 8, null],
    [`@[Jane](${JANE}) x`, 3, null],
  ])('%j at %i → %j', (text, caret, expected) => {
    expect(mentionQueryAt(text, caret)).toEqual(expected);
  });
});

describe('insertMention', () => {
  it('replaces the @-word with @Name and a space, and moves the caret after them', () => {
    const inserted = insertMention('Hi @ja, ok', 3, 6, { name: 'Jane Doe' });
    expect(inserted).toEqual({ text: 'Hi @Jane Doe , ok', caret: 3 + '@Jane Doe '.length });
  });
});

describe('encodeMentions and decodeMentions', () => {
  const jane = { user_id: JANE, name: 'Jane Doe' };
  const janeShort = { user_id: OMAR, name: 'Jane' };
  it.each([
    ['nobody chosen', 'Hi @Jane Doe', [], 'Hi @Jane Doe'],
    ['one', 'Hi @Jane Doe, see', [jane], `Hi @[Jane Doe](${JANE}), see`],
    ['twice', '@Jane Doe and @Jane Doe', [jane], `@[Jane Doe](${JANE}) and @[Jane Doe](${JANE})`],
    ['a name changed since', 'Hi @Jane Do', [jane], 'Hi @Jane Do'],
    ['a longer word', 'Hi @Jane Doesburg', [jane], 'Hi @Jane Doesburg'],
    [
      'the longer name first',
      '@Jane Doe and @Jane',
      [janeShort, jane],
      `@[Jane Doe](${JANE}) and @[Jane](${OMAR})`,
    ],
    [
      'names with regex characters',
      'cc @A.B (x)',
      [{ user_id: JANE, name: 'A.B (x)' }],
      `cc @[A.B (x)](${JANE})`,
    ],
  ])('%s', (_title, text, chosen, expected) => {
    expect(encodeMentions(text, chosen)).toBe(expected);
  });

  it('gives back what the composer showed', () => {
    const body = encodeMentions('Hi @Jane Doe, ok?', [jane]);
    expect(decodeMentions(body)).toEqual({ text: 'Hi @Jane Doe, ok?', mentions: [jane] });
  });
});
