import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Fixture, listing, namingPartner, type World } from './authorization-matrix.fixtures.ts';

/**
 * The authorization matrix's fixtures for the customer-tickets endpoints (see authorization-matrix.fixtures.ts for the
 * builders: byId, listing, namingPartner, …). A function, so the builders it imports are initialised when it runs.
 */
export function customerTicketFixtures(): Record<string, Fixture> {
  return { ...ticketListFixtures() };
}

// The lists (issue 22, ticket-lists): a view's page, every view's count, the export and the mechanics picker.

/** An open ticket of partner A on an asset and a service centre of partner A; the list finds it by its number. */
async function listedTicket(w: World) {
  const asset = await w.newAsset(w.partnerA);
  const centre = await w.newSite(w.partnerA);
  const ticketNo = w.unique('T-MX').slice(0, 40);
  await w.t.database.db.execute(sql`insert into customer_tickets (id, ticket_no, asset_partner_id,
      provider_partner_id, center_site_id, asset_id, category_id, status, currency)
    values (${randomUUID()}, ${ticketNo}, ${w.partnerA}, ${w.partnerA}, ${centre.id}, ${asset.id}, ${w.category.id},
      'new', 'EUR')`);
  return { ticketNo };
}

function ticketListFixtures(): Record<string, Fixture> {
  return {
    'GET /support/customerTickets': listing(async (w) => {
      const { ticketNo } = await listedTicket(w);
      return { request: { query: { pageSize: 100, search: ticketNo } }, marker: ticketNo };
    }),
    'GET /support/customerTickets/$export': listing(async (w) => {
      const { ticketNo } = await listedTicket(w);
      return { request: { query: { search: ticketNo } }, marker: ticketNo };
    }),
    // The badges carry numbers only: the partner named in the filter is what the scope decides.
    'GET /support/customerTickets/$counts': namingPartner(async (w) => {
      await listedTicket(w);
      return { request: { query: { partnerIdIn: w.partnerA } } };
    }),
    'GET /support/customerTickets/$mechanics': namingPartner(async (w) => ({
      request: { query: { partnerId: w.partnerA } },
    })),
  };
}
