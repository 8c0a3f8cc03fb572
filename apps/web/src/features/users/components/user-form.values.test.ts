import type { User } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/http.ts';
import {
  AT_LEAST_ONE_PARTNER,
  approvalFieldErrors,
  fromPartnerScope,
  newUserFormValues,
  toPartnerScope,
  toUserFormError,
  userCreateForm,
  userToFormValues,
  userUpdateForm,
} from './user-form.values.ts';

const partnerA = '4985053c-a1c3-4dd6-8a6c-bc4ab90bcb33';
const partnerB = '80dd09be-151a-4979-a30e-b6f03619880c';
const role = 'cc60318d-7cea-4690-88ab-e33b683813f9';

const stored: User = {
  id: '2c620cf6-f5c6-439a-8e87-5c0992f7d754',
  username: 'viewer.barcelona',
  name: 'Laura Garcia',
  email: null,
  phoneNo: '+34611222333',
  partnerScope: [partnerA],
  partners: [{ id: partnerA, name: 'Barcelona E-Motion' }],
  roles: [{ id: role, title: 'Partner viewer' }],
  lastActiveTime: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('user form: partner scope radio ↔ partnerScope', () => {
  it('maps "All partners" to the wildcard and "Selected" to the chosen ids', () => {
    expect(toPartnerScope('all', [partnerA])).toBe('*');
    expect(toPartnerScope('selected', [partnerA, partnerB, partnerA])).toEqual([partnerA, partnerB]);
    expect(fromPartnerScope('*')).toEqual({ scopeMode: 'all', partnerIds: [] });
    expect(fromPartnerScope([partnerB])).toEqual({ scopeMode: 'selected', partnerIds: [partnerB] });
  });

  it('turns a stored user into edit values (null contacts become empty)', () => {
    expect(userToFormValues(stored)).toEqual({
      name: 'Laura Garcia',
      email: undefined,
      phoneNo: '+34611222333',
      scopeMode: 'selected',
      partnerIds: [partnerA],
      roleIds: [role],
    });
  });

  it('starts a new user with no partner, pre-filled only when the creator manages exactly one', () => {
    expect(newUserFormValues('*')).toMatchObject({ scopeMode: 'selected', partnerIds: [] });
    expect(newUserFormValues(undefined)).toMatchObject({ scopeMode: 'selected', partnerIds: [] });
    expect(newUserFormValues([partnerA])).toMatchObject({ scopeMode: 'selected', partnerIds: [partnerA] });
    expect(newUserFormValues([partnerA, partnerB])).toMatchObject({ scopeMode: 'selected', partnerIds: [] });
  });

  it('refuses to create a user left with no partner chosen', () => {
    const untouched = userCreateForm.safeParse({ username: 'jdoe', name: 'John Doe', ...newUserFormValues('*') });
    expect(untouched.success).toBe(false);
    expect(untouched.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['partnerIds', 'Please select at least one item'],
    ]);
  });

  it('builds the create body; an empty password, email or phone is left out', () => {
    const parsed = userCreateForm.parse({
      username: 'jdoe',
      name: 'John Doe',
      email: '',
      phoneNo: '',
      password: '',
      scopeMode: 'all',
      partnerIds: [partnerA],
      roleIds: [role],
    });
    expect(parsed).toEqual({
      username: 'jdoe',
      name: 'John Doe',
      password: undefined,
      email: undefined,
      phoneNo: undefined,
      partnerScope: '*',
      roleIds: [role],
    });
  });

  it('refuses "Selected" without any partner: "Please select at least one item"', () => {
    const result = userUpdateForm.safeParse({ name: 'John', scopeMode: 'selected', partnerIds: [], roleIds: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['partnerIds'], message: AT_LEAST_ONE_PARTNER }),
    ]);
  });

  it('refuses a password shorter than 8 characters', () => {
    const result = userCreateForm.safeParse({
      username: 'jdoe',
      name: 'John',
      password: 'short',
      scopeMode: 'all',
      partnerIds: [],
      roleIds: [],
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['password']);
  });

  it('never sends a username on update', () => {
    const parsed = userUpdateForm.parse({
      username: 'changed',
      name: 'John',
      scopeMode: 'selected',
      partnerIds: [partnerB],
      roleIds: [],
    });
    expect(parsed).not.toHaveProperty('username');
    expect(parsed.partnerScope).toEqual([partnerB]);
  });
});

describe('user form: server errors on fields', () => {
  it('shows a 409 "Username already used" on the username field', () => {
    const conflict = new ApiError(409, 'UsernameAlreadyUsed', 'Username already used', { field: 'username' }, '/x');
    const mapped = toUserFormError(conflict) as ApiError;
    expect(mapped.fieldErrors).toEqual({ username: 'Username already used' });
  });

  it('moves partnerScope errors onto the partner select', () => {
    const invalid = new ApiError(
      400,
      'ValidationError',
      'Invalid',
      { fields: { partnerScope: 'Unknown partner' } },
      '/x',
    );
    expect((toUserFormError(invalid) as ApiError).fieldErrors).toEqual({ partnerIds: 'Unknown partner' });
  });

  it('leaves other failures alone', () => {
    const forbidden = new ApiError(403, 'PartnerOutOfScope', 'no', null, '/x');
    expect(toUserFormError(forbidden)).toBe(forbidden);
  });
});

describe('access-request approval: server errors on the dialog', () => {
  it('puts a ValidationError about roles and scope on the roles and partners fields', () => {
    const invalid = new ApiError(
      400,
      'ValidationError',
      'Invalid',
      { fields: { 'roleIds.0': 'Unknown role', partnerScope: 'Unknown partner' } },
      '/x',
    );
    expect(approvalFieldErrors(invalid)).toEqual({ roleIds: 'Unknown role', partnerIds: 'Unknown partner' });
  });

  it('puts a taken username on the username field', () => {
    const conflict = new ApiError(409, 'UsernameAlreadyUsed', 'Username already used', { field: 'username' }, '/x');
    expect(approvalFieldErrors(conflict)).toEqual({ username: 'Username already used' });
  });

  it('leaves a refusal about no field of the dialog to the alert', () => {
    const taken = new ApiError(409, 'EmailAlreadyUsed', 'Email already used', { field: 'email' }, '/x');
    expect(approvalFieldErrors(taken)).toBeNull();
    expect(approvalFieldErrors(new ApiError(403, 'PartnerOutOfScope', 'no', null, '/x'))).toBeNull();
  });
});
