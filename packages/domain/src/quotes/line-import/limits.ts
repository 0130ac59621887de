/*
 * Issue 38: the limits of a line import, apart from the API's schemas so that the browser can
 * check a file's size without loading them.
 */

export const MAX_LINE_IMPORT_ROWS = 5_000;
export const MAX_LINE_IMPORT_KB = 10_240;
export const MAX_LINE_IMPORT_BYTES = MAX_LINE_IMPORT_KB * 1024;
/** Columns a table may have: a bill of materials has a handful, an export about a dozen. */
export const MAX_LINE_IMPORT_COLUMNS = 60;
/** The longest cell kept: SKUs are 60 characters, product names longer. */
export const MAX_LINE_IMPORT_CELL = 500;

export const FILE_TOO_LARGE_MESSAGE = `The file is larger than ${MAX_LINE_IMPORT_KB.toLocaleString('en-US')} KB: import at most ${MAX_LINE_IMPORT_ROWS.toLocaleString('en-US')} lines, without the columns Bastion does not read.`;
