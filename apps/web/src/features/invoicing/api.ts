import {
  type BodyInputOf,
  type RentalConfigInput,
  type RentingConfig,
  rentingConfigEndpoints,
} from '@fleetdesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type ApiError, call, unlessFieldErrors } from '../../shared/http.ts';
import { usePartnerOptions } from '../../shared/reference-data.ts';
import { rentalConfigRows } from './components/rental-config.model.ts';

type CreateRentalConfigBody = BodyInputOf<typeof rentingConfigEndpoints.create>;

/** Query keys of invoicing: the account's switch and the partners' rental configs. */
export const invoicingKeys = {
  all: ['invoicing'] as const,
  switch: () => [...invoicingKeys.all, 'switch'] as const,
  configs: () => [...invoicingKeys.all, 'rental-configs'] as const,
  config: (partnerId: string) => [...invoicingKeys.configs(), partnerId] as const,
};

/** Whether invoices are issued for the account. */
export function useRentingConfig() {
  return useQuery({
    queryKey: invoicingKeys.switch(),
    queryFn: ({ signal }) => call(rentingConfigEndpoints.get, {}, { signal }).then((r) => r.data),
  });
}

/**
 * Turns invoicing on or off. The answer is the server's state and replaces the cached one; after a failure the
 * state is read again, so the page never shows a switch position the server does not have.
 */
export function useSetInvoicing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      call(enabled ? rentingConfigEndpoints.enableInvoice : rentingConfigEndpoints.disableInvoice, {}).then(
        (r) => r.data,
      ),
    onSuccess: (config: RentingConfig) => client.setQueryData(invoicingKeys.switch(), config),
    onError: () => client.invalidateQueries({ queryKey: invoicingKeys.switch() }),
  });
}

/** Every rental config in scope (few: at most one per partner), for the list that shows every partner. */
export function useRentalConfigs(enabled = true) {
  return useQuery({
    queryKey: invoicingKeys.configs(),
    queryFn: ({ signal }) => call(rentingConfigEndpoints.findAll, {}, { signal }).then((r) => r.data),
    enabled,
  });
}

/** A partner without a config answers 404: the edit page shows "The data do not exist!" without a notification. */
const unlessNotFound = (error: ApiError) => error.status !== 404;

export function useRentalConfig(partnerId: string) {
  return useQuery({
    queryKey: invoicingKeys.config(partnerId),
    queryFn: ({ signal }) =>
      call(rentingConfigEndpoints.getPartner, { params: { partnerId } }, { signal, notify: unlessNotFound }).then(
        (r) => r.data,
      ),
    enabled: Boolean(partnerId),
  });
}

function useInvalidateConfigs() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: invoicingKeys.configs() });
}

/** A 409 (the partner got a config meanwhile) is shown on the partner field, like a validation error. */
export function useCreateRentalConfig() {
  const invalidate = useInvalidateConfigs();
  return useMutation({
    mutationFn: (body: CreateRentalConfigBody) =>
      call(rentingConfigEndpoints.create, { body }, { notify: (e) => e.status !== 409 && unlessFieldErrors(e) }).then(
        (r) => r.data,
      ),
    onSuccess: invalidate,
  });
}

export function useUpdateRentalConfig(partnerId: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateConfigs();
  return useMutation({
    mutationFn: (body: RentalConfigInput) =>
      call(rentingConfigEndpoints.update, { params: { partnerId }, body }, { notify: unlessFieldErrors }).then(
        (r) => r.data,
      ),
    onSuccess: (data) => {
      client.setQueryData(invoicingKeys.config(partnerId), data);
      return invalidate();
    },
  });
}

/** Refused with 409 once the config issued invoices (the series must go on): the http layer shows why. */
export function useDeleteRentalConfig() {
  const client = useQueryClient();
  const invalidate = useInvalidateConfigs();
  return useMutation({
    mutationFn: (partnerId: string) => call(rentingConfigEndpoints.remove, { params: { partnerId } }),
    onSuccess: (_, partnerId) => {
      // Removed, not refetched: an open edit page would otherwise flash "The data do not exist!".
      client.removeQueries({ queryKey: invoicingKeys.config(partnerId) });
      return invalidate();
    },
  });
}

/**
 * Every partner in scope with its config or none, and the state of both reads in the shape a list needs. The
 * partner names come from the reference data the console loaded after login.
 */
export function useRentalConfigRows(enabled = true) {
  const partners = usePartnerOptions();
  const configs = useRentalConfigs(enabled);
  const rows = useMemo(
    () => (partners.data && configs.data ? rentalConfigRows(partners.data, configs.data) : undefined),
    [partners.data, configs.data],
  );
  return {
    rows,
    isPending: partners.isPending || configs.isPending,
    isFetching: partners.isFetching || configs.isFetching,
    error: partners.error ?? configs.error,
    refetch: () => Promise.all([partners.refetch(), configs.refetch()]),
  };
}
