import {
  accountEndpoints,
  type Customer,
  type CustomerCreate,
  type CustomerUpdate,
  customerEndpoints as e,
  type IdentityImageKind,
  type IdentityReview,
  type LocalCardInput,
  paymentEndpoints,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type ApiError, call, callFile } from '../../shared/http.ts';
import { saveBlob } from '../../shared/ui/csv.ts';
import { toCustomerFormError } from './components/customer-form.model.ts';
import type { CustomerExportQuery, CustomerListQuery } from './components/customer-list.model.ts';

/** Query keys of the customers feature; mutations invalidate by prefix. */
export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (query: CustomerListQuery) => [...customerKeys.lists(), query] as const,
  detail: (id: string) => [...customerKeys.all, 'detail', id] as const,
  fieldLogs: (id: string) => [...customerKeys.all, 'fieldLogs', id] as const,
  fieldLogPage: (id: string, pageNo: number, pageSize: number) =>
    [...customerKeys.fieldLogs(id), pageNo, pageSize] as const,
  identityImage: (id: string, kind: IdentityImageKind, version: string) =>
    [...customerKeys.all, 'identityImage', id, kind, version] as const,
  /** The client link and the payment provider: what the counter's e-mail actions and card form depend on. */
  counterSetup: ['customers', 'counterSetup'] as const,
};

/** Field errors and "already used" conflicts are shown on their form fields, not as notifications. */
const unlessShownOnForm = (error: ApiError) => error.code !== 'ValidationError' && error.status !== 409;

