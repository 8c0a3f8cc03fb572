import {
  type AssetInput,
  type AssetUsageMode,
  assetBatchCreateInput,
  assetInitialLifeCycleStates,
} from '@fleetdesk/contracts';

/** One column of the batch grid: a fixed field or a custom property (keyed by its id). */
export interface GridColumn {
  key: string;
  title: string;
  /** For properties: how the typed text becomes a value. */
  valueType?: string;
  required?: boolean;
}

/** A row as typed: every cell is text until it is converted. */
export interface GridRow {
  key: string;
  cells: Record<string, string>;
}

/** Cell errors by row key, then column key. */
export type GridErrors = Record<string, Record<string, string>>;

export const FIXED_COLUMNS = ['no', 'site', 'lifeCycleState', 'note'] as const;

let nextKey = 0;
export function emptyGridRow(): GridRow {
  nextKey += 1;
  return { key: `asset-row-${nextKey}`, cells: {} };
}

export const isBlankGridRow = (row: GridRow) => Object.values(row.cells).every((v) => v.trim() === '');

/**
 * Writes a pasted grid (rows of cells) into the table from the cell it was pasted into: columns to the right,
 * rows below, adding rows as needed (never past `maxRows`); cells past the last column are dropped.
 */
export function pasteIntoGrid(
  rows: readonly GridRow[],
  grid: readonly string[][],
  at: { rowIndex: number; columnKey: string },
  columnKeys: readonly string[],
  maxRows: number,
): GridRow[] {
  const next = rows.map((r) => ({ ...r, cells: { ...r.cells } }));
  const first = columnKeys.indexOf(at.columnKey);
  grid.forEach((cells, offset) => {
    const rowIndex = at.rowIndex + offset;
    if (rowIndex >= maxRows) return;
    while (next.length <= rowIndex) next.push(emptyGridRow());
    const row = next[rowIndex] as GridRow;
    cells.forEach((value, c) => {
      const key = columnKeys[first + c];
      if (key) row.cells[key] = value;
    });
  });
  return next;
}

/** Shared by every row of the batch: the partner and the usage mode. */
export interface BatchCreateBase {
  partnerId?: string;
  usageMode?: AssetUsageMode;
}

export interface GridContext {
  /** Sites of the chosen partner. */
  sites: readonly { id: string; name: string }[];
  /** Lifecycle labels people may type, lower-cased, besides the state names themselves. */
  lifeCycleLabels: Record<string, string>;
  properties: readonly GridColumn[];
  messages: { unknownSite: string; unknownLifeCycle: string };
}

const trueWords = new Set(['true', 'yes', 'y', '1', 'sì', 'si', '예', '是']);
const falseWords = new Set(['false', 'no', 'n', '0', '아니오', '否']);

/** A typed property cell → its value; text that does not fit the type is sent as is for the server to refuse. */
export function propertyCellValue(valueType: string | undefined, text: string): unknown {
  const value = text.trim();
  if (valueType === 'BOOLEAN') {
    if (trueWords.has(value.toLowerCase())) return true;
    if (falseWords.has(value.toLowerCase())) return false;
    return value;
  }
  if ((valueType === 'INTEGER' || valueType === 'NUMBER') && value !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return value;
}

/**
 * Converts the rows that are not blank into `$batchCreate` bodies and checks them with the contract, as the
 * server will; site names and lifecycle labels people typed or pasted are resolved here.
 */
export function validateGrid(
  base: BatchCreateBase,
  rows: readonly GridRow[],
  context: GridContext,
): { assets: AssetInput[]; sentRows: GridRow[]; errors: GridErrors; baseErrors: Partial<Record<'partnerId', string>> } {
  const errors: GridErrors = {};
  const mark = (row: GridRow, column: string, message: string) => {
    errors[row.key] ??= {};
    (errors[row.key] as Record<string, string>)[column] ??= message;
  };
  const sentRows = rows.filter((row) => !isBlankGridRow(row));
  const bodies = sentRows.map((row) => {
    const cell = (key: string) => (row.cells[key] ?? '').trim();
    const body: Record<string, unknown> = {
      no: cell('no') === '' ? undefined : cell('no').toUpperCase(),
      partnerId: base.partnerId,
      usageMode: base.usageMode,
    };
    const site = cell('site');
    if (site) {
      const match = context.sites.find((s) => s.name.toLowerCase() === site.toLowerCase());
      if (match) body.siteId = match.id;
      else mark(row, 'site', context.messages.unknownSite);
    }
    const life = cell('lifeCycleState');
    if (life) {
      const state =
        assetInitialLifeCycleStates.find((s) => s.toLowerCase() === life.toLowerCase()) ??
        context.lifeCycleLabels[life.toLowerCase()];
      if (state) body.lifeCycleState = state;
      else mark(row, 'lifeCycleState', context.messages.unknownLifeCycle);
    }
    if (cell('note')) body.note = cell('note');
    const properties: Record<string, unknown> = {};
    for (const property of context.properties) {
      const text = cell(property.key);
      if (text !== '') properties[property.key] = propertyCellValue(property.valueType, text);
    }
    if (Object.keys(properties).length > 0) body.properties = properties;
    return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  });

  const baseErrors: Partial<Record<'partnerId', string>> = {};
  const parsed = assetBatchCreateInput.safeParse({ assets: bodies });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, index, field] = issue.path;
      const row = head === 'assets' && typeof index === 'number' ? sentRows[index] : undefined;
      if (row && field === 'partnerId') baseErrors.partnerId ??= issue.message;
      else if (row && typeof field === 'string') mark(row, field === 'siteId' ? 'site' : field, issue.message);
      else if (row) mark(row, 'no', issue.message);
    }
  }
  return { assets: parsed.success ? parsed.data.assets : [], sentRows, errors, baseErrors };
}

/** A refused batch's `assets.3.no` / `assets.3.properties.<id>` → the cells of the rows that were sent. */
export function serverGridErrors(
  fields: Record<string, string>,
  sentRows: readonly GridRow[],
): { errors: GridErrors; other: string[] } {
  const errors: GridErrors = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const [head, index, field, sub] = path.split('.');
    const row = head === 'assets' && index !== undefined ? sentRows[Number(index)] : undefined;
    if (!row || field === undefined || field === 'partnerId' || field === 'usageMode') {
      other.push(message);
      continue;
    }
    const column = field === 'properties' && sub ? sub : field === 'siteId' ? 'site' : field;
    errors[row.key] ??= {};
    (errors[row.key] as Record<string, string>)[column] ??= message;
  }
  return { errors, other };
}
