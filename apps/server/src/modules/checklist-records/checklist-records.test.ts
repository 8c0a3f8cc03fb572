import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import {
  insertAsset,
  insertChecklist,
  insertSite,
  insertTicket,
  insertWorkItem,
  insertWorkshop,
} from '../../../test/workshop.ts';
import {
  assetCategories,
  assetEvents,
  assets,
  checklistRecords,
  fieldLogs,
  sites,
  taxRates,
} from '../../db/schema/index.ts';
import { excludeTicketRecord, finalizeTicketRecords } from './ticket-records.ts';

type Json = Record<string, unknown>;
type Rec = {
  id: string;
  status: string;
  chargeTotal: number | null;
  groups: { id: string; workItems: { id: string; options: { id: string; quantity: number }[] }[] }[];
};

describe('checklist records API', () => {
  let t: TestContext;
  let ws: Awaited<ReturnType<typeof insertWorkshop>>;
  /** Brakes: single result, labour 30 (cost 12) or pads hardware 20 (cost 8); Tyre: multiple, hardware 15 ×q. */
  let brakes: { id: string; optionIds: string[] };
  let tyre: { id: string; optionIds: string[] };
  let noSku: { id: string; optionIds: string[] };
  let checklist: { id: string; groupIds: string[] };
  let mechanic: Awaited<ReturnType<TestContext['userWith']>>;
  let selfOnly: Awaited<ReturnType<TestContext['userWith']>>;
  let barcelona: Awaited<ReturnType<TestContext['userWith']>>;
  let reader: Awaited<ReturnType<TestContext['userWith']>>;

  const db = () => t.database.db;
  const submit = (ticketId: string, body: unknown, token = mechanic.token) =>
    call(t.app, 'POST', `/support/customerTickets/${ticketId}/checklistRecords/$submitDraft`, { token, body });
  const finalize = (id: string, token = mechanic.token) =>
    call(t.app, 'POST', `/checklist/checklistRecords/${id}/$finalize`, { token });

  /** A new asset of partner A in processing on a ticket, assigned to `mechanicUserId`. */
  async function ticket(opts: { status?: string; mechanicUserId?: string | null; siteId?: string } = {}) {
    const asset = await insertAsset(db(), t.partnerA.id, ws.category.id);
    const created = await insertTicket(db(), {
      assetId: asset.id,
      assetPartnerId: t.partnerA.id,
      categoryId: ws.category.id,
      centerSiteId: opts.siteId ?? ws.site.id,
      status: opts.status ?? 'processing',
      mechanicUserId: opts.mechanicUserId ?? null,
    });
    return { ...created, asset };
  }

  /** A complete draft: brakes labour, two tyres. */
  const good = () => ({
    checklistId: checklist.id,
    groups: [
      {
        groupId: checklist.groupIds[0],
        workItems: [{ workItemId: brakes.id, options: [{ optionId: brakes.optionIds[0] }] }],
      },
      {
        groupId: checklist.groupIds[1],
        workItems: [{ workItemId: tyre.id, options: [{ optionId: tyre.optionIds[0], quantity: 2 }], note: 'worn' }],
      },
    ],
    comment: 'Serviced',
    durationMinutes: 45,
  });

  beforeAll(async () => {
    t = await createTestContext();
    ws = await insertWorkshop(db(), t.partnerA.id);
    brakes = await insertWorkItem(db(), t.partnerA.id, {
      name: 'Brakes',
      options: [
        { type: 'labour', name: 'Adjust', price: 30, costAmount: 12 },
        { type: 'hardware', name: 'Pads', price: 20, costAmount: 8 },
      ],
    });
    tyre = await insertWorkItem(db(), t.partnerA.id, {
      name: 'Tyre',
      resultMode: 'multiple',
      options: [
        { type: 'hardware', name: 'Tyre 26"', price: 15, costAmount: 6 },
        { type: 'labour', name: 'Inspect', price: null, costAmount: 1 },
      ],
    });
    noSku = await insertWorkItem(db(), t.partnerA.id, { options: [{ type: 'hardware', sku: null }] });
    checklist = await insertChecklist(db(), t.partnerA.id, {
      categoryIds: [ws.category.id],
      basicCostAmount: 10,
      assetLifeCyclePreferTo: 'Ready',
      groups: [
        { name: 'Brakes', workItemIds: [brakes.id] },
        { name: 'Wheels', isRequired: false, workItemIds: [tyre.id, noSku.id] },
      ],
    });
    const work = [
      'support.customer_ticket.update',
      'support.customer_ticket.read_detail',
      'checklist_record.read',
      'checklist_record.read_detail',
      'checklist_record.read_cost',
    ];
    mechanic = await t.userWith(work, [t.partnerA.id]);
    selfOnly = await t.userWith(
      ['support.customer_ticket.update_assigned_to_self', 'checklist_record.read_detail'],
      [t.partnerA.id],
    );
    barcelona = await t.userWith(work, [t.partnerB.id]);
    reader = await t.userWith(['checklist_record.read', 'checklist_record.read_detail'], [t.partnerA.id]);
  });
  afterAll(() => t?.close());

  describe('$submitDraft', () => {
    it('copies the checklist, stores the choices and computes the totals', async () => {
      const tk = await ticket();
      const res = await submit(tk.id, good());
      expect(res.statusCode).toBe(201);
      const rec = res.json<{ data: Rec & Json }>().data;
      expect(rec.status).toBe('New');
      expect(rec.ticket).toEqual({ id: tk.id, ticketNo: tk.ticketNo });
      expect(rec.asset).toEqual({ id: tk.asset.id, no: tk.asset.no });
      // 30 labour + 2 × 15 tyres + 10 basic = 70, tax included.
      expect(rec.chargeTotal).toBe(70);
      expect(rec.basicCostAmount).toBe(10);
      const tyreItem = rec.groups[1]?.workItems[0];
      expect(tyreItem?.options.map((o) => o.quantity)).toEqual([2, 0]);
      const [row] = await db().select().from(checklistRecords).where(eq(checklistRecords.id, rec.id));
      expect(Number(row?.costTotal)).toBe(24);
    });

    it('keeps the copy when the checklist changes afterwards', async () => {
      const tk = await ticket();
      const rec = (await submit(tk.id, good())).json<{ data: Rec }>().data;
      await db().update(assetCategories).set({ name: 'renamed' }).where(eq(assetCategories.id, ws.category.id));
      const { workItemOptions } = await import('../../db/schema/index.ts');
      await db()
        .update(workItemOptions)
        .set({ price: 999 })
        .where(eq(workItemOptions.id, brakes.optionIds[0] as string));
      const again = await call(t.app, 'GET', `/checklist/checklistRecords/${rec.id}`, { token: mechanic.token });
      expect(again.json<{ data: Rec }>().data.chargeTotal).toBe(70);
      await db()
        .update(workItemOptions)
        .set({ price: 30 })
        .where(eq(workItemOptions.id, brakes.optionIds[0] as string));
    });

    it('replaces a New record of the same ticket with recordId, and refuses a finalized one', async () => {
      const tk = await ticket();
      const first = (await submit(tk.id, good())).json<{ data: Rec }>().data;
      const body = { ...good(), recordId: first.id, durationMinutes: 90 };
      body.groups = [body.groups[0] as (typeof body.groups)[0]];
      const replaced = await submit(tk.id, body);
      expect(replaced.statusCode).toBe(201);
      expect(replaced.json<{ data: Rec & Json }>().data).toMatchObject({
        id: first.id,
        durationMinutes: 90,
        chargeTotal: 40,
      });
      const list = await call(t.app, 'GET', `/support/customerTickets/${tk.id}/checklistRecords`, {
        token: mechanic.token,
      });
      expect(list.json<{ data: Rec[] }>().data).toHaveLength(1);
      expect((await finalize(first.id)).statusCode).toBe(200);
      const late = await submit(tk.id, body);
      expect(late.statusCode).toBe(409);
      expect(errorOf(late).code).toBe('ChecklistRecordAlreadyFinalized');
      const other = await ticket();
      const wrong = await submit(other.id, { ...good(), recordId: first.id });
      expect(wrong.statusCode).toBe(404);
      expect(errorOf(wrong)).toMatchObject({ code: 'ChecklistRecordNotFound', data: { field: 'recordId' } });
    });

    it('refuses a ticket that is missing, out of scope or not in processing', async () => {
      const tk = await ticket();
      const missing = await submit('00000000-0000-4000-8000-000000000000', good());
      expect([missing.statusCode, errorOf(missing).code]).toEqual([404, 'SupportCustomerTicketNotFound']);
      const other = await submit(tk.id, good(), barcelona.token);
      expect([other.statusCode, errorOf(other).code]).toEqual([404, 'SupportCustomerTicketNotFound']);
      const paused = await ticket({ status: 'paused' });
      const res = await submit(paused.id, good());
      expect([res.statusCode, errorOf(res).code]).toEqual([422, 'SupportCustomerTicketOperationNotAllowed']);
    });

    it('lets a mechanic holding only update_assigned_to_self work their own tickets only', async () => {
      const theirs = await ticket({ mechanicUserId: selfOnly.id });
      expect((await submit(theirs.id, good(), selfOnly.token)).statusCode).toBe(201);
      const someoneElses = await ticket({ mechanicUserId: mechanic.id });
      const refused = await submit(someoneElses.id, good(), selfOnly.token);
      expect([refused.statusCode, errorOf(refused).code]).toEqual([403, 'SupportCustomerTicketNotAssigned']);
      const unassigned = await ticket();
      expect((await submit(unassigned.id, good(), selfOnly.token)).statusCode).toBe(403);
    });

    it('refuses every draft problem with the field it belongs to', async () => {
      const tk = await ticket();
      const g0 = checklist.groupIds[0] as string;
      const g1 = checklist.groupIds[1] as string;
      const brakesPick = (options: { optionId: string }[]) => ({ workItemId: brakes.id, options });
      const cases: [string, unknown, string, string?][] = [
        ['ChecklistNotFound', { ...good(), checklistId: '00000000-0000-4000-8000-000000000001' }, 'checklistId'],
        [
          'ChecklistWorkItemGroupDuplicated',
          { ...good(), groups: [good().groups[0], good().groups[0]] },
          'groups.1.groupId',
        ],
        [
          'ChecklistRecordDraftWorkItemGroupNotFound',
          { ...good(), groups: [{ groupId: '00000000-0000-4000-8000-000000000002', workItems: [] }] },
          'groups.0.groupId',
        ],
        [
          'WorkItemDuplicated',
          { ...good(), groups: [{ groupId: g0, workItems: [brakesPick([]), brakesPick([])] }] },
          'groups.0.workItems.1.workItemId',
        ],
        [
          'ChecklistRecordDraftWorkItemNotFound',
          { ...good(), groups: [{ groupId: g0, workItems: [{ workItemId: tyre.id, options: [] }] }] },
          'groups.0.workItems.0.workItemId',
        ],
        [
          'WorkItemOptionDuplicated',
          {
            ...good(),
            groups: [
              {
                groupId: g0,
                workItems: [
                  brakesPick([
                    { optionId: brakes.optionIds[0] as string },
                    { optionId: brakes.optionIds[0] as string },
                  ]),
                ],
              },
            ],
          },
          'groups.0.workItems.0.options.1.optionId',
        ],
        [
          'ChecklistRecordDraftWorkItemOptionNotFound',
          {
            ...good(),
            groups: [{ groupId: g0, workItems: [brakesPick([{ optionId: tyre.optionIds[0] as string }])] }],
          },
          'groups.0.workItems.0.options.0.optionId',
        ],
        [
          'ChecklistRecordDraftWorkItemOptionErpProductSkuRequired',
          {
            ...good(),
            groups: [
              good().groups[0],
              { groupId: g1, workItems: [{ workItemId: noSku.id, options: [{ optionId: noSku.optionIds[0] }] }] },
            ],
          },
          'groups.1.workItems.0.options.0.optionId',
        ],
        // A single-result item with two options.
        [
          'ChecklistRecordDraftInvalid',
          {
            ...good(),
            groups: [
              {
                groupId: g0,
                workItems: [brakesPick(brakes.optionIds.map((optionId) => ({ optionId })))],
              },
            ],
          },
          'groups.0.workItems.0.options',
        ],
        // The required group left out.
        ['ChecklistRecordDraftInvalid', { ...good(), groups: [good().groups[1]] }, 'groups'],
        // The required group given with nothing chosen.
        [
          'ChecklistRecordDraftInvalid',
          { ...good(), groups: [{ groupId: g0, workItems: [brakesPick([])] }] },
          'groups.0.workItems',
        ],
      ];
      for (const [code, body, field] of cases) {
        const res = await submit(tk.id, body);
        const error = errorOf(res);
        expect({ code: error.code, field: (error.data as { field?: string }).field }, `${code} ${field}`).toEqual({
          code,
          field,
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
      }
      const records = await call(t.app, 'GET', `/support/customerTickets/${tk.id}/checklistRecords`, {
        token: mechanic.token,
      });
      expect(records.json<{ data: Rec[] }>().data).toEqual([]);
    });

    it('requires every item of an all-items-required group', async () => {
      const all = await insertChecklist(db(), t.partnerA.id, {
        categoryIds: [ws.category.id],
        groups: [{ isAllWorkItemsRequired: true, workItemIds: [brakes.id, tyre.id] }],
      });
      const tk = await ticket();
      const half = {
        checklistId: all.id,
        durationMinutes: 5,
        groups: [
          {
            groupId: all.groupIds[0],
            workItems: [{ workItemId: brakes.id, options: [{ optionId: brakes.optionIds[0] }] }],
          },
        ],
      };
      const res = await submit(tk.id, half);
      expect([res.statusCode, errorOf(res).code]).toEqual([422, 'ChecklistRecordDraftInvalid']);
      half.groups[0]?.workItems.push({ workItemId: tyre.id, options: [{ optionId: tyre.optionIds[1] as string }] });
      expect((await submit(tk.id, half)).statusCode).toBe(201);
    });

    it("refuses a checklist that does not cover the asset's category", async () => {
      const other = await insertChecklist(db(), t.partnerA.id, {
        categoryIds: [(await import('../../../test/workshop.ts').then((m) => m.insertCategory(db()))).id],
        groups: [],
      });
      const tk = await ticket();
      const res = await submit(tk.id, { checklistId: other.id, groups: [], durationMinutes: 1 });
      expect(res.statusCode).toBe(422);
      expect(errorOf(res)).toMatchObject({
        code: 'ChecklistAssetCategoryScopeNotIncludeAssetCategory',
        data: { field: 'checklistId' },
      });
    });

    it('refuses a centre that is not a service centre, or archived', async () => {
      const station = await insertSite(db(), t.partnerA.id, { type: 'station' });
      const tk = await ticket({ siteId: station.id });
      const res = await submit(tk.id, good());
      expect([res.statusCode, errorOf(res).code]).toEqual([422, 'ChecklistRecordSiteNotServiceCenter']);
      const closed = await insertSite(db(), t.partnerA.id);
      const tk2 = await ticket({ siteId: closed.id });
      await db().update(sites).set({ isArchived: true }).where(eq(sites.id, closed.id));
      const gone = await submit(tk2.id, good());
      expect([gone.statusCode, errorOf(gone).code]).toEqual([404, 'ChecklistRecordNotFoundSite']);
    });

    it("refuses an asset moved outside the caller's scope, or whose category is disabled", async () => {
      const tk = await ticket();
      await db().update(assets).set({ partnerId: t.partnerB.id }).where(eq(assets.id, tk.asset.id));
      const moved = await submit(tk.id, good());
      expect([moved.statusCode, errorOf(moved).code]).toEqual([403, 'AssetPartnerOutOfScope']);
      await db().update(assets).set({ partnerId: t.partnerA.id }).where(eq(assets.id, tk.asset.id));
      await db().update(assetCategories).set({ isEnabled: false }).where(eq(assetCategories.id, ws.category.id));
      try {
        const disabled = await submit(tk.id, good());
        expect([disabled.statusCode, errorOf(disabled).code]).toEqual([404, 'AssetCategoryNotFound']);
      } finally {
        await db().update(assetCategories).set({ isEnabled: true }).where(eq(assetCategories.id, ws.category.id));
      }
    });
  });

  describe('$finalize', () => {
    it('fixes the cost statement, sets the lifecycle with a field log and writes the asset event', async () => {
      const tk = await ticket();
      const rec = (await submit(tk.id, good())).json<{ data: Rec }>().data;
      const draft = await call(t.app, 'GET', `/checklist/checklistRecords/${rec.id}/costStatement`, {
        token: mechanic.token,
      });
      expect(draft.json<{ data: Json }>().data).toMatchObject({ isFinal: false, total: { gross: 70 } });
      const res = await finalize(rec.id);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: Json }>().data).toMatchObject({ status: 'Finish', chargeTotal: 70 });
      // A rate change afterwards does not touch the fixed statement.
      await db().insert(taxRates).values({
        id: crypto.randomUUID(),
        taxGroupId: ws.taxGroup.id,
        subject: 'service-labour',
        rate: '10',
        effectiveAt: new Date(),
      });
      const fixed = await call(t.app, 'GET', `/checklist/checklistRecords/${rec.id}/costStatement`, {
        token: mechanic.token,
      });
      const statement = fixed.json<{ data: { isFinal: boolean; lines: Json[]; total: Json; basic: Json } }>().data;
      expect(statement.isFinal).toBe(true);
      expect(statement.total).toEqual({ gross: 70, net: 57.38, tax: 12.62, cost: 24 });
      expect(statement.basic).toMatchObject({ gross: 10, net: 8.2, tax: 1.8 });
      expect(statement.lines.map((l) => [l.kind, l.quantity, l.gross, l.taxRate])).toEqual([
        ['labour', 1, 30, 22],
        ['hardware', 2, 30, 22],
        ['basic', 1, 10, 22],
      ]);
      const [asset] = await db().select().from(assets).where(eq(assets.id, tk.asset.id));
      expect(asset?.lifeCycleState).toBe('Ready');
      const logs = await db().select().from(fieldLogs).where(eq(fieldLogs.entityId, tk.asset.id));
      expect(logs.map((l) => [l.field, l.before, l.after])).toContainEqual(['lifeCycleState', 'NotReady', 'Ready']);
      const events = await db().select().from(assetEvents).where(eq(assetEvents.assetId, tk.asset.id));
      expect(events.map((e) => [e.type, (e.data as Json).recordId, (e.data as Json).checklistId])).toEqual([
        ['checklist-finalized', rec.id, checklist.id],
      ]);
      const again = await finalize(rec.id);
      expect([again.statusCode, errorOf(again).code]).toEqual([409, 'ChecklistRecordAlreadyFinalized']);
      await db().delete(taxRates).where(eq(taxRates.rate, '10'));
    });

    it('is refused unless the ticket is processing or paused', async () => {
      const tk = await ticket();
      const rec = (await submit(tk.id, good())).json<{ data: Rec }>().data;
      const { customerTickets } = await import('../../db/schema/index.ts');
      await db().update(customerTickets).set({ status: 'finished' }).where(eq(customerTickets.id, tk.id));
      const res = await finalize(rec.id);
      expect([res.statusCode, errorOf(res).code]).toEqual([422, 'ChecklistRecordFinalizeNotAllowed']);
      await db().update(customerTickets).set({ status: 'paused' }).where(eq(customerTickets.id, tk.id));
      expect((await finalize(rec.id)).statusCode).toBe(200);
    });

    it('succeeds exactly once under concurrency', async () => {
      const tk = await ticket();
      const rec = (await submit(tk.id, good())).json<{ data: Rec }>().data;
      const results = await Promise.all(Array.from({ length: 6 }, () => finalize(rec.id)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const events = await db().select().from(assetEvents).where(eq(assetEvents.assetId, tk.asset.id));
      expect(events).toHaveLength(1);
    });

    it('is 404 for a record of another partner', async () => {
      const tk = await ticket();
      const rec = (await submit(tk.id, good())).json<{ data: Rec }>().data;
      const res = await finalize(rec.id, barcelona.token);
      expect([res.statusCode, errorOf(res).code]).toEqual([404, 'ChecklistRecordNotFound']);
    });
  });

  describe('ticket exports', () => {
    const callerOf = (u: { id: string; username: string }) => ({
      userId: u.id,
      sessionId: 'test',
      username: u.username,
      permissions: new Set<string>(),
      scope: [t.partnerA.id],
    });

    it('finalizeTicketRecords finalizes the New, not excluded records, idempotently', async () => {
      const tk = await ticket();
      const a = (await submit(tk.id, good())).json<{ data: Rec }>().data;
      const b = (await submit(tk.id, good())).json<{ data: Rec }>().data;
      const c = (await submit(tk.id, good())).json<{ data: Rec }>().data;
      await db().transaction((tx) => excludeTicketRecord(tx, callerOf(mechanic), tk.id, c.id));
      await db().transaction((tx) => finalizeTicketRecords(tx, callerOf(mechanic), tk.id));
      await db().transaction((tx) => finalizeTicketRecords(tx, callerOf(mechanic), tk.id));
      const rows = await db().select().from(checklistRecords).where(eq(checklistRecords.ticketId, tk.id));
      const status = Object.fromEntries(rows.map((r) => [r.id, r.status]));
      expect(status).toEqual({ [a.id]: 'Finish', [b.id]: 'Finish', [c.id]: 'New' });
      const events = await db().select().from(assetEvents).where(eq(assetEvents.assetId, tk.asset.id));
      expect(events).toHaveLength(2);
    });

    it('excludeTicketRecord refuses a second exclusion and a record of another ticket', async () => {
      const tk = await ticket();
      const rec = (await submit(tk.id, good())).json<{ data: Rec }>().data;
      await db().transaction((tx) => excludeTicketRecord(tx, callerOf(mechanic), tk.id, rec.id));
      await expect(
        db().transaction((tx) => excludeTicketRecord(tx, callerOf(mechanic), tk.id, rec.id)),
      ).rejects.toMatchObject({ code: 'ChecklistRecordAlreadyExcluded', status: 409 });
      const other = await ticket();
      await expect(
        db().transaction((tx) => excludeTicketRecord(tx, callerOf(mechanic), other.id, rec.id)),
      ).rejects.toMatchObject({ code: 'ChecklistRecordNotFound', status: 404 });
      const listed = await call(t.app, 'GET', `/checklist/checklistRecords/${rec.id}`, { token: mechanic.token });
      expect(listed.json<{ data: Json }>().data.excludedAt).not.toBeNull();
    });
  });

  describe('reads', () => {
    it('lists records in scope with filters, hiding charges from callers without read_cost', async () => {
      const tk = await ticket();
      const rec = (await submit(tk.id, { ...good(), durationMinutes: 7 })).json<{ data: Rec }>().data;
      const byAsset = await call(t.app, 'GET', `/checklist/checklistRecords?assetNo=${tk.asset.no}`, {
        token: mechanic.token,
      });
      expect(byAsset.json<{ data: Rec[]; count: number }>()).toMatchObject({
        count: 1,
        data: [{ id: rec.id, chargeTotal: 70 }],
      });
      const hidden = await call(t.app, 'GET', `/checklist/checklistRecords?assetNo=${tk.asset.no}`, {
        token: reader.token,
      });
      expect(hidden.json<{ data: Rec[] }>().data[0]?.chargeTotal).toBeNull();
      const other = await call(t.app, 'GET', `/checklist/checklistRecords?assetNo=${tk.asset.no}`, {
        token: barcelona.token,
      });
      expect(other.json<{ count: number }>().count).toBe(0);
      const newOnes = await call(
        t.app,
        'GET',
        `/checklist/checklistRecords?status=Finish&checklistIdIn=${checklist.id}&assetNo=${tk.asset.no}`,
        { token: mechanic.token },
      );
      expect(newOnes.json<{ count: number }>().count).toBe(0);
      const ofAsset = await call(t.app, 'GET', `/checklist/assetChecklistRecords?assetNo=${tk.asset.no}`, {
        token: mechanic.token,
      });
      expect(ofAsset.json<{ data: Rec[] }>().data.map((r) => r.id)).toEqual([rec.id]);
    });

    it('answers 404 for a Milano record to Barcelona staff, for the record, its statement and ticket', async () => {
      const tk = await ticket();
      const rec = (await submit(tk.id, good())).json<{ data: Rec }>().data;
      for (const url of [
        `/checklist/checklistRecords/${rec.id}`,
        `/checklist/checklistRecords/${rec.id}/costStatement`,
        `/checklist/checklistRecords/${rec.id}/attachments`,
        `/checklist/assetChecklistRecords/${rec.id}/attachments`,
      ]) {
        const res = await call(t.app, 'GET', url, { token: barcelona.token });
        expect([url, res.statusCode, errorOf(res).code]).toEqual([url, 404, 'ChecklistRecordNotFound']);
      }
      const ticketRecords = await call(t.app, 'GET', `/support/customerTickets/${tk.id}/checklistRecords`, {
        token: barcelona.token,
      });
      expect([ticketRecords.statusCode, errorOf(ticketRecords).code]).toEqual([404, 'SupportCustomerTicketNotFound']);
    });

    it('needs read_cost (with read_detail) for the cost statement', async () => {
      const tk = await ticket();
      const rec = (await submit(tk.id, good())).json<{ data: Rec }>().data;
      const res = await call(t.app, 'GET', `/checklist/checklistRecords/${rec.id}/costStatement`, {
        token: reader.token,
      });
      expect(res.statusCode).toBe(403);
    });
  });
});
