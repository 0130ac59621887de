import { randomInt } from 'node:crypto';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type {
  CurrencyRates,
  ExchangeRateAdded,
  ExchangeRateList,
  ExchangeRatesImported,
} from '@bastion/domain/exchange-rates/schemas';
import { auditLog } from '@bastion/db/schema/audit';
import { currencyRates } from '@bastion/db/schema/catalog';
import { currencyRateHistory } from '@bastion/db/schema/pricing';
import { auditActionsOf } from '../../test/audit.ts';
import { postCallsAs, useTestBed } from '../../test/test-bed.ts';

const { ctx, users, cookies } = useTestBed({
  finance: 'FINANCE_MANAGER',
  root: 'ROOT_ADMIN',
  catalogAdmin: 'CATALOG_ADMIN',
  marginUser: 'MARGIN_USER',
  seller: 'SALES_USER',
  dealDeskAdmin: 'DEAL_DESK_ADMIN',
});
const { post, dataOf } = postCallsAs({ ctx, cookies }, 'finance', '/api/dx/exchange-rates/');

/*
 * The worker's other files share the database and price quotes in its currencies, so every
 * currency here is one of the file's own (Q and two letters: no currency the demo or another
 * test uses), removed afterwards.
 */
const madeCodes = new Set<string>();
function newCode(): string {
  const letter = () => String.fromCharCode(65 + randomInt(26));
  for (;;) {
    const code = `Q${letter()}${letter()}`;
    if (madeCodes.has(code) || code === 'QAR') continue;
    madeCodes.add(code);
    return code;
  }
}

afterAll(async () => {
  if (!(ctx as { db?: unknown }).db) return;
  const codes = [...madeCodes];
  if (codes.length === 0) return;
  await ctx.db.delete(currencyRateHistory).where(inArray(currencyRateHistory.currencyCode, codes));
  await ctx.db.delete(currencyRates).where(inArray(currencyRates.currencyCode, codes));
});

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysFromToday = (days: number) => dayOf(new Date(Date.now() + days * 86_400_000));
const today = () => daysFromToday(0);

interface ErrorBody {
  error: string;
  message: string;
  errors?: { path: string; message: string; row?: number; column?: string | null }[];
}

const rate = (body: Record<string, unknown>) => ({ note: '', ...body });
const add = (body: Record<string, unknown>, who: Parameters<typeof dataOf>[2] = 'finance') =>
  dataOf<ExchangeRateAdded>('add', rate(body), who);

async function rateInUse(code: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ rate: currencyRates.unitsPerUsd })
    .from(currencyRates)
    .where(eq(currencyRates.currencyCode, code));
  return row ? Number(row.rate).toFixed(6) : null;
}

async function currencyOf(code: string): Promise<CurrencyRates | undefined> {
  const list = await dataOf<ExchangeRateList>('list', {});
  return list.currencies.find((c) => c.currency_code === code);
}

/** The history rows and audit entries of the file's currencies: what a refusal must not change. */
async function fingerprint() {
  const codes = [...madeCodes];
  const [history, current, [audits]] = await Promise.all([
    ctx.db
      .select()
      .from(currencyRateHistory)
      .where(inArray(currencyRateHistory.currencyCode, codes))
      .orderBy(asc(currencyRateHistory.id)),
    ctx.db
      .select()
      .from(currencyRates)
      .where(inArray(currencyRates.currencyCode, codes))
      .orderBy(asc(currencyRates.currencyCode)),
    ctx.db.select({ n: count() }).from(auditLog),
  ]);
  return { history, current, audits: audits?.n };
}

async function refusal(path: string, body: unknown, who: Parameters<typeof post>[2] = 'finance') {
  const response = await post(path, body, who);
  expect(response.statusCode, response.body).toBe(400);
  return response.json<ErrorBody>();
}

