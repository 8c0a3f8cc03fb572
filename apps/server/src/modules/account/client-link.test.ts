import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';

describe('GET /account/clientLink', () => {
  let configured: TestContext;
  let unconfigured: TestContext;
  beforeAll(async () => {
    configured = await createTestContext({ CLIENT_LINK_URL: 'https://ride.example.com/app' });
    unconfigured = await createTestContext();
  });
  afterAll(async () => {
    await configured.close();
    await unconfigured.close();
  });

  it('answers the configured customer client link to any signed-in staff member', async () => {
    const staff = await configured.userWith([], [configured.partnerA.id]);
    const res = await call(configured.app, 'GET', '/account/clientLink', { token: staff.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { url: 'https://ride.example.com/app', payments: { provider: 'local', publishableKey: null } },
    });
  });

  it('answers null when no link is configured', async () => {
    const res = await call(unconfigured.app, 'GET', '/account/clientLink', { token: unconfigured.owner.token });
    expect(res.json()).toEqual({ data: { url: null, payments: { provider: 'local', publishableKey: null } } });
  });

  it('refuses callers without a token', async () => {
    const res = await call(configured.app, 'GET', '/account/clientLink');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('Unauthorized');
  });
});
