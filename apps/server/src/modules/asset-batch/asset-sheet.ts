import type { AssetFileFormat } from '@fleetdesk/contracts';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { validationError } from '../../errors.ts';
import { sheetCell } from '../../lib/csv.ts';
import { checkZip } from '../../lib/zip-guard.ts';

/**
 * Reading and writing the sheets people exchange with the asset list: CSV (UTF-8, comma or semicolon, a BOM
 * tolerated) and XLSX (the first worksheet). Every cell is read as text, the way the import maps it.
 */

export type SheetRow = { line: number; cells: string[] };
export type SheetValue = string | number | boolean | null;
export type Sheet = { header: string[]; rows: SheetRow[] };

export const fileProblem = (message: string) => validationError({ file: message });

const UNREADABLE = 'The file is neither a CSV file (UTF-8) nor an XLSX workbook';
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export const SHEET_TYPES: Record<AssetFileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A cell of a workbook as text: numbers and booleans as written, dates as ISO 8601, formulas by result. */
export function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('error' in value) return value.error;
  return '';
}

const blank = (cells: readonly string[]) => cells.every((c) => c === '');

/** The delimiter of the header line: whichever of comma and semicolon it holds more of. */
function delimiterOf(text: string) {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

function readCsv(content: Buffer): Sheet {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw fileProblem(UNREADABLE);
  }
  // Binary files often decode as UTF-8 by chance; no sheet holds NUL characters.
  if (text.includes('\u0000')) throw fileProblem(UNREADABLE);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      info: true,
      relax_column_count: true,
      relax_quotes: false,
      skip_empty_lines: false,
      trim: true,
    }) as unknown as typeof records;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw fileProblem(`The CSV file cannot be read: ${reason}`);
  }
  const rows: SheetRow[] = [];
  let lastLine = 0;
  for (const { record, info } of records) {
    rows.push({ line: lastLine + 1, cells: record });
    lastLine = info.lines;
  }
  return headerAndRows(rows);
}

/** How big a workbook may grow once unpacked: far above 100 rows, far below what hurts the server. */
export const XLSX_UNPACKED_MAX = 32 * 1024 * 1024;

async function readXlsx(content: Buffer): Promise<Sheet> {
  // ExcelJS inflates the whole zip in memory: a small upload must not unpack into gigabytes.
  const zip = checkZip(content, XLSX_UNPACKED_MAX);
  if (zip === 'too-large') throw fileProblem('The workbook is too large once unpacked (over 32 MB)');
  if (zip === 'malformed') throw fileProblem(UNREADABLE);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw fileProblem(UNREADABLE);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileProblem('The workbook has no worksheet');
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    // row.values is 1-based: index 0 is always empty.
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push({ line: row.number, cells: Array.from(values, (v) => cellText(v).trim()) });
  });
  return headerAndRows(rows);
}

/** The first non-blank row is the header; blank rows after it are not data. */
function headerAndRows(rows: SheetRow[]): Sheet {
  const start = rows.findIndex((r) => !blank(r.cells));
  const header = rows[start];
  if (!header) throw fileProblem('The file is empty');
  return { header: header.cells, rows: rows.slice(start + 1).filter((r) => !blank(r.cells)) };
}

/** Reads an uploaded sheet, telling XLSX (a zip) from CSV by its content, not by its name. */
export function readSheet(content: Buffer): Promise<Sheet> | Sheet {
  if (content.length === 0) throw fileProblem('The file is empty');
  if (content.subarray(0, 4).equals(ZIP_SIGNATURE)) return readXlsx(content);
  return readCsv(content);
}

/**
 * A small sheet written at once (the import template). The CSV starts with a BOM so Excel reads it as UTF-8.
 * Every cell goes through sheetCell: the template's header holds custom property names, which users type.
 */
export async function writeSheet(format: AssetFileFormat, rows: readonly (readonly SheetValue[])[]): Promise<Buffer> {
  const cells = rows.map((row) => row.map(sheetCell));
  if (format === 'csv') return Buffer.from(`\uFEFF${stringify(cells)}`, 'utf-8');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Assets');
  for (const row of cells) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