describe('adding exchange rates', () => {
  it('adds a new currency, fills in its history backwards and moves its rate in use forwards', async () => {
    const code = newCode();

    // A new currency from ten days ago: it is the rate in effect, so pricing gets it at once.
    const first = await add({
      currency_code: code.toLowerCase(),
      units_per_usd: '3.5',
      effective_from: daysFromToday(-10),
      note: 'Treasury month-end',
    });
    expect(first).toEqual({
      currency_code: code,
      units_per_usd: '3.500000',
      effective_from: daysFromToday(-10),
      note: 'Treasury month-end',
      replaced_units_per_usd: null,
      is_in_effect: true,
      previous_units_per_usd: null,
      is_new_currency: true,
    });
    expect(await rateInUse(code)).toBe('3.500000');

    // A rate from before that fills in the history: the rate in use stays.
    const backdated = await add({
      currency_code: code,
      units_per_usd: '3.25',
      effective_from: daysFromToday(-40),
    });
    expect(backdated).toMatchObject({
      is_in_effect: false,
      previous_units_per_usd: '3.500000',
      is_new_currency: false,
      replaced_units_per_usd: null,
    });
    expect(await rateInUse(code)).toBe('3.500000');

    // Today's rate takes over.
    const latest = await add({
      currency_code: code,
      units_per_usd: '3.612345',
      effective_from: today(),
    });
    expect(latest).toMatchObject({ is_in_effect: true, previous_units_per_usd: '3.500000' });
    expect(await rateInUse(code)).toBe('3.612345');

    const listed = await currencyOf(code);
    expect(listed).toMatchObject({
      currency_code: code,
      is_base: false,
      units_per_usd: '3.612345',
      effective_from: today(),
      history_count: 3,
    });
    // Newest first, each with who entered it; only today's is in effect.
    expect(
      listed?.history.map((row) => [row.effective_from, row.units_per_usd, row.is_in_effect]),
    ).toEqual([
      [today(), '3.612345', true],
      [daysFromToday(-10), '3.500000', false],
      [daysFromToday(-40), '3.250000', false],
    ]);
    expect(listed?.history[1]).toMatchObject({
      note: 'Treasury month-end',
      entered_by_email: users.finance.email,
    });

    expect(await auditActionsOf(ctx.db, code)).toEqual([
      expect.objectContaining({
        action: 'exchange_rate.added',
        actor: users.finance.id,
        details: expect.objectContaining({
          units_per_usd: '3.500000',
          is_new_currency: true,
          is_in_effect: true,
        }),
      }),
      expect.objectContaining({
        action: 'exchange_rate.added',
        details: expect.objectContaining({ is_in_effect: false }),
      }),
      expect.objectContaining({
        action: 'exchange_rate.added',
        details: expect.objectContaining({ previous_units_per_usd: '3.500000' }),
      }),
    ]);
  });

  it('replaces the rate of a day with a second one for the same day, and says so', async () => {
    const code = newCode();
    await add({ currency_code: code, units_per_usd: '12', effective_from: today() });
    const second = await add(
      { currency_code: code, units_per_usd: '12.5', effective_from: today(), note: 'Corrected' },
      'root',
    );
    expect(second).toMatchObject({
      replaced_units_per_usd: '12.000000',
      is_in_effect: true,
      previous_units_per_usd: '12.000000',
    });
    expect(await rateInUse(code)).toBe('12.500000');
    const listed = await currencyOf(code);
    expect(listed?.history).toHaveLength(1);
    expect(listed?.history[0]).toMatchObject({
      units_per_usd: '12.500000',
      note: 'Corrected',
      entered_by_email: users.root.email,
    });
    const actions = await auditActionsOf(ctx.db, code);
    expect(actions.map((a) => a.action)).toEqual(['exchange_rate.added', 'exchange_rate.replaced']);
    expect(actions[1]?.details).toMatchObject({ replaced_units_per_usd: '12.000000' });
  });

  it('replacing a past day that is not in effect leaves the rate in use alone', async () => {
    const code = newCode();
    await add({ currency_code: code, units_per_usd: '2', effective_from: daysFromToday(-5) });
    await add({ currency_code: code, units_per_usd: '2.2', effective_from: daysFromToday(-1) });
    const replaced = await add({
      currency_code: code,
      units_per_usd: '1.9',
      effective_from: daysFromToday(-5),
    });
    expect(replaced).toMatchObject({ replaced_units_per_usd: '2.000000', is_in_effect: false });
    expect(await rateInUse(code)).toBe('2.200000');
  });

  it('gives a rate in use without a history its first row, so a backdated rate does not replace it', async () => {
    const code = newCode();
    await ctx.db.insert(currencyRates).values({
      currencyCode: code,
      unitsPerUsd: '7.000000',
      updatedAt: new Date(Date.now() - 3 * 86_400_000),
    });
    const added = await add({
      currency_code: code,
      units_per_usd: '6.5',
      effective_from: daysFromToday(-30),
    });
    expect(added).toMatchObject({ is_in_effect: false, is_new_currency: false });
    expect(await rateInUse(code)).toBe('7.000000');
    const listed = await currencyOf(code);
    expect(listed?.history.map((row) => [row.effective_from, row.units_per_usd, row.note])).toEqual(
      [
        [daysFromToday(-3), '7.000000', 'Rate in use when rate history began'],
        [daysFromToday(-30), '6.500000', ''],
      ],
    );
  });

  it('replaces the first row it gives a rate in use when the new rate is for that same day', async () => {
    const code = newCode();
    await ctx.db.insert(currencyRates).values({ currencyCode: code, unitsPerUsd: '9.000000' });
    const added = await add({
      currency_code: code,
      units_per_usd: '9.25',
      effective_from: today(),
    });
    expect(added).toMatchObject({
      replaced_units_per_usd: '9.000000',
      is_in_effect: true,
      previous_units_per_usd: '9.000000',
    });
    expect(await rateInUse(code)).toBe('9.250000');
    const listed = await currencyOf(code);
    expect(listed?.history.map((row) => [row.effective_from, row.units_per_usd])).toEqual([
      [today(), '9.250000'],
    ]);
  });

  it('shows the demo history of EUR, GBP and JPY, ending at the rates the catalogue put in use', async () => {
    const list = await dataOf<ExchangeRateList>('list', {});
    for (const code of ['EUR', 'GBP', 'JPY']) {
      const currency = list.currencies.find((c) => c.currency_code === code);
      expect(currency?.history.length).toBeGreaterThanOrEqual(3);
      expect(currency?.units_per_usd).toBe(await rateInUse(code));
      expect(currency?.history[0]?.is_in_effect).toBe(true);
    }
  });

  it('lists USD first, always 1, then the currencies by code', async () => {
    const list = await dataOf<ExchangeRateList>('list', {});
    expect(list.today).toBe(today());
    expect(list.can_edit).toBe(true);
    expect(list.currencies[0]).toEqual({
      currency_code: 'USD',
      is_base: true,
      units_per_usd: '1.000000',
      effective_from: null,
      history: [],
      history_count: 0,
    });
    const codes = list.currencies.slice(1).map((c) => c.currency_code);
    expect(codes).toEqual([...codes].sort());
  });
});

