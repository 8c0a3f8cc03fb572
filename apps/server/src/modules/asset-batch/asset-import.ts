import {
  ASSET_BATCH_EMPTY_MESSAGE,
  ASSET_BATCH_MAX,
  ASSET_BATCH_MESSAGE,
  ASSET_IMPORT_COLUMNS,
  type AssetFileFormat,
  type AssetImportReport,
  type AssetImportRow,
  type AssetInput,
  assetInput,
  assetLifeCycleStates,
  assetStaffTurnoverStates,
  assetUsageModes,
} from '@fleetdesk/contracts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { unquoteSheetCell } from '../../lib/csv.ts';
import { enabledCategory } from '../assets/asset-rules.ts';
import * as assetsRepo from '../assets/assets.repo.ts';
import { applyValues } from '../assets/property-values.ts';
import * as repo from './asset-batch.repo.ts';
import { type AssetBatchService, fieldsOfProblem } from './asset-batch.service.ts';
import { fileProblem, readSheet, writeSheet } from './asset-sheet.ts';

/**
 * Import of assets from a sheet: one batch create of one category, the fixed columns of ASSET_IMPORT_COLUMNS
 * and one column per custom property, partner and site by name. Every row is checked exactly as a batch create
 * checks it, and its refusals come back on the row's cells.
 */

type FixedColumn = (typeof ASSET_IMPORT_COLUMNS)[number];
type Column = { name: string; fixed: FixedColumn } | { name: string; property: assetsRepo.PropertyRow };

/** Images are uploaded one by one and automatic values come from devices: neither is a column. */
const importable = (d: assetsRepo.PropertyRow) => d.valueType !== 'IMAGE' && d.updateMethod !== 'AUTOMATIC';

/** The header of the template: the fixed columns, then each importable property in display order. */
export const templateColumns = (definitions: readonly assetsRepo.PropertyRow[]) => [
  ...ASSET_IMPORT_COLUMNS,
  ...definitions.filter(importable).map((d) => d.name),
];

/**
 * A header cell's column name. Templates and exports write a formula-like property name (`=HYPERLINK(…)`) with a
 * leading apostrophe (sheetCell); it comes off here so the file re-imports. A property whose name really starts
 * with that apostrophe keeps it.
 */
function headerName(text: string, definitions: readonly assetsRepo.PropertyRow[]) {
  const unquoted = unquoteSheetCell(text);
  if (unquoted === text) return text;
  const key = text.toLowerCase();
  return definitions.some((d) => d.name.toLowerCase() === key) ? text : unquoted;
}

/** The columns of a file's header (null for a blank header cell); a column the import cannot fill is a 400. */
function layoutOf(header: readonly string[], definitions: readonly assetsRepo.PropertyRow[]): (Column | null)[] {
  const seen = new Set<string>();
  const layout = header.map((raw): Column | null => {
    const name = headerName(raw.trim(), definitions);
    if (name === '') return null;
    const key = name.toLowerCase();
    if (seen.has(key)) throw fileProblem(`The column "${name}" appears twice`);
    seen.add(key);
    const fixed = ASSET_IMPORT_COLUMNS.find((c) => c.toLowerCase() === key);
    if (fixed) return { name: fixed, fixed };
    const property = definitions.find((d) => d.name.toLowerCase() === key);
    if (!property) throw fileProblem(`Unknown column "${name}"`);
    if (property.valueType === 'IMAGE')
      throw fileProblem(`The column "${name}" holds images, which cannot be imported`);
    if (property.updateMethod === 'AUTOMATIC') {
      throw fileProblem(`The column "${name}" is updated automatically and cannot be imported`);
    }
    return { name: property.name, property };
  });
  // Without these every row would fail on a column the report does not even show.
  const required: [FixedColumn, string][] = [
    ['no', 'The file has no "no" column (the asset number)'],
    ['partner', 'The file has no "partner" column'],
    ['usageMode', 'The file has no "usageMode" column'],
  ];
  for (const [column, message] of required) {
    if (!layout.some((c) => c !== null && 'fixed' in c && c.fixed === column)) throw fileProblem(message);
  }
  return layout;
}

type Converted = { ok: true; value: unknown } | { ok: false; message: string };

