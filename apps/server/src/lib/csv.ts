import { stringify } from 'csv-stringify/sync';

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, return first) is quoted with an apostrophe. */
export const csvCell = (v: string | number | boolean | null) =>
  typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;

/** A CSV file with a byte-order mark, so spreadsheets read it as UTF-8. */
export const toCsv = (header: readonly string[], lines: readonly (string | number | boolean | null)[][]) =>
  stringify([[...header], ...lines.map((line) => line.map(csvCell))], { bom: true });