export function useCustomerList(query: CustomerListQuery) {
  return useQuery({
    queryKey: customerKeys.list(query),
    queryFn: ({ signal }) => call(e.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The server's CSV of every customer the filters match (at most CUSTOMER_EXPORT_MAX), saved as a download. */
export async function exportCustomers(query: CustomerExportQuery): Promise<void> {
  const { blob, fileName } = await callFile(e.export, { query });
  saveBlob(fileName ?? 'customers.csv', blob);
}

export function useCustomer(id: string) {
  return useQuery({
    queryKey: customerKeys.detail(id),
    // A 404 is shown by the page ("The data do not exist!"), not as a notification.
    queryFn: ({ signal }) =>
      call(e.get, { params: { id } }, { signal, notify: (error) => error.status !== 404 }).then((r) => r.data),
  });
}

export function useCustomerFieldLogs(id: string, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: customerKeys.fieldLogPage(id, pageNo, pageSize),
    queryFn: ({ signal }) => call(e.fieldLogs, { params: { id }, query: { pageNo, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** After a change: the detail is the answer itself; lists and the field log are read again. */
function useStoreCustomer() {
  const client = useQueryClient();
  return (customer: Customer) => {
    client.setQueryData(customerKeys.detail(customer.id), customer);
    void client.invalidateQueries({ queryKey: customerKeys.fieldLogs(customer.id) });
    return client.invalidateQueries({ queryKey: customerKeys.lists() });
  };
}

/** Reads the customer again after a change whose answer is empty. */
function useRefreshCustomer() {
  const client = useQueryClient();
  return (id: string) => {
    void client.invalidateQueries({ queryKey: customerKeys.fieldLogs(id) });
    void client.invalidateQueries({ queryKey: customerKeys.lists() });
    return client.invalidateQueries({ queryKey: customerKeys.detail(id) });
  };
}

export function useCreateCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerCreate) =>
      call(e.create, { body }, { notify: unlessShownOnForm })
        .then((r) => r.data)
        .catch((error: unknown) => {
          throw toCustomerFormError(error);
        }),
    onSuccess: (customer) => {
      client.setQueryData(customerKeys.detail(customer.id), customer);
      return client.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}

export function useUpdateCustomer(id: string) {
  const store = useStoreCustomer();
  return useMutation({
    mutationFn: (body: CustomerUpdate) =>
      call(e.update, { params: { id }, body }, { notify: unlessShownOnForm })
        .then((r) => r.data)
        .catch((error: unknown) => {
          throw toCustomerFormError(error);
        }),
    onSuccess: store,
  });
}

export function useDeleteCustomer(id: string) {
  const refresh = useRefreshCustomer();
  return useMutation({
    mutationFn: () => call(e.remove, { params: { id } }),
    // A deleted customer stays readable (status deleted): the page shows it archived with Restore.
    onSuccess: () => refresh(id),
  });
}

export function useRestoreCustomer(id: string) {
  const store = useStoreCustomer();
  return useMutation({
    mutationFn: () => call(e.restore, { params: { id } }).then((r) => r.data),
    onSuccess: store,
  });
}

/** The customer a referral code belongs to; refusals are shown in the referrer dialog, not as notifications. */
export function lookupReferralCode(referralCode: string, partnerId?: string) {
  return call(
    e.getByReferralCode,
    { body: { referralCode, ...(partnerId ? { partnerId } : {}) } },
    { notify: (error) => error.status >= 500 || error.status === 0 },
  ).then((r) => r.data);
}

export function useConfirmReferrer(id: string) {
  const store = useStoreCustomer();
  return useMutation({
    mutationFn: (referralCode: string) =>
      call(
        e.confirmReferrerCode,
        { params: { id }, body: { referralCode } },
        { notify: (error) => error.status >= 500 || error.status === 0 },
      ).then((r) => r.data),
    onSuccess: store,
  });
}

export function useAddMembership(id: string) {
  const store = useStoreCustomer();
  return useMutation({
    mutationFn: (partnerId: string) =>
      call(e.addMembership, { params: { id }, body: { partnerId } }, { notify: unlessShownOnForm })
        .then((r) => r.data)
        .catch((error: unknown) => {
          throw toCustomerFormError(error);
        }),
    onSuccess: store,
  });
}

/** Resolves with the one-time password; it is shown once and never stored by the console. */
export function useResetCustomerPassword(id: string) {
  const refresh = useRefreshCustomer();
  return useMutation({
    mutationFn: () => call(e.resetPassword, { params: { id } }).then((r) => r.data.password),
    onSuccess: () => void refresh(id),
  });
}

export function useSendCustomerMail(id: string) {
  return useMutation({
    mutationFn: (kind: 'email-verification' | 'bind-card') => call(e.sendMail, { params: { id }, body: { kind } }),
  });
}

export function useRemovePaymentMethod(id: string) {
  const refresh = useRefreshCustomer();
  return useMutation({
    mutationFn: (paymentMethodId: string) => call(e.removePaymentMethod, { params: { id, paymentMethodId } }),
    onSuccess: () => refresh(id),
  });
}

export function useReviewIdentity(id: string) {
  const store = useStoreCustomer();
  return useMutation({
    mutationFn: (body: IdentityReview) =>
      call(e.reviewIdentity, { params: { id }, body }, { notify: unlessShownOnForm }).then((r) => r.data),
    onSuccess: store,
  });
}

/**
 * An identity image as an object URL. The image call needs the bearer token, so it cannot be an <img src>: it is
 * fetched as a blob and shown through a URL that is revoked when the image changes or the component unmounts.
 * `version` (the submission time) makes a re-submitted image load afresh.
 */
export function useIdentityImageUrl(id: string, kind: IdentityImageKind, version: string, enabled: boolean) {
  const image = useQuery({
    queryKey: customerKeys.identityImage(id, kind, version),
    queryFn: ({ signal }) =>
      callFile(e.identityImage, { params: { id, kind } }, { signal, notify: false }).then((r) => r.blob),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(image.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [image.data]);
  return { url, isLoading: image.isLoading, isError: image.isError };
}

/**
 * Whether the customer client link is configured (the e-mail actions need it) and which provider takes cards
 * (Stripe Elements is loaded only for `stripe`). Fixed for the server's life, so read once.
 */
export function useCounterSetup() {
  return useQuery({
    queryKey: customerKeys.counterSetup,
    queryFn: ({ signal }) => call(accountEndpoints.clientLink, {}, { signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Staff vouch for the e-mail after seeing the customer's ID; the reason is logged. */
export function useMarkEmailVerified(id: string) {
  const store = useStoreCustomer();
  return useMutation({
    mutationFn: (reason: string) =>
      call(e.markEmailVerified, { params: { id }, body: { reason } }, { notify: unlessShownOnForm }).then(
        (r) => r.data,
      ),
    onSuccess: store,
  });
}

/** Field errors and declines are shown in the card form itself, in the provider's words. */
const unlessShownInCardForm = (error: ApiError) => error.status >= 500 || error.status === 0;

/** The local provider's tokenize call: the only request that ever carries the card number. */
export function tokenizeLocalCard(card: LocalCardInput) {
  return call(paymentEndpoints.localTokenize, { body: card }, { notify: unlessShownInCardForm }).then((r) => r.data);
}

/** Starts taking a card: Stripe's SetupIntent client secret (null with the local provider). */
export function startCardSetup(id: string) {
  return call(e.cardSetup, { params: { id } }, { notify: unlessShownInCardForm }).then((r) => r.data);
}

/** Attaches the payment method the provider made of the card to the customer. */
export function useAttachCard(id: string) {
  const store = useStoreCustomer();
  return useMutation({
    mutationFn: (paymentMethodId: string) =>
      call(e.attachCard, { params: { id }, body: { paymentMethodId } }, { notify: unlessShownInCardForm }).then(
        (r) => r.data,
      ),
    onSuccess: store,
  });
}
