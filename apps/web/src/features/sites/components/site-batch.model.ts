import { type SiteInput, siteInput } from '@fleetdesk/contracts';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';

/** Step 1 of the batch create: what every site of the batch shares. */
export interface SiteBatchBase {
  partnerId?: string;
  type?: SiteInput['type'];
  taxGroupId?: string;
  country?: string;
  city?: string;
}

/** The columns of the batch table, in the order a pasted spreadsheet row fills them. */
export const batchColumns = [
  'name',
  'region',
  'zip',
  'address',
  'coordinates',
  'phone',
  'website',
  'openingHoursNote',
  'fenceRadius',
  'note',
] as const;
export type BatchColumn = (typeof batchColumns)[number];

/** One row as typed: every cell is text until it is validated. */
export type BatchRow = { key: string } & Record<BatchColumn, string>;

/** Cell errors by row key, then by column; errors outside the table (step 1 fields) go to `base`. */
export interface BatchErrors {
  cells: Record<string, Partial<Record<BatchColumn, string>>>;
  base: Partial<Record<keyof SiteBatchBase, string>>;
}

let nextKey = 0;
export function emptyRow(): BatchRow {
  nextKey += 1;
  const row = { key: `row-${nextKey}` } as BatchRow;
  for (const column of batchColumns) row[column] = '';
  return row;
}

export const isBlankRow = (row: BatchRow) => batchColumns.every((column) => row[column].trim() === '');

/**
 * Splits text copied from a spreadsheet (Excel, Google Sheets, LibreOffice) into rows of cells: lines by
 * CR/LF, cells by tab. A quoted cell may hold tabs, newlines and doubled quotes, as spreadsheets write them.
 * The trailing newline a spreadsheet adds does not make an extra row.
 */
export function parsePastedTable(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let atCellStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        cell += c;
      }
      continue;
    }
    if (c === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
    } else if (c === '\t') {
      row.push(cell);
      cell = '';
      atCellStart = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
    } else {
      cell += c;
      atCellStart = false;
    }
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.map((cells) => cells.map((v) => v.trim()));
}

/** Whether a paste is a table (several cells) rather than text for one cell. */
export const isTablePaste = (text: string) => /[\t\r\n]/.test(text.replace(/[\r\n]+$/, ''));

/**
 * Writes a pasted grid into the table from the cell it was pasted into: columns to the right, rows below,
 * adding rows as needed (never past `maxRows`); cells beyond the last column are dropped.
 */
export function applyPaste(
  rows: readonly BatchRow[],
  grid: readonly string[][],
  at: { rowIndex: number; column: BatchColumn },
  maxRows: number,
): BatchRow[] {
  const next = rows.map((r) => ({ ...r }));
  const firstColumn = batchColumns.indexOf(at.column);
  grid.forEach((cells, offset) => {
    const rowIndex = at.rowIndex + offset;
    if (rowIndex >= maxRows) return;
    while (next.length <= rowIndex) next.push(emptyRow());
    const row = next[rowIndex] as BatchRow;
    cells.forEach((value, c) => {
      const column = batchColumns[firstColumn + c];
      if (column) row[column] = value;
    });
  });
  return next;
}

const blankToAbsent = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/**
 * One table row and the shared basic info as a siteInput body. Blank cells become absent (document 1 §7.9);
 * the name is sent as typed so "must not start or end with whitespace" can still be reported; a fence
 * radius that is not a number is sent as text so the contract reports it.
 */
