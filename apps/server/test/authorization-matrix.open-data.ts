import { gbfsFeedNames } from '@fleetdesk/contracts';
import { type Fixture, namingPartner } from './authorization-matrix.fixtures.ts';

/**
 * The authorization matrix's fixtures for open data's GBFS half (see authorization-matrix.fixtures.ts for the
 * builders). A partner's GBFS settings are keyed by the partner in the path: a partner outside the scope is 403
 * PartnerOutOfScope before anything is read. The feeds themselves are public (gbfs.test.ts covers them).
 */
export function openDataFixtures(): Record<string, Fixture> {
  const settings = { enabled: false, stations: [], zones: [] };
  const publicFeed: Fixture = { class: 'none' };
  return {
    'GET /openData/partners/:partnerId/gbfs': namingPartner(async (w) => {
      const p = await w.ownPartner();
      return { request: { params: { partnerId: p.id } }, ownUser: p.user };
    }),
    'PUT /openData/partners/:partnerId/gbfs': namingPartner(async (w) => {
      const p = await w.ownPartner();
      return { request: { params: { partnerId: p.id }, body: settings }, ownUser: p.user };
    }),
    'GET /gbfs/manifest.json': publicFeed,
    'GET /gbfs/:systemId/documents/:type': publicFeed,
    ...Object.fromEntries(['gbfs', ...gbfsFeedNames].map((name) => [`GET /gbfs/:systemId/${name}.json`, publicFeed])),
  };
}
