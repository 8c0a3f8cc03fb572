import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@fleetdesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { assetCategories, assets, depositRefundApplications, leases, orders } from '../../db/schema/index.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import * as ordersRepo from '../orders/orders.repo.ts';

/** Deposits through HTTP: paid deposits come from the real ledger and the local Stripe-like provider. */
describe('deposits', () => {
  let t: TestContext;
  let categoryId: string;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestContext();
    categoryId = randomUUID();
    await t.database.db.insert(assetCategories).values({ id: categoryId, name: 'Deposit e-bikes', assetType: 'EBIKE' });
  });
  afterAll(() => t.close());

  /** A customer of partner A who paid `paid` deposits of 150 EUR, each a charge in the ledger. */
  async function customerWithDeposits(paid: number, partnerId = t.partnerA.id) {
    counter += 1;
    const id = randomUUID();
    const phoneNo = `+39344${String(1_000_000 + counter)}`;
    await customersRepo.insert(t.database.db, {
      id,
      referralCode: `DP${String(counter).padStart(4, '0')}`,
      passwordHash: 'x',
      phoneNo,
      firstName: 'Deposit',
      lastName: `Holder${counter}`,
    });
    await customersRepo.addMembership(t.database.db, { customerId: id, partnerId, phoneNo, joinedAt: new Date() });
    const deposit = await ordersRepo.depositRow(t.database.db, '*', {
      id: randomUUID(),
      customerId: id,
      partnerId,
      assetCategoryId: categoryId,
      currency: 'EUR',
    });
    for (let i = 0; i < paid; i += 1) {
      const charge = await t.app.payments.service.charge({
        customerId: id,
        subjectType: 'deposit',
        subjectId: deposit.id,
        amount: 150,
        currency: 'EUR',
        paymentMethod: TEST_CARDS.success.token,
        key: `test-deposit:${id}:${i}`,
        description: 'Deposit',
      });
      expect(charge.status).toBe('Succeeded');
      await ordersRepo.creditDeposit(t.database.db, '*', deposit.id, 1, 150);
    }
    return { id, depositId: deposit.id };
  }

  /** An asset of the category the customer holds now (a lease in use). */
  async function holdAsset(customerId: string) {
    const assetId = randomUUID();
    await t.database.db.insert(assets).values({
      id: assetId,
      no: `DEP${String(counter).padStart(5, '0')}${randomUUID().slice(0, 4)}`,
      partnerId: t.partnerA.id,
      categoryId,
      usageMode: 'customer-rental',
    });
    const orderId = randomUUID();
    await t.database.db.insert(orders).values({
      id: orderId,
      orderNo: `RD${randomUUID().slice(0, 8)}`,
      customerId,
      partnerId: t.partnerA.id,
      assetCategoryId: categoryId,
      status: 'Open',
      currency: 'EUR',
    });
    await t.database.db.insert(leases).values({ id: randomUUID(), orderId, assetId, customerId, status: 'InUse' });
  }

  async function apply(customerId: string, quantity: number) {
    const id = randomUUID();
    await t.database.db.insert(depositRefundApplications).values({
      id,
      customerId,
      partnerId: t.partnerA.id,
      assetCategoryId: categoryId,
      quantity,
      amount: quantity * 150,
      currency: 'EUR',
    });
    return id;
  }

  const depositsOf = async (customerId: string, token = t.owner.token) =>
    call(t.app, 'GET', `/renting/customers/${customerId}/deposits`, { token });
  const refund = (customerId: string, quantity: number, token = t.owner.token) =>
    call(t.app, 'POST', `/renting/customers/${customerId}/deposits/$refund`, {
      token,
      body: { partnerId: t.partnerA.id, assetCategoryId: categoryId, quantity },
    });

  it('shows paid, payable and refundable deposits; the deposits an asset needs are not refundable', async () => {
    const c = await customerWithDeposits(2);
    await holdAsset(c.id);
    const res = await depositsOf(c.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        partner: { id: t.partnerA.id, name: t.partnerA.name },
        assetCategory: { id: categoryId, name: 'Deposit e-bikes' },
        payableQuantity: 1,
        paidQuantity: 2,
        paidAmount: 300,
        currency: 'EUR',
        refundableQuantity: 1,
      },
    ]);
    expect(errorOf(await refund(c.id, 2))).toMatchObject({ code: 'NotRefundable', data: { refundableQuantity: 1 } });
  });

  it('refunds deposits directly: an approved application, a refund in the ledger, one fewer deposit', async () => {
    const c = await customerWithDeposits(2);
    const res = await refund(c.id, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      quantity: 1,
      amount: 150,
      status: 'Approved',
      refundStatus: 'Succeeded',
      refundedAmount: 150,
      reviewer: { id: t.owner.id },
    });
    expect((await depositsOf(c.id)).json().data[0]).toMatchObject({
      paidQuantity: 1,
      paidAmount: 150,
      refundableQuantity: 1,
    });
    const tx = await call(t.app, 'GET', `/renting/deposits/$all/transactions?customerId=${c.id}`, {
      token: t.owner.token,
    });
    expect(tx.json().count).toBe(3);
    expect(tx.json().data.map((r: { kind: string; amount: number }) => [r.kind, r.amount])).toEqual([
      ['refund', 150],
      ['charge', 150],
      ['charge', 150],
    ]);
    // The refund names the deposit payment it gave back, which reads Refunded; the other one is untouched.
    const [given, ...charges] = tx.json().data as { id: string; refundOf: string | null; refundState: string | null }[];
    const refunded = charges.find((r) => r.id === given?.refundOf);
    expect(refunded?.refundState).toBe('Refunded');
    expect(given?.refundState).toBeNull();
    expect(charges.filter((r) => r.refundState === null)).toHaveLength(1);
  });

  it('gives back a deposit once when two staff refund it at the same moment', async () => {
    const c = await customerWithDeposits(1);
    const results = await Promise.all([refund(c.id, 1), refund(c.id, 1)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const tx = await call(t.app, 'GET', `/renting/deposits/$all/transactions?customerId=${c.id}`, {
      token: t.owner.token,
    });
    expect(tx.json().data.filter((r: { kind: string }) => r.kind === 'refund')).toHaveLength(1);
  });

  it('approves waiting applications once, cancels with a reason, and keeps waiting quantities aside', async () => {
    const c = await customerWithDeposits(3);
    const first = await apply(c.id, 2);
    expect((await depositsOf(c.id)).json().data[0].refundableQuantity).toBe(1);
    const reader = await t.userWith(['deposit_refund_application.read']);
    const list = await call(t.app, 'GET', `/renting/deposits/refundRequests?customerId=${c.id}`, {
      token: reader.token,
    });
    expect(list.json()).toMatchObject({ count: 1, data: [{ id: first, status: 'Waiting', refundStatus: null }] });
    const approve = (ids: string[], token = t.owner.token) =>
      call(t.app, 'POST', '/renting/deposits/refundRequests/$approve', { token, body: { ids } });
    expect((await approve([first], reader.token)).statusCode).toBe(403);
    const approved = await approve([first]);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject([
      { status: 'Approved', refundStatus: 'Succeeded', refundedAmount: 300 },
    ]);
    expect(errorOf(await approve([first]))).toMatchObject({ code: 'ApplicationNotWaiting', data: { ids: [first] } });
    expect((await approve([])).statusCode).toBe(400);
    const second = await apply(c.id, 1);
    const cancel = (id: string, note: string) =>
      call(t.app, 'POST', `/renting/deposits/refundRequests/${id}/$cancel`, { token: t.owner.token, body: { note } });
    expect((await cancel(second, '')).statusCode).toBe(400);
    const canceled = await cancel(second, 'An asset is still with the customer');
    expect(canceled.json().data).toMatchObject({ status: 'Canceled', note: 'An asset is still with the customer' });
    expect(errorOf(await cancel(second, 'again')).code).toBe('ApplicationNotWaiting');
    expect((await depositsOf(c.id)).json().data[0]).toMatchObject({ paidQuantity: 1, refundableQuantity: 1 });
  });

  it('refuses to approve an application the deposits no longer cover', async () => {
    const c = await customerWithDeposits(1);
    const id = await apply(c.id, 1);
    await holdAsset(c.id);
    const res = await call(t.app, 'POST', '/renting/deposits/refundRequests/$approve', {
      token: t.owner.token,
      body: { ids: [id] },
    });
    expect(errorOf(res)).toMatchObject({ code: 'NotRefundable', data: { applicationId: id } });
  });

  it('approves several applications all or none', async () => {
    const covered = await customerWithDeposits(1);
    const uncovered = await customerWithDeposits(1);
    const [a, b] = [await apply(covered.id, 1), await apply(uncovered.id, 1)];
    await holdAsset(uncovered.id);
    const approve = () =>
      call(t.app, 'POST', '/renting/deposits/refundRequests/$approve', { token: t.owner.token, body: { ids: [a, b] } });
    expect(errorOf(await approve())).toMatchObject({ code: 'NotRefundable', data: { applicationId: b } });
    const list = await call(t.app, 'GET', `/renting/deposits/refundRequests?customerId=${covered.id}`, {
      token: t.owner.token,
    });
    // The covered one was not approved either.
    expect(list.json().data).toMatchObject([{ id: a, status: 'Waiting' }]);
    expect((await depositsOf(covered.id)).json().data[0]).toMatchObject({ paidQuantity: 1 });
  });

  it('summarises the orders of a customer', async () => {
    const c = await customerWithDeposits(0);
    await holdAsset(c.id);
    const res = await call(t.app, 'GET', `/renting/customers/${c.id}/orderSummary`, { token: t.owner.token });
    expect(res.json().data).toEqual({ open: 1, closed: 0, canceled: 0, owe: [] });
  });

  it("answers 404 for another partner's refund application, approving or canceling nothing", async () => {
    const c = await customerWithDeposits(1);
    const id = await apply(c.id, 1);
    const partnerB = await t.userWith(
      ['deposit_refund_application.read', 'deposit_refund_application.confirm'],
      [t.partnerB.id],
    );
    const stored = async () => ({
      application: await t.database.db
        .select()
        .from(depositRefundApplications)
        .where(eq(depositRefundApplications.id, id)),
      deposits: (await depositsOf(c.id)).json().data,
    });
    const before = await stored();
    const approve = await call(t.app, 'POST', '/renting/deposits/refundRequests/$approve', {
      token: partnerB.token,
      body: { ids: [id] },
    });
    const cancel = await call(t.app, 'POST', `/renting/deposits/refundRequests/${id}/$cancel`, {
      token: partnerB.token,
      body: { note: 'not yours' },
    });
    const missing = await call(t.app, 'POST', `/renting/deposits/refundRequests/${randomUUID()}/$cancel`, {
      token: partnerB.token,
      body: { note: 'nobody' },
    });
    expect([approve.statusCode, cancel.statusCode]).toEqual([404, 404]);
    expect(errorOf(approve)).toEqual(errorOf(missing));
    expect(errorOf(cancel)).toEqual(errorOf(missing));
    expect(await stored()).toEqual(before);
    expect(before.application).toMatchObject([{ status: 'Waiting', reviewerId: null }]);
  });

  it('keeps deposits to the partner scope and the permissions', async () => {
    const c = await customerWithDeposits(1);
    const partnerB = await t.userWith(
      ['customer.read', 'customer.read_detail', 'customer.refund_deposit'],
      [t.partnerB.id],
    );
    expect((await depositsOf(c.id, partnerB.token)).statusCode).toBe(404);
    expect((await refund(c.id, 1, partnerB.token)).statusCode).toBe(403);
    const tx = await call(t.app, 'GET', '/renting/deposits/$all/transactions', { token: partnerB.token });
    expect(tx.json().count).toBe(0);
    const noRefund = await t.userWith(['customer.read', 'customer.read_detail']);
    expect((await refund(c.id, 1, noRefund.token)).statusCode).toBe(403);
    expect((await refund(c.id, 0)).statusCode).toBe(400);
  });
});
