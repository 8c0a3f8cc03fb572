import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { insertAsset, insertChecklist, insertTicket, insertWorkItem, insertWorkshop } from '../../../test/workshop.ts';

const BOUNDARY = 'records-test-boundary';
const MP4_HEAD = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

/** A multipart body with the caption "content" and the file, as a stream of chunks (never one big buffer). */
function multipartStream(
  file: { name: string; type: string; chunks: () => AsyncGenerator<Buffer> },
  content = 'Front brake',
) {
  async function* body() {
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="content"\r\n\r\n${content}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    );
    yield* file.chunks();
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  return Readable.from(body());
}

async function* once(content: Buffer) {
  yield content;
}

type Attachment = { id: string; kind: string; url: string; sizeBytes: number; content: string; contentType: string };

describe('checklist record attachments', () => {
  let t: TestContext;
  let mechanic: Awaited<ReturnType<TestContext['userWith']>>;
  let barcelona: Awaited<ReturnType<TestContext['userWith']>>;
  let noDetail: Awaited<ReturnType<TestContext['userWith']>>;
  let recordId: string;
  let groupId: string;
  let workItemId: string;
  let png: Buffer;

  const upload = (
    file: { name: string; type: string; chunks: () => AsyncGenerator<Buffer> },
    opts: { token?: string; url?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api${opts.url ?? `/checklist/checklistRecords/${recordId}/attachments`}`,
      payload: multipartStream(file),
      headers: {
        authorization: `Bearer ${opts.token ?? mechanic.token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
    });

  beforeAll(async () => {
    t = await createTestContext();
    const db = t.database.db;
    const ws = await insertWorkshop(db, t.partnerA.id);
    const item = await insertWorkItem(db, t.partnerA.id, { options: [{ type: 'labour', price: 5 }] });
    const checklist = await insertChecklist(db, t.partnerA.id, {
      categoryIds: [ws.category.id],
      groups: [{ workItemIds: [item.id] }],
    });
    const asset = await insertAsset(db, t.partnerA.id, ws.category.id);
    const ticket = await insertTicket(db, {
      assetId: asset.id,
      assetPartnerId: t.partnerA.id,
      categoryId: ws.category.id,
      centerSiteId: ws.site.id,
    });
    const work = ['support.customer_ticket.update', 'checklist_record.read_detail'];
    mechanic = await t.userWith(work, [t.partnerA.id]);
    barcelona = await t.userWith(work, [t.partnerB.id]);
    noDetail = await t.userWith(['support.customer_ticket.update', 'checklist_record.read'], [t.partnerA.id]);
    groupId = checklist.groupIds[0] as string;
    workItemId = item.id;
    const draft = await call(t.app, 'POST', `/support/customerTickets/${ticket.id}/checklistRecords/$submitDraft`, {
      token: mechanic.token,
      body: {
        checklistId: checklist.id,
        durationMinutes: 10,
        groups: [{ groupId, workItems: [{ workItemId, options: [{ optionId: item.optionIds[0] }] }] }],
      },
    });
    recordId = draft.json<{ data: { id: string } }>().data.id;
    png = await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toBuffer();
  });
  afterAll(() => t?.close());

  it('stores a photo re-encoded and serves it privately to readers of the record', async () => {
    const res = await upload({ name: 'brake.png', type: 'image/png', chunks: () => once(png) });
    expect(res.statusCode).toBe(201);
    const a = res.json<{ data: Attachment }>().data;
    expect(a).toMatchObject({ kind: 'image', contentType: 'image/png', content: 'Front brake', groupId: null });
    const file = await t.app.inject({
      method: 'GET',
      url: a.url,
      headers: { authorization: `Bearer ${mechanic.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(60);
    const other = await t.app.inject({
      method: 'GET',
      url: a.url,
      headers: { authorization: `Bearer ${barcelona.token}` },
    });
    expect(other.statusCode).toBe(404);
    const unauthorised = await t.app.inject({
      method: 'GET',
      url: a.url,
      headers: { authorization: `Bearer ${noDetail.token}` },
    });
    expect(unauthorised.statusCode).toBe(403);
    const list = await call(t.app, 'GET', `/checklist/checklistRecords/${recordId}/attachments`, {
      token: mechanic.token,
    });
    expect(list.json<{ data: Attachment[] }>().data.map((x) => x.id)).toContain(a.id);
  });

  it('attaches to a work item of the record, and refuses a group or item not in it', async () => {
    const base = `/checklist/checklistRecords/${recordId}/workItemGroups`;
    const ok = await upload(
      { name: 'item.png', type: 'image/png', chunks: () => once(png) },
      { url: `${base}/${groupId}/workItems/${workItemId}/attachments` },
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json<{ data: Attachment }>().data).toMatchObject({ groupId, workItemId });
    const noGroup = await upload(
      { name: 'item.png', type: 'image/png', chunks: () => once(png) },
      { url: `${base}/${workItemId}/workItems/${workItemId}/attachments` },
    );
    expect([noGroup.statusCode, errorOf(noGroup).code]).toEqual([404, 'ChecklistRecordWorkItemGroupNotFound']);
    const noItem = await upload(
      { name: 'item.png', type: 'image/png', chunks: () => once(png) },
      { url: `${base}/${groupId}/workItems/${groupId}/attachments` },
    );
    expect([noItem.statusCode, errorOf(noItem).code]).toEqual([404, 'ChecklistRecordWorkItemNotFound']);
  });

  it('refuses another partner, a 6 MB image (413) and a text file named .jpg (415)', async () => {
    const other = await upload(
      { name: 'a.png', type: 'image/png', chunks: () => once(png) },
      { token: barcelona.token },
    );
    expect([other.statusCode, errorOf(other).code]).toEqual([404, 'ChecklistRecordNotFound']);
    const big = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024, 7)]);
    const tooBig = await upload({ name: 'big.png', type: 'image/png', chunks: () => once(big) });
    expect([tooBig.statusCode, errorOf(tooBig).code]).toEqual([413, 'PayloadTooLarge']);
    const text = Buffer.from('this is not a picture at all\n'.repeat(300));
    const fake = await upload({ name: 'photo.jpg', type: 'image/jpeg', chunks: () => once(text) });
    expect([fake.statusCode, errorOf(fake).code]).toEqual([415, 'UnsupportedMediaType']);
    const files = await readdir(path.join(t.dataDir, 'files', 'checklist-records'));
    expect(files.filter((f) => f.endsWith('.part') || f.endsWith('.upload'))).toEqual([]);
  });

  it('streams a 20 MB video to disk while it arrives, and serves ranges (206)', async () => {
    const total = 20 * 1024 * 1024;
    const dir = path.join(t.dataDir, 'files', 'checklist-records');
    let seenOnDisk = 0;
    /** Sends 12 MB, then waits until the server has written most of it to disk before sending the rest. */
    async function* video() {
      const chunk = Buffer.alloc(256 * 1024, 1);
      let sent = 0;
      yield MP4_HEAD;
      sent += MP4_HEAD.length;
      while (sent < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        yield piece;
        sent += piece.length;
        if (sent >= 12 * 1024 * 1024 && seenOnDisk === 0) {
          for (let i = 0; i < 400 && seenOnDisk < 8 * 1024 * 1024; i++) {
            await new Promise((resolve) => setTimeout(resolve, 25));
            const parts = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.part'));
            for (const p of parts) {
              seenOnDisk = Math.max(seenOnDisk, (await stat(path.join(dir, p)).catch(() => ({ size: 0 }))).size);
            }
          }
          if (seenOnDisk < 8 * 1024 * 1024) throw new Error('the upload is not reaching the disk while it streams');
        }
      }
    }
    const res = await upload({ name: 'ride.mp4', type: 'video/mp4', chunks: video });
    expect(res.statusCode).toBe(201);
    expect(seenOnDisk).toBeGreaterThanOrEqual(8 * 1024 * 1024);
    const a = res.json<{ data: Attachment }>().data;
    expect(a).toMatchObject({ kind: 'video', contentType: 'video/mp4', sizeBytes: total });
    const auth = { authorization: `Bearer ${mechanic.token}` };
    const part = await t.app.inject({ method: 'GET', url: a.url, headers: { ...auth, range: 'bytes=0-23' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-23/${total}`);
    expect(part.rawPayload.equals(MP4_HEAD)).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: a.url, headers: { ...auth, range: 'bytes=-10' } });
    expect([tail.statusCode, tail.rawPayload.length]).toEqual([206, 10]);
    const outside = await t.app.inject({ method: 'GET', url: a.url, headers: { ...auth, range: `bytes=${total}-` } });
    expect(outside.statusCode).toBe(416);
  });

  it('refuses a video over 100 MB at the limit (413) without keeping a byte of it', async () => {
    async function* huge() {
      yield MP4_HEAD;
      const chunk = Buffer.alloc(1024 * 1024, 2);
      for (let i = 0; i < 101; i++) yield chunk;
    }
    const res = await upload({ name: 'long.mp4', type: 'video/mp4', chunks: huge });
    expect([res.statusCode, errorOf(res).code]).toEqual([413, 'PayloadTooLarge']);
    const files = await readdir(path.join(t.dataDir, 'files', 'checklist-records'));
    expect(files.filter((f) => f.endsWith('.part') || f.endsWith('.upload'))).toEqual([]);
  });
});
