import { z } from 'zod';
import { assetQueryInput } from './asset-query.ts';
import { asset, assetInput, assetNo, assetPatch } from './assets.ts';
import { dataOf, emptyResponse } from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';

/**
 * Batch work on assets (issue 4): create, edit and delete up to 100 assets at once, each call all-or-nothing.
 * A refused batch answers 400 with `data.fields` keyed by row (`assets.3.no`, `nos.7`), so the console marks
 * the row and the cell; nothing is written. Imports share the limit: a file is one batch create.
 */
export const ASSET_BATCH_MAX = 100;
export const ASSET_BATCH_MESSAGE = 'batch operations above 100 refused';
export const ASSET_BATCH_EMPTY_MESSAGE = 'Please add at least one asset';
export const ASSET_BATCH_DUPLICATE_MESSAGE = 'This asset number appears more than once in the batch';
/** Import files: CSV (UTF-8, comma or semicolon) or XLSX (first sheet), up to 2 MB and 100 data rows. */
export const ASSET_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const ASSET_IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type AssetFileFormat = (typeof ASSET_IMPORT_FORMATS)[number];
/**
 * The fixed columns of an import file and its template, in order; each custom property of the category follows
 * as a column named after the property. Partner and site are given by name (the names people see).
 */
export const ASSET_IMPORT_COLUMNS = [
  'no',
  'partner',
  'site',
  'usageMode',
  'lifeCycleState',
  'turnoverState',
  'note',
] as const;

const batch = <T extends z.ZodType>(row: T) =>
  z.array(row).min(1, { message: ASSET_BATCH_EMPTY_MESSAGE }).max(ASSET_BATCH_MAX, { message: ASSET_BATCH_MESSAGE });

export const assetBatchCreateInput = z.strictObject({ assets: batch(assetInput) });
export type AssetBatchCreateInput = z.infer<typeof assetBatchCreateInput>;

/** One row of a batch edit: the asset's number and the fields to change (the same rules as a single PATCH). */
export const assetBatchUpdateRow = assetPatch.extend({ no: assetNo });
export const assetBatchUpdateInput = z.strictObject({ assets: batch(assetBatchUpdateRow) });
export type AssetBatchUpdateInput = z.infer<typeof assetBatchUpdateInput>;

export const assetBatchDeleteInput = z.strictObject({ nos: batch(assetNo) });
export type AssetBatchDeleteInput = z.infer<typeof assetBatchDeleteInput>;

export const assetImportQuery = z.strictObject({
  /** true: validate and report, write nothing (the preview). */
  dryRun: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** One data row of an import file as read, with its errors keyed by column (empty when the row is valid). */
export const assetImportRow = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  /** The cells by column name, as text. */
  values: z.record(z.string(), z.string()),
  errors: z.record(z.string(), z.string()),
});
export type AssetImportRow = z.infer<typeof assetImportRow>;

export const assetImportReport = z.object({
  /** The columns of the file in order (fixed columns, then property names). */
  columns: z.array(z.string()),
  rows: z.array(assetImportRow),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** How many assets were created: 0 for a preview. */
  created: z.number().int(),
});
export type AssetImportReport = z.infer<typeof assetImportReport>;

export const assetFileFormatQuery = z.strictObject({
  format: z.enum(ASSET_IMPORT_FORMATS, { message: 'Format must be csv or xlsx' }).default('csv'),
});

/** The export takes the search body of `$query` (paging ignored) and the file format. */
export const assetExportInput = assetQueryInput.omit({ pageNo: true, pageSize: true, cursor: true }).extend({
  format: z.enum(ASSET_IMPORT_FORMATS, { message: 'Format must be csv or xlsx' }).default('csv'),
});
export type AssetExportInput = z.infer<typeof assetExportInput>;

const categoryParams = z.strictObject({ categoryId: z.uuid({ message: 'Must be a valid id' }) });

export const assetBatchEndpoints = {
  batchCreate: endpoint({
    method: 'POST',
    path: '/asset/categories/:categoryId/assets/$batchCreate',
    summary: 'Create up to 100 assets of one category, all or none; errors keyed assets.<row>.<field>',
    tag: 'assets',
    requires: requires('asset.create'),
    params: categoryParams,
    body: assetBatchCreateInput,
    response: dataOf(z.array(asset)),
    status: 201,
  }),
  batchUpdate: endpoint({
    method: 'POST',
    path: '/asset/assets/$batchUpdate',
    summary: 'Change up to 100 assets, all or none; errors keyed assets.<row>.<field>',
    tag: 'assets',
    requires: requires('asset.update'),
    body: assetBatchUpdateInput,
    response: dataOf(z.array(asset)),
  }),
  batchDelete: endpoint({
    method: 'POST',
    path: '/asset/assets/$batchDelete',
    summary: 'Delete up to 100 assets, all or none; errors keyed nos.<row>',
    tag: 'assets',
    requires: requires('asset.delete'),
    body: assetBatchDeleteInput,
    response: emptyResponse,
  }),
  importTemplate: endpoint({
    method: 'GET',
    path: '/asset/categories/:categoryId/assets/$importTemplate',
    summary: 'An empty import file for the category: the fixed columns and one per custom property',
    tag: 'assets',
    requires: requires('asset.create'),
    params: categoryParams,
    query: assetFileFormatQuery,
    /** The file itself (text/csv or the XLSX type), not JSON. */
    response: z.unknown(),
  }),
  import: endpoint({
    method: 'POST',
    path: '/asset/categories/:categoryId/assets/$import',
    summary:
      'Import a CSV or XLSX file (multipart field "file") as one batch create; dryRun=true validates only. A file with a bad row writes nothing (422 ImportHasErrors with the report)',
    tag: 'assets',
    requires: requires('asset.create'),
    params: categoryParams,
    query: assetImportQuery,
    multipart: true,
    response: dataOf(assetImportReport),
  }),
  export: endpoint({
    method: 'POST',
    path: '/asset/assets/$export',
    summary: 'Every asset matching the search, streamed as CSV or XLSX',
    tag: 'assets',
    requires: [['asset.read', 'asset.export_data']],
    body: assetExportInput,
    /** The file itself, streamed. */
    response: z.unknown(),
  }),
};
