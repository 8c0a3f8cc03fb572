import { stringify } from 'csv-stringify/sync';

/**
 * What a spreadsheet reads as the start of a formula: `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP's
 * list for CSV injection). A cell a person typed as `=HYPERLINK("http://…")` — an asset note, a property name,
 * a customer's name — would otherwise run when the file is opened.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell of a CSV or XLSX file we write: text that starts like a formula gets a leading apostrophe, which
 * spreadsheets take as "this is text". Every writer calls it for every cell it writes, header cells included
 * (a custom property's name is a header and is typed by users). Numbers, booleans and null are left as they
 * are: a negative number is a number, not a formula, and must stay one to be summed.
 */
export function sheetCell<T extends string | number | boolean | null | undefined>(v: T): T | string {
  return typeof v === 'string' && FORMULA_START.test(v) ? `'${v}` : v;
}

/**
 * A header cell as read back from a file we may have written: the apostrophe sheetCell put before a
 * formula-like name is taken off again, so a template or an export re-imports under the name it was given.
 * Only an apostrophe followed by a formula start is ours; any other is the user's text.
 */
export function unquoteSheetCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** A CSV file with a byte-order mark, so spreadsheets read it as UTF-8; every cell, header too, via sheetCell. */
export const toCsv = (header: readonly string[], lines: readonly (string | number | boolean | null)[][]) =>
  stringify([header.map(sheetCell), ...lines.map((line) => line.map(sheetCell))], { bom: true });
