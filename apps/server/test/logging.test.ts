import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from './harness.ts';

/**
 * What the server's log holds (issue 26): the log is read as it is written, at `info`, while requests carry
 * passwords, tokens, a reset token in a URL, personal data in a statement that fails — and none of it may appear.
 */
describe('the log', () => {
  let t: TestContext;
  const lines: string[] = [];
  const capture = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });

  beforeAll(async () => {
    t = await createTestContext({ LOG_LEVEL: 'info' }, { logStream: capture });
  });
  afterAll(() => t.close());

  it('keeps passwords, tokens, secret URL parameters and the values of a failed statement out', async () => {
    const password = 'Very-Secret-Pass-4417';
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/auth/login',
      payload: { email: t.owner.email, password },
    });
    expect(wrong.statusCode).toBe(401);
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/account/auth/login',
      payload: { email: t.owner.email, password: `${password}\u0000` },
    });
    expect(nul.statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/account/users/$me/profile', { token: t.owner.token })).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/account/auth/oidc/callback?code=oidc-code-5521&state=st-9907' });

    // A statement that fails with personal data in its parameters: the table it writes is gone.
    await t.database.db.execute(sql`alter table access_requests rename to access_requests_away`);
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/account/access-requests',
      payload: { name: 'Giulia Bianchi-Logtest', email: 'giulia.logtest@example.com', partnerName: 'Logtest Srl' },
    });
    await t.database.db.execute(sql`alter table access_requests_away rename to access_requests`);
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toMatch(/access_requests|giulia/);

    const log = lines.join('\n');
    const failure = lines.find((l) => l.includes('"level":50') && l.includes('Failed query'));
    expect(failure, log.slice(-2000)).toBeDefined();
    expect(failure).toContain('params: [Redacted]');
    expect(log).toContain('/api/account/auth/oidc/callback?code=[Redacted]&state=[Redacted]');
    for (const secret of [
      password,
      t.owner.token,
      'oidc-code-5521',
      'st-9907',
      'Giulia',
      'giulia.logtest@example.com',
      'Logtest Srl',
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });
});
