import type { Customer } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/http.ts';
import {
  checkCreate,
  customerPatchOf,
  customerToFormValues,
  normaliseAddress,
  sharedAccountEditable,
  toCustomerCreate,
  toCustomerFormError,
} from './customer-form.model.ts';

const stored: Customer = {
  id: '11111111-1111-4111-8111-111111111111',
  phoneNo: '+393331234567',
  name: { first: 'Giulia', last: 'Rossi' },
  email: 'giulia@example.com',
  emailVerified: true,
  status: 'active',
  isArchived: false,
  idVerificationStatus: 'not-apply',
  referralCode: 'AB12CD',
  memberships: [],
  paymentMethodBound: false,
  marketingReportedSource: 'app',
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
  whatsApp: null,
  contactAddress: { city: 'Milano', zip: '20121' },
  overnightAddress: null,
  isMarketingConsented: true,
  note: null,
  referrer: null,
  referralConfirmedAt: null,
  wholeCustomerInScope: true,
  identityVerification: {
    status: 'not-apply',
    documentType: null,
    documentNumber: null,
    firstName: null,
    lastName: null,
    dateOfBirth: null,
    issueDate: null,
    expiryDate: null,
    images: { frontImage: false, backImage: false, selfie: false },
    submittedAt: null,
    reviewedAt: null,
    reviewer: null,
    denyReason: null,
  },
  paymentMethods: [],
};

describe('customerPatchOf', () => {
  it('sends nothing when the form still holds the stored values', () => {
    expect(customerPatchOf(stored, customerToFormValues(stored))).toEqual({});
  });

  it('sends only the changed field', () => {
    const values = { ...customerToFormValues(stored), note: 'Prefers e-bikes' };
    expect(customerPatchOf(stored, values)).toEqual({ note: 'Prefers e-bikes' });
  });

  it('sends the whole name when one part changed, trimmed', () => {
    const values = { ...customerToFormValues(stored), name: { first: ' Giulia ', last: 'Bianchi' } };
    expect(customerPatchOf(stored, values)).toEqual({ name: { first: 'Giulia', last: 'Bianchi' } });
  });

  it('clears an e-mail and a consent with null', () => {
    const values = { ...customerToFormValues(stored), email: '  ', isMarketingConsented: undefined };
    expect(customerPatchOf(stored, values)).toEqual({ email: null, isMarketingConsented: null });
  });

  it('compares addresses part by part, blanks counting as absent', () => {
    const same = { ...customerToFormValues(stored), contactAddress: { city: 'Milano', zip: '20121', line1: ' ' } };
    expect(customerPatchOf(stored, same)).toEqual({});
    const changed = { ...customerToFormValues(stored), contactAddress: { city: 'Torino', zip: '20121' } };
    expect(customerPatchOf(stored, changed)).toEqual({ contactAddress: { city: 'Torino', zip: '20121' } });
  });

  it('sends null for an address emptied in the form', () => {
    const values = { ...customerToFormValues(stored), contactAddress: { city: '', zip: '' } };
    expect(customerPatchOf(stored, values)).toEqual({ contactAddress: null });
  });
});

describe('sharedAccountEditable', () => {
  it('lets only a user whose scope covers every partner of the customer change phone, e-mail and name', () => {
    expect(sharedAccountEditable(stored)).toBe(true);
    expect(sharedAccountEditable({ ...stored, wholeCustomerInScope: false })).toBe(false);
  });

  it('sends only the partner fields when the read-only shared fields come back unchanged', () => {
    const shared = { ...stored, wholeCustomerInScope: false };
    const values = { ...customerToFormValues(shared), note: 'Prefers mornings' };
    expect(customerPatchOf(shared, values)).toEqual({ note: 'Prefers mornings' });
  });
});

describe('toCustomerCreate', () => {
  it('leaves blank optional fields out and keeps the password as typed', () => {
    const body = toCustomerCreate({
      partnerId: stored.id,
      password: ' secret ',
      phoneNo: ' +393331234567 ',
      name: { first: 'Ada', last: 'Neri' },
      email: '',
      whatsApp: '',
      contactAddress: { city: ' ' },
      note: '',
    });
    expect(body).toEqual({
      partnerId: stored.id,
      password: ' secret ',
      phoneNo: '+393331234567',
      name: { first: 'Ada', last: 'Neri' },
    });
    expect(checkCreate(body)).toBeNull();
  });

  it('leaves the password out when none was typed (a walk-in customer sets it later)', () => {
    const body = toCustomerCreate({
      partnerId: stored.id,
      password: '',
      phoneNo: '+393331234567',
      name: { first: 'Ada', last: 'Neri' },
    });
    expect(body).not.toHaveProperty('password');
    expect(checkCreate(body)).toBeNull();
  });

  it('is refused by the contract for a short password and a phone without country code', () => {
    const body = toCustomerCreate({
      partnerId: stored.id,
      password: '12345',
      phoneNo: '3331234567',
      name: { first: 'Ada', last: 'Neri' },
    });
    const paths = checkCreate(body)?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['password', 'phoneNo']));
  });
});

describe('normaliseAddress', () => {
  it('is null for an address of blanks', () => {
    expect(normaliseAddress({ line1: ' ', city: '' })).toBeNull();
    expect(normaliseAddress(undefined)).toBeNull();
  });
});

describe('toCustomerFormError', () => {
  it('puts a phone conflict on the phone field', () => {
    const conflict = new ApiError(
      409,
      'Conflict',
      'phone number already exists in that partner',
      { field: 'phoneNo' },
      '/x',
    );
    const mapped = toCustomerFormError(conflict) as ApiError;
    expect(mapped.fieldErrors).toEqual({ phoneNo: 'phone number already exists in that partner' });
  });

  it('leaves other failures alone', () => {
    const forbidden = new ApiError(403, 'Forbidden', 'no', null, '/x');
    expect(toCustomerFormError(forbidden)).toBe(forbidden);
  });
});
