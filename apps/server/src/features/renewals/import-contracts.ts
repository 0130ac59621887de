import { parseScaledDecimal } from '@bastion/domain/pricing/decimal';
import { dayNumber } from '@bastion/domain/renewals/proration';
import type { ImportContractsResult } from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { appNow } from '../../lib/clock.ts';
import { parseCsv, type CsvRecord } from '../../lib/csv.ts';
import {
  importRefused,
  MAX_IMPORT_ROWS,
  plural,
  type ImportProblem,
} from '../../lib/csv-import.ts';
import type { Audited } from '../../lib/post-route.ts';
import {
  insertContracts,
  insertEntitlements,
  listAccountNames,
  listKnownSkus,
  listOpportunityAccounts,
  listTakenContractNumbers,
} from './renewals.repository.ts';

/*
 * Existing customers' contracts from a CSV (issue 18): one row per entitlement, rows with the same
 * contract_number make one contract. Every row is checked, against the CRM and the catalogue too,
 * before anything is saved; one problem and nothing is, and the answer lists every problem by row
 * (the header is row 1) so the file can be fixed in one go.
 */

const REQUIRED_COLUMNS = [
  'contract_number',
  'account_id',
  'region',
  'currency_code',
  'contract_start',
  'contract_end',
  'sku',
  'quantity',
  'unit_net_price',
] as const;
const OPTIONAL_COLUMNS = [
  'opportunity_id',
  'start_date',
  'end_date',
  'csm_name',
  'csm_email',
  'cam_name',
  'cam_email',
] as const;
export const IMPORT_CONTRACT_COLUMNS = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS] as const;
type Column = (typeof IMPORT_CONTRACT_COLUMNS)[number];

/** What every row of one contract must say alike. */
const CONTRACT_COLUMNS = [
  'account_id',
  'region',
  'opportunity_id',
  'currency_code',
  'contract_start',
  'contract_end',
  'csm_name',
  'csm_email',
  'cam_name',
  'cam_email',
] as const satisfies readonly Column[];

const MAX_QUANTITY = 10_000_000;

interface Problem extends ImportProblem {
  column: Column | null;
}

interface ImportRow {
  row: number;
  values: Record<Column, string>;
  quantity: number;
  unitNetMinor: number;
  startDate: string;
  endDate: string;
}

const isRealDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && dayNumber(text) !== null;
const looksLikeEmail = (text: string) => /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/.test(text);
const isBlank = (record: CsvRecord) => record.fields.every((field) => field.trim() === '');

/**
 * The 400 listing what is wrong: nothing was imported (lib/csv-import.ts, as the catalogue's
 * imports). Its details keep this import's published path, `row N.column`, and message naming its
 * row, and carry the row and column as the catalogue's do, so one table in the browser lists both.
 */
const contractsRefused = (problems: readonly Problem[]) =>
  importRefused(problems, IMPORT_CONTRACT_COLUMNS, (p) => ({
    path: `row ${p.row}${p.column ? `.${p.column}` : ''}`,
    row: p.row,
    column: p.column,
    message: `Row ${p.row}: ${p.message}`,
  }));

/** Which field holds each column, or the problems of the header row. */
function readHeader(header: CsvRecord): Map<Column, number> | Problem[] {
  const problems: Problem[] = [];
  const positions = new Map<Column, number>();
  header.fields.forEach((field, index) => {
    const name = field.trim().toLowerCase();
    const column = IMPORT_CONTRACT_COLUMNS.find((c) => c === name);
    if (column) {
      if (positions.has(column)) {
        problems.push({ row: header.row, column, message: `the column ${column} appears twice.` });
      }
      positions.set(column, index);
    } else if (name !== '') {
      problems.push({
        row: header.row,
        column: null,
        message: `unknown column “${field.trim()}”: the columns are ${IMPORT_CONTRACT_COLUMNS.join(', ')}.`,
      });
    }
  });
  for (const column of REQUIRED_COLUMNS) {
    if (!positions.has(column)) {
      problems.push({
        row: header.row,
        column,
        message: `the header must name the column ${column}: it is missing.`,
      });
    }
  }
  return problems.length > 0 ? problems : positions;
}

/**
 * One row's values checked on their own. The row comes back even with problems, so the checks
 * against the database and the other rows report everything at once; null when it is unreadable.
 */
