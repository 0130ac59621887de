import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import { authorInitials, isWithinEditWindow } from './comment-rules.ts';
import { ZAddQuoteCommentBody } from './schemas.ts';

describe('authorInitials', () => {
  itReturns('%j → %j', authorInitials, [
    ['Jane Doe', 'JD'],
    ['jane', 'J'],
    ['Mary Ann van der Berg', 'MB'],
    ['  élodie   durand ', 'ÉD'],
    ['jane.doe@example.com', 'JD'],
    ['sales@example.com', 'S'],
    ['(Jane) [Doe]', 'JD'],
    ['', '?'],
    ['  ', '?'],
  ]);
});

describe('isWithinEditWindow', () => {
  const written = new Date('2026-03-05T14:00:00Z');
  const after = (seconds: number) => new Date(written.getTime() + seconds * 1000);
  it.each([
    [0, true],
    [60, true],
    [14 * 60 + 59, true],
    [15 * 60, false],
    [16 * 60, false],
  ])('%i s after writing: %s', (seconds, expected) => {
    expect(isWithinEditWindow(written, after(seconds))).toBe(expected);
  });

  it('is closed for a date that cannot be read', () => {
    expect(isWithinEditWindow(new Date(Number.NaN), written)).toBe(false);
  });
});

describe('the comment body', () => {
  const quoteId = '0b6f5a4e-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
  const messageOf = (body: unknown) => {
    const parsed = ZAddQuoteCommentBody.safeParse({ quote_id: quoteId, kind: 'comment', body });
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };
  it.each([
    ['text', 'Looks good', null],
    ['only spaces', '   ', 'Write something first.'],
    ['nothing', '', 'Write something first.'],
    ['4000 characters', 'x'.repeat(4000), null],
    ['4000 characters with spaces around', `  ${'x'.repeat(4000)}  `, null],
    ['4001 characters', 'x'.repeat(4001), 'A comment can be at most 4000 characters.'],
    ['not text', 42, 'Write something first.'],
  ])('%s: %j', (_title, body, expected) => {
    expect(messageOf(body)).toBe(expected);
  });

  it('is trimmed', () => {
    const parsed = ZAddQuoteCommentBody.parse({ quote_id: quoteId, kind: 'note', body: ' hi ' });
    expect(parsed.body).toBe('hi');
  });

  it('is a comment or a note', () => {
    const parsed = ZAddQuoteCommentBody.safeParse({ quote_id: quoteId, kind: 'memo', body: 'x' });
    expect(parsed.error?.issues[0]?.message).toBe('Choose a comment or an internal note.');
  });
});
