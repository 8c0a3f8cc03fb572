import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/http.ts';
import {
  customerBlockers,
  defaultPaymentMethodId,
  dueNow,
  idVerificationWarning,
  initialChoice,
  intentMismatches,
  latestSearchResults,
  pickAfterEnter,
  refusalOf,
  usablePaymentMethods,
} from './new-order.model.ts';

const method = (valid: boolean, last4: string) => ({
  id: `00000000-0000-4000-8000-00000000${last4}`,
  type: 'credit-card' as const,
  brand: 'visa',
  last4,
  expMonth: 4,
  expYear: 2028,
  valid,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const customer = {
  status: 'active' as const,
  email: 'giulia@example.it',
  emailVerified: true,
  paymentMethods: [method(false, '0001'), method(true, '4444')],
};
const refused = (status: number, code: string, data: unknown = null) =>
  new ApiError(status, code, `${code} said`, data, '/api/renting/orders');

describe('due now', () => {
  it('is the required deposit plus the first period rent, in whole cents', () => {
    expect(dueNow({ deposit: { amount: 150, required: true } }, { periodRent: 66.5 })).toEqual({
      deposit: 150,
      firstRent: 66.5,
      total: 216.5,
    });
    expect(dueNow({ deposit: { amount: 0.1, required: true } }, { periodRent: 0.2 }).total).toBe(0.3);
  });

  it('leaves out a deposit the partner does not require', () => {
    expect(dueNow({ deposit: { amount: 150, required: false } }, { periodRent: 66.5 })).toEqual({
      deposit: 0,
      firstRent: 66.5,
      total: 66.5,
    });
  });
});

describe('customer readiness', () => {
  it('offers only valid payment methods', () => {
    expect(usablePaymentMethods(customer).map((m) => m.last4)).toEqual(['4444']);
  });

  it('lets a customer with a verified e-mail and a valid method through', () => {
    expect(customerBlockers(customer)).toEqual([]);
  });

  it('names every reason a customer cannot rent yet', () => {
    expect(customerBlockers({ ...customer, emailVerified: false })).toEqual(['emailUnverified']);
    expect(customerBlockers({ ...customer, email: null, emailVerified: false, paymentMethods: [] })).toEqual([
      'emailMissing',
      'noPaymentMethod',
    ]);
    expect(customerBlockers({ ...customer, status: 'deleted' })).toEqual(['deleted']);
  });
});

describe('checkout refusals', () => {
  it('send an asset that cannot be rented back to the asset step, with what the partner lacks', () => {
    expect(refusalOf(refused(409, 'AssetAlreadyRentedOut'))).toMatchObject({
      step: 'asset',
      code: 'AssetAlreadyRentedOut',
    });
    expect(refusalOf(refused(422, 'PartnerSetupIncomplete', { missing: ['deposit', 3] }))).toMatchObject({
      step: 'asset',
      missing: ['deposit'],
    });
    expect(refusalOf(refused(404, 'NotFound')).step).toBe('asset');
  });

  it('send a changed plan back to the plan step with the plans on offer now', () => {
    const plans = [{ id: 'p', frequency: 1, unit: 'weeks', priority: 1, unitPrice: 9, periodRent: 63, discount: null }];
    expect(refusalOf(refused(409, 'PlanNoLongerAvailable', { plans }))).toMatchObject({ step: 'plan', plans });
    expect(refusalOf(refused(422, 'PaymentMethodNotFound')).step).toBe('plan');
  });

  it('send an e-mail issue back to the customer step', () => {
    expect(refusalOf(refused(422, 'CustomerEmailIssue'))).toMatchObject({
      step: 'customer',
      message: 'CustomerEmailIssue said',
    });
  });

  it('keep anything else on the checkout step', () => {
    expect(refusalOf(refused(403, 'Forbidden')).step).toBe('checkout');
    expect(refusalOf(refused(0, 'NetworkError')).step).toBe('checkout');
    expect(refusalOf(new Error('boom'))).toMatchObject({ step: 'checkout', code: 'Unknown' });
  });
});

describe('an order that fulfils a renting intent', () => {
  const ref = (id: string) => ({ id });
  const intent = { customer: ref('c1'), partner: ref('p1'), assetCategory: ref('k1') };
  const asset = (partner: string, category: string) => ({ partner: ref(partner), assetCategory: ref(category) });

  it('compares only what was chosen so far', () => {
    expect(intentMismatches(intent, {})).toEqual([]);
    expect(intentMismatches(intent, { customerId: 'c1', asset: asset('p1', 'k1') })).toEqual([]);
  });

  it('names the customer, partner and category that differ', () => {
    expect(intentMismatches(intent, { customerId: 'c2' })).toEqual(['customer']);
    expect(intentMismatches(intent, { customerId: 'c1', asset: asset('p2', 'k2') })).toEqual(['partner', 'category']);
  });

  it('sends a mismatch refusal back to the customer when the customer differs, else to the asset', () => {
    const mismatch = refused(422, 'IntentMismatch');
    expect(refusalOf(mismatch, ['customer', 'category']).step).toBe('customer');
    expect(refusalOf(mismatch, ['category']).step).toBe('asset');
    expect(refusalOf(mismatch).step).toBe('asset');
  });

  it('keeps an intent no longer open on the checkout step', () => {
    expect(refusalOf(refused(409, 'IntentNotOpen')).step).toBe('checkout');
  });
});

describe('the Payment step starts with', () => {
  it("the customer's only usable payment method", () => {
    expect(defaultPaymentMethodId(customer)).toBe(method(true, '4444').id);
    expect(initialChoice(customer)).toEqual({ paymentMethodId: method(true, '4444').id });
  });

  it('nothing chosen when there are several usable methods, or none', () => {
    const two = { paymentMethods: [method(true, '4242'), method(true, '4444')] };
    expect(defaultPaymentMethodId(two)).toBeUndefined();
    expect(initialChoice(two)).toEqual({});
    expect(initialChoice({ paymentMethods: [method(false, '0001')] })).toEqual({});
    expect(initialChoice(null)).toEqual({});
  });
});

describe('the ID verification', () => {
  const withStatus = (status: 'pending' | 'approved' | 'denied' | 'not-apply') => ({
    identityVerification: { status } as Parameters<typeof idVerificationWarning>[0]['identityVerification'],
  });
  it('asks before renting to a denied or pending customer, not to an approved or never-submitted one', () => {
    expect(idVerificationWarning(withStatus('denied'))).toBe('denied');
    expect(idVerificationWarning(withStatus('pending'))).toBe('pending');
    expect(idVerificationWarning(withStatus('approved'))).toBeNull();
    expect(idVerificationWarning(withStatus('not-apply'))).toBeNull();
  });
});

describe('the customer search', () => {
  const giulia = { id: 'giulia' };
  const marco = { id: 'marco' };

  it('offers the rows only when they answer what is typed now', () => {
    expect(latestSearchResults('marco', 'marco', [marco])).toEqual([marco]);
    expect(latestSearchResults(' marco ', 'marco', [marco])).toEqual([marco]);
  });

  it("offers none of a previous query's rows while the latest one is on its way", () => {
    // Typed "marco" after "giulia": the debounce has not sent it yet, the rows answer "giulia".
    expect(latestSearchResults('marco', 'giulia', [giulia])).toBeNull();
    // Sent, but the rows shown are the placeholder kept from the previous query.
    expect(latestSearchResults('marco', null, [giulia])).toBeNull();
  });

  it("picks the scanned customer once the scanner's query answers with exactly one", () => {
    expect(pickAfterEnter('+39333', '+39333', null)).toBeNull();
    expect(pickAfterEnter('+39333', '+39333', [marco])).toBe('marco');
  });

  it('picks nothing when Enter was for another query, or the answer has several or no customers', () => {
    expect(pickAfterEnter('+39333', '+39444', [marco])).toBeNull();
    expect(pickAfterEnter(null, '+39333', [marco])).toBeNull();
    expect(pickAfterEnter('+39333', '+39333', [marco, giulia])).toBeNull();
    expect(pickAfterEnter('+39333', '+39333', [])).toBeNull();
  });
});
