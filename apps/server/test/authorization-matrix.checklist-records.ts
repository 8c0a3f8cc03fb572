import type { Case, Fixture, World } from './authorization-matrix.fixtures.ts';
import { image, listing } from './authorization-matrix.fixtures.ts';
import { multipartFile } from './harness.ts';
import { insertAsset, insertChecklist, insertTicket, insertWorkItem, insertWorkshop } from './workshop.ts';

const RECORD_NOT_FOUND = { status: 404, code: 'ChecklistRecordNotFound' } as const;
const TICKET_NOT_FOUND = { status: 404, code: 'SupportCustomerTicketNotFound' } as const;

/** A ticket of partner A in processing at a service centre, and a checklist that fits its asset. */
async function workshopTicket(w: World, kind: 'b2c' | 'b2b' = 'b2c') {
  const db = w.t.database.db;
  const ws = await insertWorkshop(db, w.partnerA);
  const item = await insertWorkItem(db, w.partnerA, { options: [{ type: 'labour', price: 12 }] });
  const checklist = await insertChecklist(db, w.partnerA, {
    categoryIds: [ws.category.id],
    groups: [{ workItemIds: [item.id] }],
  });
  const asset = await insertAsset(db, w.partnerA, ws.category.id);
  const ticket = await insertTicket(db, {
    assetId: asset.id,
    assetPartnerId: w.partnerA,
    categoryId: ws.category.id,
    centerSiteId: ws.site.id,
    kind,
  });
  const draft = {
    checklistId: checklist.id,
    durationMinutes: 20,
    groups: [
      {
        groupId: checklist.groupIds[0],
        workItems: [{ workItemId: item.id, options: [{ optionId: item.optionIds[0] }] }],
      },
    ],
  };
  return { ticket, asset, draft, groupId: checklist.groupIds[0] as string, workItemId: item.id };
}

/** A draft record of partner A (submitted by the owner). */
async function record(w: World) {
  const made = await workshopTicket(w);
  const rec = await w.ownerCall<{ id: string }>(
    'POST',
    `/support/customerTickets/${made.ticket.id}/checklistRecords/$submitDraft`,
    made.draft,
  );
  return { ...made, id: rec.id };
}

const recordById = (build: (w: World) => Promise<Case>): Fixture => ({
  class: 'partner-owned',
  build,
  otherPartner: RECORD_NOT_FOUND,
});

/**
 * The authorization matrix's fixtures for the checklist-records endpoints (see authorization-matrix.fixtures.ts for the
 * builders: byId, listing, namingPartner, …). A function, so the builders it imports are initialised when it runs.
 */
export function checklistRecordFixtures(): Record<string, Fixture> {
  /** A list by the record's asset number: partner B's staff do not see it, partner A's do. */
  const recordListing = listing(async (w) => {
    const r = await record(w);
    return { request: { query: { assetNo: r.asset.no } }, marker: r.id };
  });
  return {
    'GET /checklist/checklistRecords': recordListing,
    'GET /checklist/assetChecklistRecords': recordListing,
    'GET /checklist/checklistRecords/:id': recordById(async (w) => ({
      request: { params: { id: (await record(w)).id } },
    })),
    'GET /checklist/checklistRecords/:id/costStatement': recordById(async (w) => ({
      request: { params: { id: (await record(w)).id } },
    })),
    'GET /checklist/checklistRecords/:id/attachments': recordById(async (w) => ({
      request: { params: { id: (await record(w)).id } },
    })),
    'GET /checklist/assetChecklistRecords/:id/attachments': recordById(async (w) => ({
      request: { params: { id: (await record(w)).id } },
    })),
    'GET /checklist/checklistRecords/:id/attachments/:attachmentId/file': {
      class: 'partner-owned',
      build: async (w) => {
        const r = await record(w);
        const { payload, contentType } = await multipartFile(image(w));
        const added = await w.t.app.inject({
          method: 'POST',
          url: `/api/checklist/checklistRecords/${r.id}/attachments`,
          payload,
          headers: { authorization: `Bearer ${w.owner}`, 'content-type': contentType },
        });
        const attachment = added.json<{ data: { id: string } }>().data;
        return { request: { params: { id: r.id, attachmentId: attachment.id } } };
      },
      otherPartner: { status: 404, code: 'NotFound' },
    },
    'POST /checklist/checklistRecords/:id/attachments': recordById(async (w) => ({
      request: { params: { id: (await record(w)).id }, file: image(w) },
    })),
    'POST /checklist/checklistRecords/:id/workItemGroups/:groupId/workItems/:workItemId/attachments': recordById(
      async (w) => {
        const r = await record(w);
        return { request: { params: { id: r.id, groupId: r.groupId, workItemId: r.workItemId }, file: image(w) } };
      },
    ),
    'POST /checklist/checklistRecords/:id/$finalize': recordById(async (w) => ({
      request: { params: { id: (await record(w)).id } },
    })),
    'GET /support/customerTickets/:ticketId/checklistRecords': {
      class: 'partner-owned',
      build: async (w) => ({ request: { params: { ticketId: (await record(w)).ticket.id } } }),
      otherPartner: TICKET_NOT_FOUND,
    },
    // The B2B ticket's records: the same engine under the B2B permissions.
    'GET /support/tickets/:ticketId/checklistRecords': {
      class: 'partner-owned',
      build: async (w) => ({ request: { params: { ticketId: (await workshopTicket(w, 'b2b')).ticket.id } } }),
      otherPartner: TICKET_NOT_FOUND,
    },
    'POST /support/tickets/:ticketId/checklistRecords/$submitDraft': {
      class: 'partner-owned',
      build: async (w) => {
        const made = await workshopTicket(w, 'b2b');
        return { request: { params: { ticketId: made.ticket.id }, body: made.draft } };
      },
      otherPartner: TICKET_NOT_FOUND,
    },
    'POST /support/customerTickets/:ticketId/checklistRecords/$submitDraft': {
      class: 'partner-owned',
      build: async (w) => {
        const made = await workshopTicket(w);
        return { request: { params: { ticketId: made.ticket.id }, body: made.draft } };
      },
      otherPartner: TICKET_NOT_FOUND,
    },
  };
}
