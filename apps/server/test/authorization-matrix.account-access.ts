import type { Fixture, World } from './authorization-matrix.fixtures.ts';
import { OUT_OF_SCOPE } from './authorization-matrix.fixtures.ts';

/**
 * The authorization matrix's fixtures for forgot password and access requests (see authorization-matrix.fixtures.ts).
 * An access request is account-wide (no partner owns it until an approval puts its user in a scope): any scope
 * reads the list with user.read and decides with user.create; an approval's grant follows the rules of creating a
 * staff member, so partner B's staff granting partner A is 403 PartnerOutOfScope.
 */
export function accountAccessFixtures(): Record<string, Fixture> {
  const publicEndpoint: Fixture = { class: 'none' };
  let visitors = 0;
  /** A pending request, made as a visitor would (each from its own address: the per-address limit). */
  async function pendingRequest(w: World) {
    const email = `matrix-visitor-${++visitors}-${Date.now() % 100_000}@example.org`;
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/account/access-requests',
      payload: { name: w.unique('Visitor'), email, partnerName: 'Partner A' },
      remoteAddress: `10.77.0.${visitors % 250}`,
    });
    if (res.statusCode !== 200) throw new Error(`access request failed: ${res.body}`);
    const list = await w.ownerCall<{ id: string; email: string }[]>(
      'GET',
      `/account/access-requests?search=${encodeURIComponent(email)}`,
    );
    const found = list.find((r) => r.email === email);
    if (!found) throw new Error('access request not listed');
    return found;
  }

  return {
    'POST /account/auth/password-reset-requests': publicEndpoint,
    'POST /account/auth/password-resets': publicEndpoint,
    'POST /account/access-requests': publicEndpoint,
    'GET /account/access-requests': {
      class: 'account-wide',
      build: async (w) => {
        const request = await pendingRequest(w);
        return { request: { query: { search: request.email } }, marker: request.id };
      },
      otherPartner: { listed: true },
      own: { listed: true },
    },
    'POST /account/access-requests/:id/$approve': {
      class: 'account-wide',
      build: async (w) => ({
        request: {
          params: { id: (await pendingRequest(w)).id },
          body: { partnerScope: [w.partnerA], roleIds: [] },
        },
      }),
      otherPartner: OUT_OF_SCOPE,
    },
    'POST /account/access-requests/:id/$decline': {
      class: 'account-wide',
      build: async (w) => ({ request: { params: { id: (await pendingRequest(w)).id }, body: {} } }),
      // Any scope may decline; column 4 then finds the request column 3 already declined.
      otherPartner: 'success',
      own: { status: 409, code: 'AccessRequestDecided' },
    },
  };
}