export function rowToInput(base: SiteBatchBase, row: BatchRow): Record<string, unknown> {
  const radius = blankToAbsent(row.fenceRadius);
  const body: Record<string, unknown> = {
    partnerId: base.partnerId,
    type: base.type,
    taxGroupId: base.taxGroupId || undefined,
    country: blankToAbsent(base.country),
    city: base.city,
    name: row.name === '' ? undefined : row.name,
    region: blankToAbsent(row.region),
    zip: blankToAbsent(row.zip),
    address: blankToAbsent(row.address),
    coordinates: blankToAbsent(row.coordinates),
    phone: blankToAbsent(row.phone),
    website: blankToAbsent(row.website),
    openingHoursNote: blankToAbsent(row.openingHoursNote),
    fenceRadius: radius === undefined ? undefined : /^-?\d+(\.\d+)?$/.test(radius) ? Number(radius) : radius,
    note: blankToAbsent(row.note),
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

const isBatchColumn = (field: string): field is BatchColumn => (batchColumns as readonly string[]).includes(field);

/** Adds one field error to the cell it belongs to, or to the step 1 field when it is shared. */
function place(errors: BatchErrors, rowKey: string, field: string, message: string) {
  if (isBatchColumn(field)) {
    const cells = errors.cells[rowKey] ?? {};
    cells[field] ??= message;
    errors.cells[rowKey] = cells;
  } else if (
    field === 'partnerId' ||
    field === 'type' ||
    field === 'taxGroupId' ||
    field === 'country' ||
    field === 'city'
  ) {
    errors.base[field] ??= message;
  }
}

/**
 * The step 1 fields a batch cannot do without, reported as "required" rather than with the contract's
 * message for a malformed value (an empty partner is missing, not "not a valid id").
 */
export function missingBaseFields(base: SiteBatchBase): BatchErrors['base'] {
  const missing: BatchErrors['base'] = {};
  const required = translateValidationMessage('This field is required');
  if (!base.partnerId) missing.partnerId = required;
  if (!base.type) missing.type = required;
  if (!base.city?.trim()) missing.city = required;
  return missing;
}

export const hasErrors = (errors: BatchErrors) =>
  Object.keys(errors.cells).length > 0 || Object.keys(errors.base).length > 0;

/**
 * Validates every non-blank row with the contract's siteInput, as the server will, and returns the bodies to
 * send with the errors to show (messages translated, one per cell).
 */
export function validateBatch(
  base: SiteBatchBase,
  rows: readonly BatchRow[],
): { sites: SiteInput[]; sentRows: BatchRow[]; errors: BatchErrors } {
  const errors: BatchErrors = { cells: {}, base: {} };
  const sites: SiteInput[] = [];
  const sentRows = rows.filter((row) => !isBlankRow(row));
  for (const row of sentRows) {
    const parsed = siteInput.safeParse(rowToInput(base, row));
    if (parsed.success) {
      sites.push(parsed.data);
      continue;
    }
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      place(errors, row.key, field, translateValidationMessage(issue.message));
    }
  }
  return { sites, sentRows, errors };
}

/** Server field errors ("sites.3.zip") put on the cells of the rows that were sent. */
export function serverErrorsToBatch(fields: Record<string, string>, sentRows: readonly BatchRow[]): BatchErrors {
  const errors: BatchErrors = { cells: {}, base: {} };
  for (const [path, message] of Object.entries(fields)) {
    const match = /^sites\.(\d+)\.(\w+)/.exec(path);
    const row = match ? sentRows[Number(match[1])] : undefined;
    if (match && row) place(errors, row.key, match[2] as string, translateValidationMessage(message));
  }
  return errors;
}

/** The cell errors left once the cells whose value changed between two versions of the table are cleared. */
export function clearEditedCells(
  cells: BatchErrors['cells'],
  before: readonly BatchRow[],
  after: readonly BatchRow[],
): BatchErrors['cells'] {
  const previous = new Map(before.map((row) => [row.key, row]));
  const next: BatchErrors['cells'] = {};
  for (const row of after) {
    const errors = cells[row.key];
    if (!errors) continue;
    const old = previous.get(row.key);
    const kept = Object.fromEntries(
      Object.entries(errors).filter(([column]) => old?.[column as BatchColumn] === row[column as BatchColumn]),
    );
    if (Object.keys(kept).length > 0) next[row.key] = kept;
  }
  return next;
}
