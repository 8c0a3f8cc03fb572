import {
  checklistEndpoints,
  checklistRecordEndpoints,
  customerTicketEndpoints,
  siteEndpoints,
  workItemEndpoints,
} from '@fleetdesk/contracts';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { type Api, urlOf } from '../fixtures/api.ts';

/** The record detail page (/checklist/record/detail/:id): header, work done, the gallery and the cost statement. */
export class RecordDetailPage {
  constructor(readonly page: Page) {}

  goto(recordId: string) {
    return this.page.goto(`/checklist/record/detail/${recordId}`);
  }

  gallery(): Locator {
    return this.page.getByTestId('record-attachments').getByTestId('attachment-gallery');
  }

  costStatement(): Locator {
    return this.page.getByTestId('cost-statement');
  }
}

/** A WebM clip recorded in the browser itself (a moving canvas), so the server's content check sees a real video. */
export async function recordWebm(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const stream = canvas.captureStream(10);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start();
    for (let frame = 0; frame < 8; frame++) {
      context.fillStyle = `hsl(${frame * 40}, 80%, 50%)`;
      context.fillRect(0, 0, 64, 48);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    recorder.stop();
    await stopped;
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
  });
  return Buffer.from(bytes);
}

/** A small PNG drawn in the browser (a brake disc, more or less). */
export async function drawPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 90;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#ddd';
    context.fillRect(0, 0, 120, 90);
    context.fillStyle = '#555';
    context.beginPath();
    context.arc(60, 45, 32, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] as string, 'base64');
}

/**
 * A finalized checklist record on a Milano asset, made through the API as a workshop would: work items and a
 * checklist for the category, a ticket at Milano's service centre checked in and started, a draft with priced and
 * unpriced options, a photo on a work item and a video on the record, then `$finalize`.
 */
export async function finalizedRecord(
  api: Api,
  session: { request: APIRequestContext; token: string },
  media: { png: Buffer; webm: Buffer },
  names: { assetNo: string; suffix: string },
) {
  const partnerId = await api.partnerId('Milano Bike Hub');
  const categoryId = await api.categoryId('City e-bike');
  await api.createAsset(categoryId, {
    no: names.assetNo,
    partnerId,
    usageMode: 'customer-rental',
    lifeCycleState: 'Ready',
  });
  const center = (await api.call(siteEndpoints.all)).find(
    (s) => s.partnerId === partnerId && s.type === 'service-center',
  );
  if (!center) throw new Error('Milano has no service centre');
  const pads = await api.call(workItemEndpoints.create, {
    body: {
      partnerId,
      name: `Brake pads ${names.suffix}`,
      resultMode: 'single',
      options: [
        { type: 'hardware', name: 'Replace pads', costAmount: 9, price: 24.4, sku: 'BP-100' },
        { type: 'labour', name: 'Adjust pads', costAmount: 2 },
      ],
    },
  });
  const chain = await api.call(workItemEndpoints.create, {
    body: {
      partnerId,
      name: `Chain ${names.suffix}`,
      resultMode: 'multiple',
      options: [
        { type: 'labour', name: 'Clean and lube', costAmount: 3, price: 12.2 },
        { type: 'hardware', name: 'Chain link', costAmount: 1, price: 3.05, sku: 'CL-8' },
      ],
    },
  });
  const checklist = await api.call(checklistEndpoints.create, {
    body: {
      partnerId,
      name: `Brake and chain service ${names.suffix}`,
      assetCategoryScope: [categoryId],
      basicCostAmount: 10,
      workItemGroups: [
        {
          name: 'Brakes',
          isRequired: true,
          isAllWorkItemsRequired: true,
          workItemIdList: [pads.id],
        },
        { name: 'Drivetrain', isRequired: false, isAllWorkItemsRequired: false, workItemIdList: [chain.id] },
      ],
    },
  });
  const [customer] = await api.customers({ partnerId, pageNo: 1, pageSize: 1 });
  if (!customer) throw new Error('Milano has no customer');
  const ticket = await api.call(customerTicketEndpoints.create, {
    body: {
      assetNo: names.assetNo,
      centerSiteId: center.id,
      customerId: customer.id,
      operationType: 'regular',
      issues: ['Brakes'],
    },
  });
  await api.call(customerTicketEndpoints.checkIn, { params: { id: ticket.id } });
  await api.call(customerTicketEndpoints.start, { params: { id: ticket.id } });
  const [brakes, drivetrain] = checklist.workItemGroups as [
    (typeof checklist.workItemGroups)[number],
    (typeof checklist.workItemGroups)[number],
  ];
  const option = (item: typeof pads, name: string) => item.options.find((o) => o.name === name)?.id as string;
  const draft = await api.call(checklistRecordEndpoints.submitDraft, {
    params: { ticketId: ticket.id },
    body: {
      checklistId: checklist.id,
      groups: [
        {
          groupId: brakes.id,
          workItems: [{ workItemId: pads.id, options: [{ optionId: option(pads, 'Replace pads'), quantity: 2 }] }],
        },
        {
          groupId: drivetrain.id,
          workItems: [
            {
              workItemId: chain.id,
              options: [{ optionId: option(chain, 'Clean and lube'), quantity: 1 }],
              note: 'Chain was dry',
            },
          ],
        },
      ],
      comment: 'Squeaking front brake',
      durationMinutes: 85,
    },
  });
  await attach(
    session,
    urlOf(checklistRecordEndpoints.addWorkItemAttachment, {
      params: { id: draft.id, groupId: brakes.id, workItemId: pads.id },
    }),
    { content: 'Worn pads', file: { name: 'pads.png', mimeType: 'image/png', buffer: media.png } },
  );
  await attach(session, urlOf(checklistRecordEndpoints.addAttachment, { params: { id: draft.id } }), {
    content: 'Test ride',
    file: { name: 'ride.webm', mimeType: 'video/webm', buffer: media.webm },
  });
  await api.call(checklistRecordEndpoints.finalize, { params: { id: draft.id } });
  return { recordId: draft.id, ticket, checklistName: checklist.name };
}

/** Posts a photo or video to a record as the console's camera button would (multipart "content" and "file"). */
async function attach(
  session: { request: APIRequestContext; token: string },
  url: string,
  multipart: { content: string; file: { name: string; mimeType: string; buffer: Buffer } },
) {
  const response = await session.request.fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
    multipart,
  });
  expect(response.status(), `attachment upload: ${await response.text()}`).toBe(201);
}

/** The record list at /checklist/record, narrowed to one asset through the URL. */
export async function openRecordList(page: Page, assetNo: string) {
  await page.goto(`/checklist/record?assetNo=${assetNo}`);
  await expect(page.getByRole('main').getByRole('table')).toBeVisible();
}