function readRow(
  record: CsvRecord,
  positions: Map<Column, number>,
  headerWidth: number,
  problems: Problem[],
): ImportRow | null {
  const { row, fields } = record;
  if (fields.slice(headerWidth).some((field) => field.trim() !== '')) {
    problems.push({
      row,
      column: null,
      message: `this row has ${plural(fields.length, 'value', 'values')}; the header names ${headerWidth} columns. A value with a comma needs double quotes.`,
    });
    return null;
  }
  const values = Object.fromEntries(
    IMPORT_CONTRACT_COLUMNS.map((c) => {
      const position = positions.get(c);
      return [c, position === undefined ? '' : (fields[position] ?? '').trim()];
    }),
  ) as Record<Column, string>;
  values.currency_code = values.currency_code.toUpperCase();
  const fail = (column: Column, message: string) => problems.push({ row, column, message });
  const required = (column: Column, what: string) => {
    if (values[column] === '') fail(column, `enter ${what}.`);
    return values[column] !== '';
  };

  if (required('contract_number', 'the contract number') && values.contract_number.length > 64) {
    fail('contract_number', 'the contract number is longer than 64 characters.');
  }
  required('account_id', 'the CRM account id');
  if (required('region', 'the region (such as EMEA)') && values.region.length > 64) {
    fail('region', 'the region is longer than 64 characters.');
  }
  if (required('currency_code', 'the currency, such as USD')) {
    if (!/^[A-Z]{3}$/.test(values.currency_code)) {
      fail('currency_code', 'the currency is a three-letter code such as USD.');
    }
  }
  required('sku', 'the SKU');

  const date = (column: Column, label: string, fallback: string | null) => {
    const text = values[column] || fallback;
    if (text === null || text === '') {
      fail(column, `enter the ${label}.`);
      return null;
    }
    if (!isRealDate(text)) {
      fail(column, `the ${label} “${text}” is not a real date: dates look like 2027-01-31.`);
      return null;
    }
    return text;
  };
  const contractStart = date('contract_start', 'contract start date', null);
  const contractEnd = date('contract_end', 'contract end date', null);
  if (contractStart && contractEnd && contractEnd < contractStart) {
    fail('contract_end', 'the contract end date is before the contract start date.');
  }
  // Without real contract dates the line's defaults are unknown: those problems are reported.
  const startDate = date('start_date', 'start date', values.start_date ? null : contractStart);
  const endDate = date('end_date', 'end date', values.end_date ? null : contractEnd);
  if (startDate && endDate && endDate < startDate) {
    fail('end_date', 'the end date is before the start date.');
  } else if (contractStart && contractEnd && startDate && endDate) {
    if (startDate < contractStart || endDate > contractEnd) {
      fail(
        startDate < contractStart ? 'start_date' : 'end_date',
        `the line runs ${startDate} to ${endDate}, outside the contract’s ${contractStart} to ${contractEnd}.`,
      );
    }
  }

  let quantity = 0;
  if (!/^\d+$/.test(values.quantity) || Number(values.quantity) < 1) {
    fail('quantity', 'the quantity must be a whole number above 0.');
  } else if (Number(values.quantity) > MAX_QUANTITY) {
    fail('quantity', `the quantity must be at most ${MAX_QUANTITY.toLocaleString('en-US')}.`);
  } else {
    quantity = Number(values.quantity);
  }

  let unitNetMinor = 0;
  const price = parseScaledDecimal(values.unit_net_price, 2);
  if (values.unit_net_price === '') {
    fail('unit_net_price', 'enter the unit net price, such as 1200.00.');
  } else if (!price.ok) {
    fail(
      'unit_net_price',
      price.problem === 'DECIMALS'
        ? 'the unit net price has at most 2 decimals.'
        : price.problem === 'RANGE'
          ? 'the unit net price is too large.'
          : `the unit net price “${values.unit_net_price}” is not a number such as 1200.00 (no thousands separators or currency signs).`,
    );
  } else if (price.value < 0) {
    fail('unit_net_price', 'the unit net price must be 0 or more.');
  } else {
    unitNetMinor = price.value;
  }

  for (const column of ['csm_email', 'cam_email'] as const) {
    if (values[column] !== '' && !looksLikeEmail(values[column])) {
      fail(column, `“${values[column]}” is not an e-mail address.`);
    }
  }

  return {
    row,
    values,
    quantity,
    unitNetMinor,
    startDate: startDate ?? '',
    endDate: endDate ?? '',
  };
}

/** Rows of one contract that disagree on what the contract is, each against the first row. */
function checkContractsAgree(rows: readonly ImportRow[], problems: Problem[]) {
  const first = new Map<string, ImportRow>();
  for (const row of rows) {
    const leader = first.get(row.values.contract_number);
    if (!leader) {
      first.set(row.values.contract_number, row);
      continue;
    }
    for (const column of CONTRACT_COLUMNS) {
      if (row.values[column] !== leader.values[column]) {
        problems.push({
          row: row.row,
          column,
          message: `${column} “${row.values[column]}” differs from row ${leader.row} of contract ${row.values.contract_number} (“${leader.values[column]}”): rows of one contract must agree.`,
        });
      }
    }
  }
  return first;
}

