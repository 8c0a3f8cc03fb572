import { checklistRecordEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { FileStorage } from '../../adapters/storage.ts';
import { DomainError } from '../../errors.ts';
import { route } from '../../lib/route.ts';
import type { ChecklistRecordService } from './checklist-records.service.ts';
import { receiveAttachment } from './record-uploads.ts';

export function checklistRecordRoutes(app: FastifyInstance, records: ChecklistRecordService, storage: FileStorage) {
  route(app, e.list, ({ caller, query }) => records.list(caller, query));
  route(app, e.assetRecords, ({ caller, query }) => records.assetRecords(caller, query));
  route(app, e.get, async ({ caller, params }) => ({ data: await records.get(caller, params.id) }));
  route(app, e.costStatement, async ({ caller, params }) => ({
    data: await records.costStatement(caller, params.id),
  }));
  route(app, e.attachments, async ({ caller, params }) => ({ data: await records.attachments(caller, params.id) }));
  route(app, e.assetRecordAttachments, async ({ caller, params }) => ({
    data: await records.attachments(caller, params.id),
  }));
  route(app, e.attachmentFile, async ({ caller, params, request, reply }) => {
    const file = await records.attachmentFile(caller, params.id, params.attachmentId, request.headers.range);
    reply
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('accept-ranges', 'bytes');
    if (file.range === 'invalid') {
      reply.header('content-range', `bytes */${file.size}`);
      throw new DomainError('RangeNotSatisfiable', 416, 'The requested range is outside the file');
    }
    reply.type(file.row.contentType);
    if (file.range) {
      reply
        .code(206)
        .header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`)
        .header('content-length', file.range.end - file.range.start + 1);
    } else {
      reply.header('content-length', file.size);
    }
    return reply.send(file.stream);
  });
  route(app, e.addAttachment, async ({ caller, params, request }) => {
    await records.checkAttach(caller, params.id);
    const file = await receiveAttachment(request, storage);
    return { data: await records.addAttachment(caller, params.id, file) };
  });
  route(app, e.addWorkItemAttachment, async ({ caller, params, request }) => {
    const target = { groupId: params.groupId, workItemId: params.workItemId };
    await records.checkAttach(caller, params.id, target);
    const file = await receiveAttachment(request, storage);
    return { data: await records.addAttachment(caller, params.id, file, target) };
  });
  route(app, e.finalize, async ({ caller, params }) => ({ data: await records.finalize(caller, params.id) }));
  route(app, e.ticketRecords, async ({ caller, params }) => ({
    data: await records.ticketRecords(caller, params.ticketId),
  }));
  route(app, e.submitDraft, async ({ caller, params, body }) => ({
    data: await records.submitDraft(caller, params.ticketId, body),
  }));
  route(app, e.subscriptionTicketRecords, async ({ caller, params }) => ({
    data: await records.ticketRecords(caller, params.ticketId, 'b2b'),
  }));
  route(app, e.subscriptionSubmitDraft, async ({ caller, params, body }) => ({
    data: await records.submitDraft(caller, params.ticketId, body, 'b2b'),
  }));
}