describe('bad rates are refused with a message naming the field, and change nothing', () => {
  it.each([
    ['a rate of zero', { units_per_usd: '0' }, 'units_per_usd', 'The rate must be above 0'],
    ['a negative rate', { units_per_usd: '-1.5' }, 'units_per_usd', 'The rate must be above 0'],
    ['seven decimals', { units_per_usd: '0.1234567' }, 'units_per_usd', 'at most 6 decimals'],
    ['a rate with a comma', { units_per_usd: '1,5' }, 'units_per_usd', 'must be a number'],
    ['an absurd rate', { units_per_usd: '20000000' }, 'units_per_usd', 'at most 10,000,000'],
    ['a rate sent as a number', { units_per_usd: 0.92 }, 'units_per_usd', 'sent as text'],
    ['no rate', { units_per_usd: '' }, 'units_per_usd', 'Enter the rate'],
    ['tomorrow', { effective_from: daysFromToday(1) }, 'effective_from', 'cannot be after today'],
    [
      'a day that does not exist',
      { effective_from: '2025-02-30' },
      'effective_from',
      'not a real date',
    ],
    [
      'a day before 1970',
      { effective_from: '1969-12-31' },
      'effective_from',
      '1970-01-01 or later',
    ],
    ['USD', { currency_code: 'USD' }, 'currency_code', 'USD is the base currency'],
    ['a code of four letters', { currency_code: 'EURO' }, 'currency_code', 'three-letter ISO code'],
    ['a note too long', { note: 'x'.repeat(501) }, 'note', 'at most 500 characters'],
  ])('%s', async (_label, change, field, message) => {
    const code = newCode();
    await add({ currency_code: code, units_per_usd: '4', effective_from: daysFromToday(-2) });
    const before = await fingerprint();
    const body = rate({
      currency_code: code,
      units_per_usd: '4.5',
      effective_from: today(),
      ...change,
    });
    const refused = await refusal('add', body);
    expect(refused.error).toBe('VALIDATION_FAILED');
    expect(refused.errors).toEqual([{ path: field, message: expect.stringContaining(message) }]);
    expect(refused.message).not.toMatch(/\bat \w+ \(/); // no stack trace
    expect(await fingerprint()).toEqual(before);
    expect(await rateInUse(code)).toBe('4.000000');
  });

  it('names today in the message that refuses a future day', async () => {
    const refused = await refusal(
      'add',
      rate({ currency_code: newCode(), units_per_usd: '1', effective_from: daysFromToday(3) }),
    );
    expect(refused.errors?.[0]?.message).toBe(
      `The effective date cannot be after today (${today()}): a rate records what happened. Enter a later rate on its day.`,
    );
  });
});

describe('the CSV import and export', () => {
  const csv = (...lines: string[]) =>
    ['currency_code,units_per_usd,effective_from,note', ...lines].join('\r\n');

  it('reports every bad row by its number and imports nothing', async () => {
    const code = newCode();
    const other = newCode();
    await add({ currency_code: code, units_per_usd: '5', effective_from: daysFromToday(-3) });
    const before = await fingerprint();
    const refused = await refusal('import', {
      csv: csv(
        `${code},5.1,${daysFromToday(-2)},fine`,
        `${code},0,${daysFromToday(-1)},zero`,
        `${other},2,${daysFromToday(2)},future`,
        `USD,1,${today()},base`,
        `${code},5.2,${daysFromToday(-2)},same day again`,
        `${other},abc,not-a-day,two problems`,
        `${code},5.3`,
      ),
    });
    expect(refused.message).toMatch(/^Nothing was imported: 7 problems in 6 rows of the file\./);
    expect(refused.errors?.map((e) => [e.row, e.column])).toEqual([
      [3, 'units_per_usd'],
      [4, 'effective_from'],
      [5, 'currency_code'],
      [6, 'effective_from'],
      [7, 'units_per_usd'],
      [7, 'effective_from'],
      [8, null],
    ]);
    expect(refused.errors?.[0]?.message).toContain('The rate must be above 0');
    expect(refused.errors?.[1]?.message).toContain('cannot be after today');
    expect(refused.errors?.[3]?.message).toBe(
      `Row 2 already sets the ${code} rate of ${daysFromToday(-2)}.`,
    );
    expect(refused.errors?.[0]?.path).toBe('row.3.units_per_usd');
    expect(await fingerprint()).toEqual(before);
  });

  it('refuses a file whose header is wrong, naming the columns', async () => {
    const refused = await refusal('import', { csv: 'currency,rate,day\r\nEUR,1,2020-01-01' });
    expect(refused.errors?.[0]?.message).toContain(
      'the columns are currency_code, units_per_usd, effective_from, note',
    );
  });

  it('imports good rows, moving the rates in use that the file makes newest, and exports them back', async () => {
    const code = newCode();
    const fresh = newCode();
    await add({ currency_code: code, units_per_usd: '8', effective_from: daysFromToday(-20) });

    const imported = await dataOf<ExchangeRatesImported>('import', {
      csv: csv(
        `${code},8.1,${daysFromToday(-30)},older`,
        `${code},8.4,${daysFromToday(-1)},"Treasury, month-end"`,
        `${code.toLowerCase()}, 8.05 ,${daysFromToday(-20)},corrected`,
        `${fresh},0.5,${daysFromToday(-7)},'=new`,
        '',
      ),
    });
    expect(imported).toEqual({
      imported: 4,
      added: 3,
      replaced: 1,
      unchanged: 0,
      changed_in_effect: [code, fresh].sort(),
      new_currencies: [fresh],
    });
    expect(await rateInUse(code)).toBe('8.400000');
    expect(await rateInUse(fresh)).toBe('0.500000');
    const listed = await currencyOf(fresh);
    // A note the export wrote with a protecting quote comes back as it was.
    expect(listed?.history[0]?.note).toBe('=new');

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'exchange_rates.imported'))
      .orderBy(asc(auditLog.id))
      .then((rows) => rows.filter((row) => JSON.stringify(row.details).includes(fresh)));
    expect(entry?.actorUserId).toBe(users.finance.id);
    expect(entry?.details).toMatchObject({ added: 3, replaced: 1, new_currencies: [fresh] });

    // The export holds every rate; importing it back changes nothing and records nothing.
    const file = await dataOf<{ file_name: string; csv: string; row_count: number }>('export', {});
    expect(file.file_name).toBe(`exchange-rates-${today()}.csv`);
    const lines = file.csv.split('\r\n');
    expect(lines[0]).toBe('currency_code,units_per_usd,effective_from,note,entered_by,entered_at');
    expect(
      lines.filter((line) => line.startsWith(`${code},`)).map((l) => l.split(',').slice(0, 3)),
    ).toEqual([
      [code, '8.100000', daysFromToday(-30)],
      [code, '8.050000', daysFromToday(-20)],
      [code, '8.400000', daysFromToday(-1)],
    ]);
    expect(file.csv).toContain(
      `${fresh},0.500000,${daysFromToday(-7)},'=new,${users.finance.email},`,
    );
    const before = await fingerprint();
    const again = await dataOf<ExchangeRatesImported>('import', { csv: file.csv });
    expect(again).toMatchObject({
      added: 0,
      replaced: 0,
      changed_in_effect: [],
      new_currencies: [],
    });
    expect(again.unchanged).toBe(file.row_count);
    expect(await fingerprint()).toEqual(before);
  });
});

