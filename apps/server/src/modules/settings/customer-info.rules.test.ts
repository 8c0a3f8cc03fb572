import { CUSTOMER_INFO_DEFAULTS, type CustomerInfoSettingInput, customerInfoSettingInput } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import {
  assertCustomerFields,
  customerFieldProblems,
  FIELD_NOT_COLLECTED,
  FIELD_REQUIRED,
  isProvided,
} from './customer-info.rules.ts';

const setting = (
  profile: Partial<CustomerInfoSettingInput['profile']> = {},
  identity: Partial<CustomerInfoSettingInput['identity']> = {},
): CustomerInfoSettingInput => ({
  profile: { ...CUSTOMER_INFO_DEFAULTS.profile, ...profile },
  identity: { ...CUSTOMER_INFO_DEFAULTS.identity, ...identity },
});

const fullIdentity = {
  documentType: 'passport',
  frontImage: '/api/files/ids/front.jpg',
  documentNumber: 'YA1234567',
  firstName: 'Giulia',
  lastName: 'Rossi',
  dateOfBirth: '1990-04-01',
  expiryDate: '2031-04-01',
};

describe('customer field requirement modes', () => {
  it('accepts a customer with nothing but the always-required fields under the defaults', () => {
    expect(customerFieldProblems(CUSTOMER_INFO_DEFAULTS, {})).toEqual({});
  });

  it('requires a required field on create, blank text counting as missing', () => {
    const s = setting({ email: 'required', contactAddress: 'required' });
    expect(customerFieldProblems(s, { email: '  ', contactAddress: { city: '', line1: ' ' } })).toEqual({
      email: FIELD_REQUIRED,
      contactAddress: FIELD_REQUIRED,
    });
    expect(customerFieldProblems(s, { email: 'a@b.it', contactAddress: { city: 'Milano' } })).toEqual({});
  });

  it('on an update checks a required field only when the patch carries it', () => {
    const s = setting({ email: 'required' });
    expect(customerFieldProblems(s, { note: 'x' }, { mode: 'update' })).toEqual({});
    expect(customerFieldProblems(s, { email: '' }, { mode: 'update' })).toEqual({ email: FIELD_REQUIRED });
  });

  it('refuses a disabled field that is given, but not one left blank', () => {
    const s = setting({ whatsApp: 'disabled', isMarketingConsented: 'disabled' });
    expect(customerFieldProblems(s, { whatsApp: '+393331234567', isMarketingConsented: false })).toEqual({
      whatsApp: FIELD_NOT_COLLECTED,
      isMarketingConsented: FIELD_NOT_COLLECTED,
    });
    expect(customerFieldProblems(s, { whatsApp: '', isMarketingConsented: null })).toEqual({});
  });

  it('counts a consent answered "no" as given for a required consent', () => {
    const s = setting({ isMarketingConsented: 'required' });
    expect(customerFieldProblems(s, { isMarketingConsented: false })).toEqual({});
    expect(customerFieldProblems(s, {})).toEqual({ isMarketingConsented: FIELD_REQUIRED });
  });

  it('checks identity fields only when a verification is submitted, with their paths', () => {
    expect(customerFieldProblems(CUSTOMER_INFO_DEFAULTS, { email: 'a@b.it' })).toEqual({});
    expect(
      customerFieldProblems(CUSTOMER_INFO_DEFAULTS, {
        identity: { ...fullIdentity, frontImage: '', ssnOrItin: '123-45-6789' },
      }),
    ).toEqual({ 'identity.frontImage': FIELD_REQUIRED, 'identity.ssnOrItin': FIELD_NOT_COLLECTED });
    expect(customerFieldProblems(CUSTOMER_INFO_DEFAULTS, { identity: fullIdentity }, { mode: 'update' })).toEqual({});
  });

  it('throws a 400 ValidationError carrying every problem', () => {
    const s = setting({ email: 'required' }, { selfie: 'required' });
    let thrown: unknown;
    try {
      assertCustomerFields(s, { identity: fullIdentity });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({
      status: 400,
      code: 'ValidationError',
      data: { fields: { email: FIELD_REQUIRED, 'identity.selfie': FIELD_REQUIRED } },
    });
    expect(() =>
      assertCustomerFields(s, { email: 'x@y.it', identity: { ...fullIdentity, selfie: 'a.jpg' } }),
    ).not.toThrow();
  });

  it('tells provided values from blank ones', () => {
    expect([undefined, null, '', '   ', [], {}, { a: '' }].map(isProvided)).toEqual(Array(7).fill(false));
    expect([0, false, 'x', ['a'], { a: 'b' }].map(isProvided)).toEqual(Array(5).fill(true));
  });
});

describe('customer information setting dependencies', () => {
  const issues = (s: CustomerInfoSettingInput) => {
    const result = customerInfoSettingInput.safeParse(s);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts the defaults', () => {
    expect(issues(CUSTOMER_INFO_DEFAULTS)).toEqual({});
  });

  it('refuses a back image required while the front image is disabled or only optional', () => {
    expect(issues(setting({}, { frontImage: 'disabled', backImage: 'required', selfie: 'disabled' }))).toEqual({
      'identity.backImage': 'Back image cannot be required while Front image is disabled',
    });
    expect(issues(setting({}, { frontImage: 'optional', backImage: 'required' }))).toEqual({
      'identity.backImage': 'Back image cannot be required while Front image is optional',
    });
  });

  it('refuses a selfie without a front image to compare it with', () => {
    expect(issues(setting({}, { frontImage: 'disabled', backImage: 'disabled', selfie: 'optional' }))).toEqual({
      'identity.selfie': 'Selfie cannot be optional while Front image is disabled',
    });
  });

  it('refuses document details asked more strictly than the document type', () => {
    expect(
      issues(
        setting(
          {},
          {
            documentType: 'disabled',
            frontImage: 'disabled',
            backImage: 'disabled',
            selfie: 'disabled',
            documentNumber: 'required',
            issueDate: 'disabled',
            expiryDate: 'disabled',
          },
        ),
      ),
    ).toEqual({ 'identity.documentNumber': 'Document number cannot be required while Document type is disabled' });
  });
});
