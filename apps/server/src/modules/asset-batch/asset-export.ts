import { PassThrough, pipeline, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Asset, AssetExportInput, AssetFileFormat, AssetPropertyValue } from '@fleetdesk/contracts';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import { sheetCell } from '../../lib/csv.ts';
import type { AssetQueryService } from '../asset-query/asset-query.service.ts';
import * as assetsRepo from '../assets/assets.repo.ts';

/** Rows read per query while exporting: memory holds one page and the streams' buffers, never the result. */
export const EXPORT_PAGE_SIZE = 500;

export const EXPORT_COLUMNS = [
  'no',
  'partner',
  'category',
  'site',
  'lifeCycleState',
  'turnoverState',
  'usageMode',
  'note',
  'iotDevice',
  'chargePct',
  'lastIotUpdate',
  'createdAt',
  'updatedAt',
] as const;

type Cell = string | number | boolean | null;

function fixedCells(a: Asset): Cell[] {
  return [
    a.no,
    a.partner.name,
    a.category.name,
    a.site?.name ?? null,
    a.lifeCycleState,
    a.turnoverState,
    a.usageMode,
    a.note,
    a.iot?.deviceNo ?? null,
    a.iotState.chargePct,
    a.iotState.lastUpdateTime,
    a.createdAt,
    a.updatedAt,
  ];
}

/** `assets-20261123-1745.csv`, in UTC. */
export function exportFileName(format: AssetFileFormat, now = new Date()) {
  const stamp = now.toISOString().replace(/[-:]/g, '').slice(0, 13).replace('T', '-');
  return `assets-${stamp}.${format}`;
}

/**
 * Every matching asset as rows of cells, a header first. The first page is read before the caller starts the
 * response, so a bad filter or a partner outside the scope is still an ordinary JSON error.
 */
export async function exportRows(
  deps: { db: Db; query: AssetQueryService },
  caller: Caller,
  input: AssetExportInput,
): Promise<AsyncGenerator<Cell[]>> {
  const { format: _format, ...filters } = input;
  // One category: its property values are columns too (with several, the columns would not line up).
  const categoryId = filters.categoryIdIn?.length === 1 ? filters.categoryIdIn[0] : undefined;
  const properties = categoryId ? await assetsRepo.propertiesOf(deps.db, [categoryId]) : [];
  const pages = deps.query.batches(caller, filters, EXPORT_PAGE_SIZE);
  const first = await pages.next();
  async function* rows(): AsyncGenerator<Cell[]> {
    try {
      yield [...EXPORT_COLUMNS, ...properties.map((p) => p.name)];
      let page = first;
      while (!page.done) {
        for (const asset of page.value) {
          const values = new Map<string, AssetPropertyValue>(asset.properties.map((p) => [p.property.id, p.value]));
          yield [...fixedCells(asset), ...properties.map((p) => values.get(p.id) ?? null)];
        }
        page = await pages.next();
      }
    } finally {
      await pages.return(undefined);
    }
  }
  return rows();
}

/**
 * The rows as a CSV stream (BOM first, so Excel reads UTF-8); Readable.from pulls only as fast as it is read.
 * Every text cell, the header's property names too, goes through sheetCell (docs/decisions.md "Spreadsheet cells").
 */
export function csvStream(rows: AsyncGenerator<Cell[]>, log: FastifyBaseLogger) {
  const options = { bom: true, cast: { boolean: (v: boolean) => String(v), string: (v: string) => sheetCell(v) } };
  return pipeline(Readable.from(rows), stringify(options), (error) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') log.error({ err: error }, 'asset export failed');
  });
}

/**
 * The rows as an XLSX stream. Text cells go through sheetCell like the CSV's: a workbook's cells are typed, so
 * Excel does not run a text cell when it opens the file, but it does once someone edits that cell, and a copy
 * saved as CSV carries the bare formula. ExcelJS cannot set Excel's hidden quote prefix, so the apostrophe is
 * written as text and shows.
 * ExcelJS's writer buffers a sheet until the zip reads it and the zip writes as fast as it is given rows, so the
 * writer waits whenever the response has not taken what was written.
 */
export function xlsxStream(rows: AsyncGenerator<Cell[]>, log: FastifyBaseLogger) {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Assets');
  let closed = false;
  out.on('close', () => {
    closed = true;
  });
  // Resolves when the response took what was written, or went away (then the loop stops).
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  (async () => {
    let written = 0;
    for await (const cells of rows) {
      if (closed) return;
      sheet.addRow(cells.map(sheetCell)).commit();
      if (++written % EXPORT_PAGE_SIZE === 0) {
        await nextTurn();
        if (out.writableNeedDrain && !closed) await drained();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    log.error({ err: error }, 'asset export failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