describe('a long history', () => {
  it('imports years of daily rates at once, lists the latest and exports them all', async () => {
    const code = newCode();
    const days = 1500;
    const lines = Array.from({ length: days }, (_, index) => {
      const rate = (1 + (index % 97) / 1000).toFixed(6);
      return `${code},${rate},${daysFromToday(index - days + 1)},daily fixing`;
    });
    const imported = await dataOf<ExchangeRatesImported>('import', {
      csv: ['currency_code,units_per_usd,effective_from,note', ...lines].join('\r\n'),
    });
    expect(imported).toMatchObject({ imported: days, added: days, new_currencies: [code] });
    const listed = await currencyOf(code);
    expect(listed?.history_count).toBe(days);
    expect(listed?.history).toHaveLength(50);
    expect(listed?.history[0]).toMatchObject({ effective_from: today(), is_in_effect: true });
    expect(await rateInUse(code)).toBe((1 + ((days - 1) % 97) / 1000).toFixed(6));
    const file = await dataOf<{ csv: string }>('export', {});
    expect(file.csv.split('\r\n').filter((line) => line.startsWith(`${code},`))).toHaveLength(days);
  });
});

describe('who may read and change the rates', () => {
  it.each([
    ['seller', 403, 403],
    ['dealDeskAdmin', 403, 403],
    ['catalogAdmin', 200, 403],
    ['marginUser', 200, 403],
    ['finance', 200, 200],
    ['root', 200, 200],
  ] as const)('%s: reading %i, changing %i', async (who, reads, changes) => {
    const code = newCode();
    expect((await post('list', {}, who)).statusCode).toBe(reads);
    expect((await post('export', {}, who)).statusCode).toBe(reads);
    const before = await fingerprint();
    const added = await post(
      'add',
      rate({ currency_code: code, units_per_usd: '1.1', effective_from: today() }),
      who,
    );
    expect(added.statusCode, added.body).toBe(changes);
    const imported = await post(
      'import',
      { csv: `currency_code,units_per_usd,effective_from,note\r\n${code},1.2,${today()},` },
      who,
    );
    expect(imported.statusCode, imported.body).toBe(changes);
    if (changes === 403) {
      expect(added.json<ErrorBody>().error).toBe('FORBIDDEN');
      expect(await fingerprint()).toEqual(before);
    }
  });

  it('tells a reader who may not change them so', async () => {
    const list = await dataOf<ExchangeRateList>('list', {}, 'catalogAdmin');
    expect(list.can_edit).toBe(false);
  });
});
