import type { Fixture, World } from './authorization-matrix.fixtures.ts';

/**
 * The authorization matrix's fixtures for the MDS half of open data (issue 25). An agency client is shared by the
 * partners it reads: a caller reaches it only when its whole scope lies inside the caller's (partner B's caller
 * does not see, and cannot revoke, partner A's client: 404 as if absent), and cannot create one reaching beyond it
 * (403 PartnerOutOfScope). The Provider endpoints take an agency's token, not a staff session: the matrix checks
 * they refuse staff callers (no agency token → 401); what an agency sees is tested in modules/mds/mds.test.ts.
 */
export function mdsFixtures(): Record<string, Fixture> {
  const newClient = async (w: World) =>
    w.ownerCall<{ id: string }>('POST', '/mds/clients', {
      name: w.unique('Agency'),
      partnerScope: [w.partnerA],
    });
  const provider: Fixture = { class: 'none' };
  return {
    'GET /mds/clients': {
      class: 'shared',
      build: async (w) => {
        const name = w.unique('Listed agency');
        await w.ownerCall('POST', '/mds/clients', { name, partnerScope: [w.partnerA] });
        return { request: { query: { pageSize: 100 } }, marker: name };
      },
      otherPartner: { listed: false },
      own: { listed: true },
    },
    'POST /mds/clients': {
      class: 'shared',
      build: async (w) => ({ request: { body: { name: w.unique('New agency'), partnerScope: [w.partnerA] } } }),
      otherPartner: { status: 403, code: 'PartnerOutOfScope' },
    },
    'DELETE /mds/clients/:id': {
      class: 'shared',
      build: async (w) => ({ request: { params: { id: (await newClient(w)).id } } }),
      otherPartner: { status: 404, code: 'NotFound' },
    },
    'GET /mds/vehicles': provider,
    'GET /mds/vehicles/:device_id': provider,
    'GET /mds/vehicles/status': provider,
    'GET /mds/vehicles/status/:device_id': provider,
    'GET /mds/trips': provider,
    'GET /mds/telemetry': provider,
    'GET /mds/events/historical': provider,
    'GET /mds/events/recent': provider,
  };
}