/** POST /api/dx/renewals/import-contracts: contracts from CSV; a dry run checks and counts only. */
export async function importContracts(
  db: Database,
  caller: AuthContext,
  input: { csv: string; dry_run: boolean },
  now: Date = appNow(),
): Promise<Audited<ImportContractsResult>> {
  const parsed = parseCsv(input.csv);
  const problems: Problem[] = parsed.problems.map((p) => ({ ...p, column: null }));
  const badRows = new Set(problems.map((p) => p.row));

  const header = parsed.records.find((record) => !isBlank(record));
  if (!header) {
    throw contractsRefused([
      {
        row: 1,
        column: null,
        message: `the file is empty: its first row names the columns ${IMPORT_CONTRACT_COLUMNS.join(', ')}.`,
      },
    ]);
  }
  const positions = readHeader(header);
  if (Array.isArray(positions)) throw contractsRefused(positions);
  const records = parsed.records.filter((r) => r.row > header.row && !isBlank(r));
  if (records.length === 0) {
    throw contractsRefused([
      {
        row: header.row,
        column: null,
        message: 'the file has no contract lines under its header.',
      },
    ]);
  }
  if (records.length > MAX_IMPORT_ROWS) {
    throw contractsRefused([
      {
        row: header.row,
        column: null,
        message: `the file has ${plural(records.length, 'row', 'rows')}; at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} import at once. Split it into parts.`,
      },
    ]);
  }

  const rows: ImportRow[] = [];
  for (const record of records) {
    if (badRows.has(record.row)) continue;
    const row = readRow(record, positions, header.fields.length, problems);
    if (row) rows.push(row);
  }
  const leaders = checkContractsAgree(rows, problems);

  return db.transaction(async (tx) => {
    const distinct = (column: Column) => [
      ...new Set(rows.map((r) => r.values[column]).filter((v) => v !== '')),
    ];
    // One connection in a transaction: the reads go one after the other.
    const accountRows = await listAccountNames(tx, distinct('account_id'));
    const opportunityRows = await listOpportunityAccounts(tx, distinct('opportunity_id'));
    const skuRows = await listKnownSkus(tx, distinct('sku'));
    const takenRows = await listTakenContractNumbers(tx, distinct('contract_number'));
    const accountName = new Map(accountRows.map((a) => [a.id, a.name]));
    const opportunityAccount = new Map(opportunityRows.map((o) => [o.id, o.accountId]));
    const knownSkus = new Set(skuRows.map((s) => s.sku));
    const taken = new Set(takenRows.map((c) => c.contractNumber));

    for (const row of rows) {
      const { values } = row;
      const fail = (column: Column, message: string) =>
        problems.push({ row: row.row, column, message });
      if (values.sku !== '' && !knownSkus.has(values.sku))
        fail('sku', `there is no SKU ${values.sku} in the catalogue.`);
      // Contract-level facts are reported once, on the contract's first row.
      if (leaders.get(values.contract_number) !== row) continue;
      if (taken.has(values.contract_number)) {
        fail('contract_number', `contract ${values.contract_number} already exists.`);
      }
      if (values.account_id !== '' && !accountName.has(values.account_id)) {
        fail('account_id', `there is no CRM account ${values.account_id}.`);
      }
      if (values.opportunity_id !== '') {
        const owner = opportunityAccount.get(values.opportunity_id);
        if (owner === undefined) {
          fail('opportunity_id', `there is no CRM opportunity ${values.opportunity_id}.`);
        } else if (owner !== values.account_id && accountName.has(values.account_id)) {
          fail(
            'opportunity_id',
            `opportunity ${values.opportunity_id} belongs to another account than ${values.account_id}.`,
          );
        }
      }
    }
    if (problems.length > 0) throw contractsRefused(problems);

    const contractNumbers = [...leaders.keys()];
    const data: ImportContractsResult = {
      dry_run: input.dry_run,
      contracts: contractNumbers.length,
      entitlements: rows.length,
      contract_numbers: contractNumbers,
    };
    if (input.dry_run) return { data, audit: null };

    const newContracts = [...leaders.values()].map(({ values }) => ({
      contractNumber: values.contract_number,
      accountId: values.account_id,
      accountName: accountName.get(values.account_id) ?? '',
      region: values.region,
      opportunityId: values.opportunity_id || null,
      currencyCode: values.currency_code,
      startDate: values.contract_start,
      endDate: values.contract_end,
      csmName: values.csm_name,
      csmEmail: values.csm_email,
      camName: values.cam_name,
      camEmail: values.cam_email,
      origin: 'IMPORT' as const,
      createdBy: caller.userId,
      createdAt: now,
      updatedAt: now,
    }));
    const inserted = await insertContracts(tx, newContracts);
    const contractId = new Map(inserted.map((c) => [c.contractNumber, c.id]));
    const lines = rows.map((row) => ({
      contractId: contractId.get(row.values.contract_number) ?? '',
      accountId: row.values.account_id,
      sku: row.values.sku,
      quantity: row.quantity,
      startDate: row.startDate,
      endDate: row.endDate,
      unitNetMinor: row.unitNetMinor,
      currencyCode: row.values.currency_code,
      createdAt: now,
    }));
    await insertEntitlements(tx, lines);
    return {
      data,
      audit: {
        action: 'contracts.imported',
        entityType: 'contract',
        details: {
          contracts: data.contracts,
          entitlements: data.entitlements,
          // The numbers identify what came in; a large file's list is cut to keep the log small.
          contract_numbers: contractNumbers.slice(0, 100),
        },
      },
    };
  });
}