/** A property cell as the value its type takes; applyValues then checks it like any other value. */
function propertyValue(valueType: string, text: string): Converted {
  switch (valueType) {
    case 'BOOLEAN': {
      const lower = text.toLowerCase();
      if (['true', 'yes', '1'].includes(lower)) return { ok: true, value: true };
      if (['false', 'no', '0'].includes(lower)) return { ok: true, value: false };
      return { ok: false, message: 'Must be true or false' };
    }
    case 'INTEGER':
      return /^[+-]?\d+$/.test(text)
        ? { ok: true, value: Number(text) }
        : { ok: false, message: 'Must be a whole number' };
    case 'NUMBER': {
      // Semicolon files come from locales that write a decimal comma.
      const normal = /^[+-]?\d+,\d+$/.test(text) ? text.replace(',', '.') : text;
      return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(normal)
        ? { ok: true, value: Number(normal) }
        : { ok: false, message: 'Must be a number' };
    }
    case 'DATE':
      // A date cell of a workbook reads as midnight UTC of that day.
      return { ok: true, value: /^\d{4}-\d{2}-\d{2}T00:00:00(\.0+)?Z$/.test(text) ? text.slice(0, 10) : text };
    default:
      return { ok: true, value: text };
  }
}

/** The enum value a cell names, in any letter case. */
function enumValue<T extends string>(values: readonly T[], text: string): T | undefined {
  return values.find((v) => v.toLowerCase() === text.toLowerCase());
}

const COLUMN_OF_FIELD: Record<string, FixedColumn> = { partnerId: 'partner', siteId: 'site' };

/** The column of an asset field a check refused (`properties.<id>` → the property's name). */
function columnOf(field: string, definitions: readonly assetsRepo.PropertyRow[]): string {
  const [head, propertyId] = field.split('.');
  if (head === 'properties' && propertyId) return definitions.find((d) => d.id === propertyId)?.name ?? 'no';
  return (
    COLUMN_OF_FIELD[head ?? ''] ??
    ((ASSET_IMPORT_COLUMNS as readonly string[]).includes(head ?? '') ? (head as string) : 'no')
  );
}

function addError(row: AssetImportRow, column: string, message: string) {
  row.errors[column] ??= message;
}

const cellOf = (row: AssetImportRow, column: string) => row.values[column] ?? '';

const ENUM_COLUMNS: [FixedColumn, readonly string[]][] = [
  ['usageMode', assetUsageModes],
  ['lifeCycleState', assetLifeCycleStates],
  ['turnoverState', assetStaffTurnoverStates],
];

/**
 * The asset input a row describes, for the contract's schema to check; cells that cannot be read (a site
 * name, an enum value, a property value of the wrong form) are marked on the row and left out.
 */
function candidateOf(
  row: AssetImportRow,
  layout: readonly (Column | null)[],
  partnerId: string | undefined,
  sitesNamed: (name: string) => string[],
): Record<string, unknown> {
  const candidate: Record<string, unknown> = { no: cellOf(row, 'no') };
  if (partnerId) candidate.partnerId = partnerId;
  const site = cellOf(row, 'site');
  if (site !== '' && partnerId) {
    const ids = sitesNamed(site);
    if (ids.length === 1) candidate.siteId = ids[0];
    else if (ids.length === 0) addError(row, 'site', 'No site of this name at this partner');
    else addError(row, 'site', 'Several sites of this partner have this name');
  }
  for (const [column, values] of ENUM_COLUMNS) {
    const text = cellOf(row, column);
    if (text === '') continue;
    const value = enumValue(values, text);
    if (value) candidate[column] = value;
    else addError(row, column, `Must be one of ${values.join(', ')}`);
  }
  if (cellOf(row, 'note') !== '') candidate.note = cellOf(row, 'note');
  const properties: Record<string, unknown> = {};
  for (const column of layout) {
    if (!column || !('property' in column)) continue;
    const text = cellOf(row, column.name);
    if (text === '') continue;
    const converted = propertyValue(column.property.valueType, text);
    if (converted.ok) properties[column.property.id] = converted.value;
    else addError(row, column.name, converted.message);
  }
  candidate.properties = properties;
  return candidate;
}

const report = (columns: string[], rows: AssetImportRow[], created: number): AssetImportReport => {
  const invalid = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  return { columns, rows, valid: rows.length - invalid, invalid, created };
};

const importHasErrors = (r: AssetImportReport) =>
  new DomainError('ImportHasErrors', 422, `${r.invalid} of ${r.rows.length} rows have errors; nothing was imported`, r);

