import { eq } from 'drizzle-orm';
import { customerTickets } from '../src/db/schema/index.ts';
import { recordOn } from './authorization-matrix.customer-tickets.ts';
import {
  byId,
  type Case,
  type Fixture,
  image,
  listing,
  namingPartner,
  type World,
} from './authorization-matrix.fixtures.ts';
import { subscribedAsset } from './authorization-matrix.subscription-orders.ts';
import { multipartFile } from './harness.ts';

/**
 * The authorization matrix's fixtures for the B2B service ticket endpoints (see authorization-matrix.fixtures.ts for
 * the builders). A B2B ticket belongs to its asset's partner, the subscribing one: another partner's answers 404 by
 * id, as B2C tickets do; naming a partner outside the scope (counts, mechanics) is 403.
 */
export function subscriptionTicketFixtures(): Record<string, Fixture> {
  const listed = listing(async (w) => {
    const { ticketNo } = await ticketIn(w, 'new');
    return { request: { query: { pageSize: 100, search: ticketNo } }, marker: ticketNo };
  });
  return {
    'GET /support/tickets': listed,
    'GET /support/tickets/$counts': namingPartner(async (w) => {
      await ticketIn(w, 'new');
      return { request: { query: { partnerIdIn: w.partnerA } } };
    }),
    'GET /support/tickets/$mechanics': namingPartner(async (w) => ({ request: { query: { partnerId: w.partnerA } } })),
    'POST /support/tickets/$inspectAsset': assetByNumber(async (w) => ({
      request: { body: { assetNo: await subscribedAsset(w) } },
    })),
    'POST /support/tickets': assetByNumber(async (w) => ({
      request: { body: { assetNo: await subscribedAsset(w), issues: ['Brakes'] } },
    })),
    'GET /support/tickets/:id': onTicket('new'),
    'PATCH /support/tickets/:id': onTicket('new', { comment: 'Squeaks' }),
    'DELETE /support/tickets/:id': onTicket('new'),
    'POST /support/tickets/:id/photos': byId(async (w) => ({
      request: { params: { id: (await ticketIn(w, 'new')).id }, file: image(w) },
    })),
    'GET /support/tickets/:id/photos/:photoId/file': byId(async (w) => {
      const { id, photoId } = await withPhoto(w);
      return { request: { params: { id, photoId } } };
    }),
    'DELETE /support/tickets/:id/photos/:photoId': byId(async (w) => {
      const { id, photoId } = await withPhoto(w);
      return { request: { params: { id, photoId } } };
    }),
    'PATCH /support/tickets/:id/comment': onTicket('new', { comment: 'Pads worn' }),
    'PATCH /support/tickets/:id/checkInNote': onTicket('new', { checkInNote: 'Scratched' }),
    'POST /support/tickets/:id/$checkIn': byId(async (w) => ({
      request: { params: { id: (await ticketIn(w, 'new')).id }, body: { centerSiteId: await centre(w) } },
    })),
    'POST /support/tickets/:id/$start': onTicket('checked-in'),
    'POST /support/tickets/:id/$pause': onTicket('processing', { pauseReason: 'waiting-for-parts' }),
    'POST /support/tickets/:id/$resume': onTicket('paused'),
    'POST /support/tickets/:id/$finish': onTicket('processing'),
    'POST /support/tickets/:id/$complete': onTicket('finished'),
    'POST /support/tickets/:id/$fail': onTicket('new', { reason: 'Not repairable' }),
    'POST /support/tickets/:id/$assign': byId(async (w) => ({
      request: { params: { id: (await ticketIn(w, 'new')).id }, body: { mechanicUserId: w.t.owner.id } },
    })),
    'POST /support/tickets/:id/$editCharge': byId(async (w) => ({
      request: { params: { id: await billedTicket(w) }, body: { amount: 5, reason: 'Goodwill' } },
    })),
    'POST /support/tickets/:id/$exemptOrRefund': byId(async (w) => ({
      request: { params: { id: await billedTicket(w) }, body: { amount: 1, reason: 'Goodwill' } },
    })),
    'POST /support/tickets/:id/checklist-records/:recordId/$exclude': byId(async (w) => {
      const { id } = await ticketIn(w, 'processing');
      return { request: { params: { id, recordId: await recordOn(w, id, 10) } } };
    }),
  };
}

/** A subscribed asset named by number: another partner's is 404 AssetNotFound, exactly as an unknown number. */
const assetByNumber = (build: (w: World) => Promise<Case>): Fixture => ({
  class: 'partner-owned',
  build,
  otherPartner: { status: 404, code: 'AssetNotFound' },
});

const centres = new WeakMap<World, Promise<string>>();
/** A service centre of partner A, once per matrix run. */
function centre(w: World) {
  let made = centres.get(w);
  if (!made) {
    made = w
      .ownerCall<{ id: string }>('POST', '/inventory/sites', {
        partnerId: w.partnerA,
        taxGroupId: w.taxGroupId,
        name: w.unique('Workshop').slice(0, 50),
        type: 'service-center',
        city: 'Milano',
      })
      .then((s) => s.id);
    centres.set(w, made);
  }
  return made;
}

/** A B2B ticket of partner A opened through the API and moved to `status` in the database (at the centre). */
async function ticketIn(w: World, status: string) {
  const ticket = await w.ownerCall<{ id: string; ticketNo: string }>('POST', '/support/tickets', {
    assetNo: await subscribedAsset(w),
    issues: ['Brakes'],
  });
  if (status !== 'new') {
    await w.t.database.db
      .update(customerTickets)
      .set({
        status,
        centerSiteId: await centre(w),
        providerPartnerId: w.partnerA,
        ...(status === 'processing' ? { processingSince: new Date() } : {}),
        ...(status === 'finished' ? { serviceFee: 0 } : {}),
      })
      .where(eq(customerTickets.id, ticket.id));
  }
  return ticket;
}

const onTicket = (status: string, body: Record<string, unknown> = {}) =>
  byId(async (w) => ({ request: { params: { id: (await ticketIn(w, status)).id }, body } }));

/** A new B2B ticket of partner A with one photo, uploaded by the owner. */
async function withPhoto(w: World) {
  const { id } = await ticketIn(w, 'new');
  const { payload, contentType } = await multipartFile(image(w));
  const added = await w.t.app.inject({
    method: 'POST',
    url: `/api/support/tickets/${id}/photos`,
    payload,
    headers: { authorization: `Bearer ${w.owner}`, 'content-type': contentType },
  });
  const photo = added.json<{ data: { photos: { id: string }[] } }>().data.photos[0];
  return { id, photoId: photo?.id as string };
}

/** A Ready B2B ticket whose fee of 15 is billed to the order and not charged yet. */
async function billedTicket(w: World) {
  const { id } = await ticketIn(w, 'processing');
  await recordOn(w, id, 15);
  await w.ownerCall('POST', `/support/tickets/${id}/$finish`, {});
  return id;
}
