import { randomUUID } from 'node:crypto';
import { latestMessage } from '../src/adapters/outbox.repo.ts';
import { userIdentities } from '../src/db/schema/index.ts';
import type { Fixture } from './authorization-matrix.fixtures.ts';
import { call, PASSWORD } from './harness.ts';

/**
 * The authorization matrix's fixtures for third-party sign-in and Binding. Everything here is the caller's own
 * (`$me`): another user, whatever their scope, reaches none of it (an identity of someone else is 404 as if
 * absent; a code sent to someone else does not confirm anyone's change). The sign-in calls are public; the
 * matrix runs without a provider configured, so starting a link answers 404 OidcNotConfigured (the flow itself
 * is tested against a real provider in modules/binding/oidc.test.ts).
 */
export function bindingFixtures(): Record<string, Fixture> {
  const publicEndpoint: Fixture = { class: 'none' };
  const notConfigured = { status: 404, code: 'OidcNotConfigured' } as const;
  return {
    'GET /account/auth/oidc/config': publicEndpoint,
    'POST /account/auth/oidc/$start': publicEndpoint,
    'GET /account/auth/oidc/callback': publicEndpoint,
    'POST /account/auth/oidc/$exchange': publicEndpoint,
    'POST /account/auth/oidc/$link': {
      class: 'own',
      build: async () => ({ request: {} }),
      otherPartner: notConfigured,
      own: notConfigured,
    },
    'GET /account/users/$me/identities': {
      class: 'own',
      build: async () => ({ request: {} }),
      otherPartner: 'success',
    },
    'DELETE /account/users/$me/identities/:id': {
      class: 'own',
      build: async (w) => {
        const me = await w.freshUser([w.partnerA]);
        const id = randomUUID();
        await w.t.database.db
          .insert(userIdentities)
          .values({ id, userId: me.id, issuer: 'https://id.example.com', subject: randomUUID(), email: null });
        return { request: { params: { id } }, ownUser: async () => me };
      },
      otherPartner: { status: 404, code: 'NotFound' },
    },
    'POST /account/users/$me/contact-changes': {
      class: 'own',
      build: async (w) => ({
        request: { body: { channel: 'email', value: `${randomUUID().slice(0, 8)}@new.test`, password: PASSWORD } },
        ownUser: () => w.freshUser([w.partnerA]),
      }),
      // Anyone may change their own; the other column's caller does so for themselves.
      otherPartner: 'success',
    },
    'POST /account/users/$me/contact-changes/$confirm': {
      class: 'own',
      build: async (w) => {
        const me = await w.freshUser([w.partnerA]);
        const value = `${randomUUID().slice(0, 8)}@new.test`;
        const sent = await call(w.t.app, 'POST', '/account/users/$me/contact-changes', {
          token: me.token,
          body: { channel: 'email', value, password: PASSWORD },
        });
        if (sent.statusCode !== 200) throw new Error(`contact change failed: ${sent.body}`);
        const code = (await latestMessage(w.t.database.db, 'mail', value))?.body.match(/\b(\d{6})\b/)?.[1];
        return { request: { body: { channel: 'email', value, code } }, ownUser: async () => me };
      },
      // Someone else's code confirms nothing for this caller, and counts no attempt.
      otherPartner: { status: 400, code: 'VerificationCodeInvalid' },
    },
  };
}
