import { ASSET_IMPORT_MAX_BYTES, assetBatchEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import { attachment } from '../../lib/attachment.ts';
import { route } from '../../lib/route.ts';
import { readUpload } from '../../lib/uploads.ts';
import type { AssetQueryService } from '../asset-query/asset-query.service.ts';
import { createAssetBatchService } from './asset-batch.service.ts';
import { csvStream, exportFileName, exportRows, xlsxStream } from './asset-export.ts';
import { createAssetImportService } from './asset-import.ts';
import { SHEET_TYPES } from './asset-sheet.ts';

const fileTooLarge = () =>
  new DomainError('PayloadTooLarge', 413, `The file is larger than ${ASSET_IMPORT_MAX_BYTES / 1024 / 1024} MB`);

/** Batch create/edit/delete, import and export of assets. */
export function assetBatchRoutes(app: FastifyInstance, deps: { db: Db; query: AssetQueryService }) {
  const batch = createAssetBatchService(deps);
  const importer = createAssetImportService({ db: deps.db, batch });

  route(app, e.batchCreate, async ({ caller, params, body }) => ({
    data: await batch.create(caller, params.categoryId, body.assets),
  }));
  route(app, e.batchUpdate, async ({ caller, body }) => ({ data: await batch.update(caller, body.assets) }));
  route(app, e.batchDelete, async ({ caller, body }) => {
    await batch.remove(caller, body.nos);
    return { data: null };
  });
  route(app, e.importTemplate, async ({ params, query, reply }) => {
    const content = await importer.template(params.categoryId, query.format);
    reply.type(SHEET_TYPES[query.format]).header('content-disposition', attachment(`asset-import.${query.format}`));
    return content;
  });
  route(app, e.import, async ({ caller, params, query, request, reply }) => {
    const content = await readUpload(request, ASSET_IMPORT_MAX_BYTES, fileTooLarge);
    const report = await importer.importFile(caller, params.categoryId, content, query.dryRun);
    // The contract's 201 is the created batch; a preview creates nothing and answers 200.
    if (!query.dryRun) reply.code(201);
    return { data: report };
  });
  route(app, e.export, async ({ caller, body, reply, request }) => {
    const rows = await exportRows(deps, caller, body);
    reply.type(SHEET_TYPES[body.format]).header('content-disposition', attachment(exportFileName(body.format)));
    return body.format === 'csv' ? csvStream(rows, request.log) : xlsxStream(rows, request.log);
  });
}
