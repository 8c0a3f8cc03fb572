import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, multipartFile, type TestContext } from '../../../test/harness.ts';
import { fieldLogs, partnerDocuments } from '../../db/schema/index.ts';

type Fields = { fields: Record<string, string> };

const ENGLISH_REQUIRED = 'Submission failed, English version is required';

const content = {
  en: '<h2>Terms</h2><p>Read our <a href="https://fleetdesk.example.com/terms">terms</a>.</p>',
  it: '<p>Leggi i <a href="https://fleetdesk.example.com/it/termini" target="_blank">termini</a>.</p>',
  es: '<p>Lee los términos. <a href="mailto:ayuda@fleetdesk.example.com">Escríbenos</a></p>',
};

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 140, b: 90 } } })
    .png()
    .toBuffer();

describe('documents API', () => {
  let t: TestContext;
  let docReader: Awaited<ReturnType<TestContext['userWith']>>;
  let docWriterScopedA: Awaited<ReturnType<TestContext['userWith']>>;
  let partnerReaderA: Awaited<ReturnType<TestContext['userWith']>>;
  let partnerWriterA: Awaited<ReturnType<TestContext['userWith']>>;
  let partnerReaderAll: Awaited<ReturnType<TestContext['userWith']>>;
  let nobody: Awaited<ReturnType<TestContext['userWith']>>;

  const putAccount = (type: string, body: unknown, token = t.owner.token) =>
    call(t.app, 'PUT', `/account/documents/${type}`, { token, body });
  const putPartner = (partnerId: string, type: string, body: unknown, token = t.owner.token) =>
    call(t.app, 'PUT', `/account/partners/${partnerId}/documents/${type}`, { token, body });
  const createPartnerDoc = (body: unknown, token = t.owner.token) =>
    call(t.app, 'POST', '/account/partners/partnerDocument', { token, body });
  const upload = async (type: string, file: { content: Buffer; filename: string; type: string }, token: string) => {
    const { payload, contentType } = await multipartFile(file);
    return t.app.inject({
      method: 'POST',
      url: `/api/account/documents/${type}/$uploadImage`,
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    });
  };

  beforeAll(async () => {
    t = await createTestContext();
    docReader = await t.userWith(['setting.document.read']);
    docWriterScopedA = await t.userWith(['setting.document.read', 'setting.document.write'], [t.partnerA.id]);
    partnerReaderA = await t.userWith(['setting.partner_document.read'], [t.partnerA.id]);
    partnerWriterA = await t.userWith(
      ['setting.partner_document.read', 'setting.partner_document.write'],
      [t.partnerA.id],
    );
    partnerReaderAll = await t.userWith(['setting.partner_document.read']);
    nobody = await t.userWith(['site.read']);
  });
  afterAll(() => t.close());

  describe('account documents', () => {
    it('creates, lists, replaces and deletes a document in three languages, with field logs', async () => {
      const created = await putAccount('terms', { content });
      expect(created.statusCode, created.body).toBe(200);
      const doc = created.json().data;
      expect(doc.type).toBe('terms');
      expect(doc.content.en).toBe(content.en);
      // A link opening a new tab gets rel="noopener noreferrer" added by the sanitiser.
      expect(doc.content.it).toContain('target="_blank" rel="noopener noreferrer"');
      expect(doc.content.es).toContain('mailto:ayuda@fleetdesk.example.com');

      const list = await call(t.app, 'GET', '/account/documents', { token: docReader.token });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({ count: 1, data: [{ type: 'terms' }] });

      const replaced = await putAccount('terms', { content: { en: '<p>Only English now.</p>' } });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json().data.content).toEqual({ en: '<p>Only English now.</p>' });
      expect(replaced.json().data.createdAt).toBe(doc.createdAt);

      const logs = await t.database.db
        .select()
        .from(fieldLogs)
        .where(and(eq(fieldLogs.entityType, 'account_document'), eq(fieldLogs.entityId, 'terms')));
      expect(logs.map((l) => l.field).sort()).toEqual(['en', 'en', 'es', 'es', 'it', 'it']);
      expect(logs.every((l) => l.userId === t.owner.id)).toBe(true);

      const removed = await call(t.app, 'DELETE', '/account/documents/terms', { token: t.owner.token });
      expect(removed.statusCode).toBe(200);
      const after = await call(t.app, 'GET', '/account/documents?type=terms', { token: t.owner.token });
      expect(after.json()).toEqual({ data: [], count: 0 });
      const again = await call(t.app, 'DELETE', '/account/documents/terms', { token: t.owner.token });
      expect(again.statusCode).toBe(404);
    });

    it('filters the list by type and refuses an unknown type', async () => {
      await putAccount('help-center', { content: { en: '<p>Help</p>' } });
      await putAccount('privacy-policy', { content: { en: '<p>Privacy</p>' } });
      const one = await call(t.app, 'GET', '/account/documents?type=help-center', { token: t.owner.token });
      expect(one.json().data.map((d: { type: string }) => d.type)).toEqual(['help-center']);
      const bad = await call(t.app, 'GET', '/account/documents?type=notice', { token: t.owner.token });
      expect(bad.statusCode).toBe(400);
      expect((errorOf(bad).data as Fields).fields['query.type']).toBe('Unknown document type');
      const badPut = await putAccount('cookies', { content: { en: '<p>x</p>' } });
      expect(badPut.statusCode).toBe(400);
    });

    it('requires a sign-in and the setting.document permissions', async () => {
      expect((await call(t.app, 'GET', '/account/documents')).statusCode).toBe(401);
      expect((await call(t.app, 'GET', '/account/documents', { token: nobody.token })).statusCode).toBe(403);
      const put = await putAccount('terms', { content: { en: '<p>x</p>' } }, docReader.token);
      expect(put.statusCode).toBe(403);
      expect(errorOf(put).code).toBe('Forbidden');
      const del = await call(t.app, 'DELETE', '/account/documents/help-center', { token: docReader.token });
      expect(del.statusCode).toBe(403);
      // The partner-document permission does not open the account documents.
      const partnerOnly = await call(t.app, 'GET', '/account/documents', { token: partnerReaderAll.token });
      expect(partnerOnly.statusCode).toBe(403);
    });

    it('refuses a change by a partner user: account documents reach every partner', async () => {
      const before = (await call(t.app, 'GET', '/account/documents', { token: t.owner.token })).json();
      const logsBefore = (await t.database.db.select().from(fieldLogs)).length;
      const res = await putAccount('terms', { content: { en: '<p>x</p>' } }, docWriterScopedA.token);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('PartnerOutOfScope');
      const del = await call(t.app, 'DELETE', '/account/documents/help-center', { token: docWriterScopedA.token });
      expect(del.statusCode).toBe(403);
      expect(errorOf(del).code).toBe('PartnerOutOfScope');
      const read = await call(t.app, 'GET', '/account/documents', { token: docWriterScopedA.token });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(before);
      expect((await t.database.db.select().from(fieldLogs)).length).toBe(logsBefore);
    });

    it.each([
      ['missing', { it: '<p>Ciao</p>' }],
      ['empty', { en: '', it: '<p>Ciao</p>' }],
      ['only empty paragraphs', { en: '<p><br></p><p>&nbsp;</p>' }],
      ['only a script', { en: '<script>alert(1)</script>' }],
    ])('refuses an English version that is %s', async (_label, body) => {
      const res = await putAccount('privacy-policy', { content: body });
      expect(res.statusCode).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe('ValidationError');
      expect(error.message).toBe(ENGLISH_REQUIRED);
      expect((error.data as Fields).fields['content.en']).toBe(ENGLISH_REQUIRED);
      const stored = await call(t.app, 'GET', '/account/documents?type=privacy-policy', { token: t.owner.token });
      expect(stored.json().data[0].content.en).toBe('<p>Privacy</p>');
    });

    it('accepts an English version that is only an image', async () => {
      const res = await putAccount('help-center', {
        content: { en: '<p><img src="https://cdn.fleetdesk.example.com/map.png" alt="map"></p>' },
      });
      expect(res.statusCode).toBe(200);
    });

    it.each([
      ['relative', '/terms'],
      ['javascript:', 'javascript:alert(1)'],
      ['incomplete', 'http://'],
      ['without a host name', 'https://localhost'],
      ['with a bare word', 'fleetdesk'],
      ['a data: URI', 'data:text/html,hi'],
    ])('refuses a %s link on the language it is in', async (_label, href) => {
      const res = await putAccount('terms', {
        content: { en: '<p>Fine</p>', es: `<p><a href="${href}">aquí</a></p>` },
      });
      expect(res.statusCode).toBe(400);
      const fields = (errorOf(res).data as Fields).fields;
      expect(fields).toEqual({ 'content.es': 'Please enter a valid URL' });
    });

    it('stores cleaned HTML when the content carries script, handlers and frames', async () => {
      const res = await putAccount('terms', {
        content: {
          en: [
            '<p onclick="steal()">Hello<script>alert(1)</script></p>',
            '<img src=x onerror=alert(1)><iframe src="https://evil.example.com"></iframe>',
            '<p style="background:url(javascript:alert(1));text-align:center">centred</p>',
            '<svg onload=alert(1)><circle/></svg><a href="https://ok.example.com" onmouseover="x()">ok</a>',
          ].join(''),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const expected = '<p>Hello</p><p style="text-align:center">centred</p><a href="https://ok.example.com">ok</a>';
      expect(res.json().data.content.en).toBe(expected);
      const stored = await call(t.app, 'GET', '/account/documents?type=terms', { token: t.owner.token });
      expect(stored.json().data[0].content.en).toBe(expected);
    });

    it('refuses unknown fields and languages', async () => {
      const res = await putAccount('terms', { content: { en: '<p>x</p>', fr: '<p>y</p>' } });
      expect(res.statusCode).toBe(400);
      expect((errorOf(res).data as Fields).fields['content.fr']).toBe('Unknown field');
    });
  });

  describe('image upload', () => {
    it('stores a PNG and serves it from /api/files/documents', async () => {
      const res = await upload(
        'terms',
        { content: await png(), filename: 'map.png', type: 'image/png' },
        t.owner.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const url: string = res.json().data.url;
      expect(url).toMatch(/^\/api\/files\/documents\/[0-9a-f-]+\.png$/);
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      // The editor inserts exactly this URL; the sanitiser keeps it.
      const saved = await putAccount('help-center', { content: { en: `<p><img src="${url}" alt="map"></p>` } });
      expect(saved.json().data.content.en).toContain(`src="${url}"`);
    });

    it('lets a partner-document writer upload for a notice', async () => {
      const res = await upload(
        'notice',
        { content: await png(), filename: 'n.png', type: 'image/png' },
        partnerWriterA.token,
      );
      expect(res.statusCode).toBe(200);
    });

    it('refuses a file that is not a JPEG or PNG by content', async () => {
      const res = await upload(
        'terms',
        {
          content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
          filename: 'a.png',
          type: 'image/png',
        },
        t.owner.token,
      );
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('UnsupportedMediaType');
    });

    it('refuses a file over 5 MB with 413 "image too large"', async () => {
      const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 1)]);
      const res = await upload('terms', { content: big, filename: 'big.png', type: 'image/png' }, t.owner.token);
      expect(res.statusCode).toBe(413);
      expect(errorOf(res).message).toBe('image too large');
    });

    it('refuses without a write permission and without a sign-in', async () => {
      const file = { content: await png(), filename: 'a.png', type: 'image/png' };
      expect((await upload('terms', file, docReader.token)).statusCode).toBe(403);
      const { payload, contentType } = await multipartFile(file);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/account/documents/terms/$uploadImage',
        payload,
        headers: { 'content-type': contentType },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('partner documents', () => {
    it('creates, reads, replaces and deletes a partner notice, with field logs', async () => {
      const created = await createPartnerDoc({ partnerId: t.partnerA.id, type: 'notice', content });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject({
        partnerId: t.partnerA.id,
        partner: { id: t.partnerA.id, name: t.partnerA.name },
        type: 'notice',
        content: { en: content.en },
      });

      const got = await call(t.app, 'GET', `/account/partners/${t.partnerA.id}/documents/notice`, {
        token: partnerReaderA.token,
      });
      expect(got.statusCode).toBe(200);
      expect(got.json().data.content.es).toContain('Escríbenos');

      const saved = await putPartner(
        t.partnerA.id,
        'notice',
        { content: { en: '<p>Closed on Sunday</p>' } },
        partnerWriterA.token,
      );
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data.content).toEqual({ en: '<p>Closed on Sunday</p>' });

      const logs = await t.database.db
        .select()
        .from(fieldLogs)
        .where(eq(fieldLogs.entityId, `${t.partnerA.id}/notice`));
      expect(logs.length).toBe(6);
      expect(logs.filter((l) => l.userId === partnerWriterA.id).length).toBe(3);

      const removed = await call(t.app, 'DELETE', `/account/partners/${t.partnerA.id}/documents/notice`, {
        token: partnerWriterA.token,
      });
      expect(removed.statusCode).toBe(200);
      const gone = await call(t.app, 'GET', `/account/partners/${t.partnerA.id}/documents/notice`, {
        token: t.owner.token,
      });
      expect(gone.statusCode).toBe(404);
      const deleteLogs = await t.database.db
        .select()
        .from(fieldLogs)
        .where(eq(fieldLogs.entityId, `${t.partnerA.id}/notice`));
      expect(deleteLogs.length).toBe(7);
    });

    it('creates with PUT when the partner has none yet', async () => {
      const res = await putPartner(t.partnerB.id, 'help-center', { content: { en: '<p>Ayuda</p>' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.partner.name).toBe(t.partnerB.name);
    });

    it('refuses a second document of the same type with 409 PartnerDocumentExists', async () => {
      const first = await createPartnerDoc({ partnerId: t.partnerA.id, type: 'terms', content });
      expect(first.statusCode).toBe(201);
      const second = await createPartnerDoc({ partnerId: t.partnerA.id, type: 'terms', content });
      expect(second.statusCode).toBe(409);
      expect(errorOf(second).code).toBe('PartnerDocumentExists');
      const rows = await t.database.db
        .select()
        .from(partnerDocuments)
        .where(and(eq(partnerDocuments.partnerId, t.partnerA.id), eq(partnerDocuments.type, 'terms')));
      expect(rows.length).toBe(1);
    });

    it('refuses an unknown partner', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      const res = await createPartnerDoc({ partnerId: unknown, type: 'terms', content });
      expect(res.statusCode).toBe(400);
      expect((errorOf(res).data as Fields).fields.partnerId).toBe('Unknown partner');
      expect((await putPartner(unknown, 'terms', { content })).statusCode).toBe(404);
      const badId = await call(t.app, 'GET', '/account/partners/nope/documents/terms', { token: t.owner.token });
      expect(badId.statusCode).toBe(400);
    });

    it('requires English and valid links on partner documents too', async () => {
      const res = await createPartnerDoc({ partnerId: t.partnerB.id, type: 'notice', content: { es: '<p>Hola</p>' } });
      expect(res.statusCode).toBe(400);
      expect((errorOf(res).data as Fields).fields['content.en']).toBe(ENGLISH_REQUIRED);
      const link = await putPartner(t.partnerB.id, 'notice', {
        content: { en: '<p><a href="javascript:alert(1)">x</a></p>' },
      });
      expect(link.statusCode).toBe(400);
      expect((errorOf(link).data as Fields).fields['content.en']).toBe('Please enter a valid URL');
    });

    it('keeps partner users inside their scope', async () => {
      const bPath = `/account/partners/${t.partnerB.id}/documents/help-center`;
      const read = await call(t.app, 'GET', bPath, { token: partnerReaderA.token });
      expect(read.statusCode).toBe(403);
      expect(errorOf(read).code).toBe('PartnerOutOfScope');
      const write = await putPartner(t.partnerB.id, 'help-center', { content }, partnerWriterA.token);
      expect(write.statusCode).toBe(403);
      const create = await createPartnerDoc(
        { partnerId: t.partnerB.id, type: 'notice', content },
        partnerWriterA.token,
      );
      expect(create.statusCode).toBe(403);
      const del = await call(t.app, 'DELETE', bPath, { token: partnerWriterA.token });
      expect(del.statusCode).toBe(403);
      const filtered = await call(t.app, 'GET', `/account/partners/$all/documents?partnerId=${t.partnerB.id}`, {
        token: partnerReaderA.token,
      });
      expect(filtered.statusCode).toBe(403);

      const list = await call(t.app, 'GET', '/account/partners/$all/documents', { token: partnerReaderA.token });
      expect(list.statusCode).toBe(200);
      const partnersSeen = new Set(list.json().data.map((d: { partnerId: string }) => d.partnerId));
      expect([...partnersSeen]).toEqual([t.partnerA.id]);
      expect(list.json().count).toBe(list.json().data.length);

      // Still there for the owner.
      expect((await call(t.app, 'GET', bPath, { token: t.owner.token })).statusCode).toBe(200);
    });

    it('requires a sign-in and the setting.partner_document permissions', async () => {
      expect((await call(t.app, 'GET', '/account/partners/$all/documents')).statusCode).toBe(401);
      const noRead = await call(t.app, 'GET', '/account/partners/$all/documents', { token: docReader.token });
      expect(noRead.statusCode).toBe(403);
      const noWrite = await putPartner(t.partnerA.id, 'terms', { content }, partnerReaderA.token);
      expect(noWrite.statusCode).toBe(403);
      expect(errorOf(noWrite).code).toBe('Forbidden');
      const noCreate = await createPartnerDoc(
        { partnerId: t.partnerA.id, type: 'notice', content },
        partnerReaderAll.token,
      );
      expect(noCreate.statusCode).toBe(403);
      const noDelete = await call(t.app, 'DELETE', `/account/partners/${t.partnerA.id}/documents/terms`, {
        token: partnerReaderA.token,
      });
      expect(noDelete.statusCode).toBe(403);
      const noFind = await call(t.app, 'POST', '/account/partners/$all/documents/$findCreatedPartners', {
        token: nobody.token,
        body: { type: 'terms' },
      });
      expect(noFind.statusCode).toBe(403);
    });

    it('lists newest first by default, oldest first when asked, filtered by partner and type, paged', async () => {
      await putPartner(t.partnerB.id, 'privacy-policy', { content });
      await putPartner(t.partnerA.id, 'privacy-policy', { content });
      const all = await call(t.app, 'GET', '/account/partners/$all/documents?pageSize=100', { token: t.owner.token });
      const created: string[] = all.json().data.map((d: { createdAt: string }) => d.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      expect(all.json().data[0]).toMatchObject({ partnerId: t.partnerA.id, type: 'privacy-policy' });

      const asc = await call(t.app, 'GET', '/account/partners/$all/documents?sort=createdAt:asc&pageSize=100', {
        token: t.owner.token,
      });
      expect(asc.json().data.map((d: { createdAt: string }) => d.createdAt)).toEqual([...created].reverse());

      const byType = await call(t.app, 'GET', '/account/partners/$all/documents?type=privacy-policy', {
        token: t.owner.token,
      });
      expect(byType.json().count).toBe(2);
      const byPartner = await call(
        t.app,
        'GET',
        `/account/partners/$all/documents?partnerId=${t.partnerB.id}&type=privacy-policy`,
        { token: t.owner.token },
      );
      expect(byPartner.json()).toMatchObject({ count: 1, data: [{ partnerId: t.partnerB.id }] });

      const page = await call(t.app, 'GET', '/account/partners/$all/documents?pageNo=2&pageSize=1', {
        token: t.owner.token,
      });
      expect(page.json().data).toHaveLength(1);
      expect(page.json().data[0].createdAt).toBe(created[1]);
      expect(page.json().count).toBe(created.length);

      const badSort = await call(t.app, 'GET', '/account/partners/$all/documents?sort=type:asc', {
        token: t.owner.token,
      });
      expect(badSort.statusCode).toBe(400);
    });

    it('tells which in-scope partners already have a document of a type', async () => {
      const find = (type: string, token: string) =>
        call(t.app, 'POST', '/account/partners/$all/documents/$findCreatedPartners', { token, body: { type } });
      const owner = await find('privacy-policy', t.owner.token);
      expect(owner.statusCode).toBe(200);
      expect([...owner.json().data].sort()).toEqual([t.partnerA.id, t.partnerB.id].sort());
      const scoped = await find('privacy-policy', partnerReaderA.token);
      expect(scoped.json().data).toEqual([t.partnerA.id]);
      expect((await find('notice', t.owner.token)).json().data).toEqual([]);
      const bad = await find('cookies', t.owner.token);
      expect(bad.statusCode).toBe(400);
    });
  });
});