export function createAssetImportService(deps: { db: Db; batch: AssetBatchService }) {
  const { db, batch } = deps;

  /** Partner ids by the lower-case names in the file, in the caller's scope (several: ambiguous). */
  async function partnersByName(caller: Caller, names: readonly string[]) {
    const byName = new Map<string, string[]>();
    for (const p of await repo.partnersNamed(db, caller.scope, [...new Set(names.map((n) => n.toLowerCase()))])) {
      const key = p.name.toLowerCase();
      byName.set(key, [...(byName.get(key) ?? []), p.id]);
    }
    return byName;
  }

  /** Site ids by partner and lower-case name, among the caller's partners. */
  async function sitesByName(caller: Caller, partnerIds: readonly string[], names: readonly string[]) {
    const byName = new Map<string, string[]>();
    const found = await repo.sitesNamed(
      db,
      caller.scope,
      [...new Set(partnerIds)],
      [...new Set(names.map((n) => n.toLowerCase()))],
    );
    for (const s of found) {
      const key = `${s.partnerId}\u0000${s.name.toLowerCase()}`;
      byName.set(key, [...(byName.get(key) ?? []), s.id]);
    }
    return byName;
  }

  return {
    /** An empty import file for an enabled category: the header row only. */
    async template(categoryId: string, format: AssetFileFormat) {
      await enabledCategory(db, categoryId);
      const definitions = await assetsRepo.propertiesOf(db, [categoryId]);
      return writeSheet(format, [templateColumns(definitions)]);
    },

    /**
     * Reads a file into rows of one batch create and checks them all. A preview (dryRun) answers the report;
     * otherwise the rows are created when none has an error, and a 422 ImportHasErrors carries the report.
     */
    async importFile(caller: Caller, categoryId: string, content: Buffer, dryRun: boolean) {
      await enabledCategory(db, categoryId);
      const definitions = await assetsRepo.propertiesOf(db, [categoryId]);
      const sheet = await readSheet(content);
      const layout = layoutOf(sheet.header, definitions);
      if (sheet.rows.length === 0) throw fileProblem(ASSET_BATCH_EMPTY_MESSAGE);
      if (sheet.rows.length > ASSET_BATCH_MAX) throw fileProblem(ASSET_BATCH_MESSAGE);
      const columns = layout.flatMap((c) => (c ? [c.name] : []));

      const rows: AssetImportRow[] = sheet.rows.map((r) => {
        const values: Record<string, string> = {};
        const errors: Record<string, string> = {};
        r.cells.forEach((cell, i) => {
          const column = layout[i];
          if (column) values[column.name] = cell;
          else if (cell !== '') throw fileProblem(`A column without a name holds a value on line ${r.line}`);
        });
        return { line: r.line, values, errors };
      });

      const partners = await partnersByName(
        caller,
        rows.map((r) => cellOf(r, 'partner')).filter((n) => n !== ''),
      );
      const partnerOf = rows.map((row): string | undefined => {
        const name = cellOf(row, 'partner');
        const ids = partners.get(name.toLowerCase()) ?? [];
        if (name === '') addError(row, 'partner', 'This field is required');
        else if (ids.length === 0) addError(row, 'partner', 'No partner of this name in your partner scope');
        else if (ids.length > 1) addError(row, 'partner', 'Several partners have this name');
        return ids.length === 1 ? ids[0] : undefined;
      });
      const sites = await sitesByName(
        caller,
        partnerOf.filter((id): id is string => id !== undefined),
        rows.map((r) => cellOf(r, 'site')).filter((n) => n !== ''),
      );

      const inputs: AssetInput[] = [];
      const rowOfInput: AssetImportRow[] = [];
      rows.forEach((row, i) => {
        const partnerId = partnerOf[i];
        const candidate = candidateOf(row, layout, partnerId, (name) =>
          partnerId ? (sites.get(`${partnerId}\u0000${name.toLowerCase()}`) ?? []) : [],
        );
        const parsed = assetInput.safeParse(candidate);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            addError(row, columnOf(issue.path.map(String).join('.'), definitions), issue.message);
          }
        }
        if (parsed.success && Object.keys(row.errors).length === 0) {
          inputs.push(parsed.data);
          rowOfInput.push(row);
        } else {
          // The row cannot join the batch check; its property values are still checked the same way.
          const { errors } = applyValues(definitions, {}, candidate.properties as Record<string, unknown>, true);
          for (const [field, message] of Object.entries(errors)) addError(row, columnOf(field, definitions), message);
        }
      });

      const withProblems = (problems: readonly (readonly DomainError[])[]) => {
        problems.forEach((found, k) => {
          const row = rowOfInput[k] as AssetImportRow;
          for (const problem of found) {
            for (const [field, message] of Object.entries(fieldsOfProblem(problem, 'no'))) {
              addError(row, columnOf(field, definitions), message);
            }
          }
        });
        return report(columns, rows, 0);
      };

      const cellErrors = rows.some((r) => Object.keys(r.errors).length > 0);
      if (dryRun || cellErrors) {
        const checked = withProblems(inputs.length > 0 ? await batch.check(caller, categoryId, inputs) : []);
        if (dryRun) return checked;
        throw importHasErrors(checked);
      }
      await batch.createAll(caller, categoryId, inputs, (problems) => importHasErrors(withProblems(problems)));
      return report(columns, rows, inputs.length);
    },
  };
}

export type AssetImportService = ReturnType<typeof createAssetImportService>;
