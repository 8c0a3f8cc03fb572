import {
  bindingEndpoints,
  type ContactChangeBody,
  type ContactChangeConfirmBody,
  oidcEndpoints,
} from '@fleetdesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http.ts';
import { profileQuery } from '../../shared/profile.ts';
import { accountKeys } from './api.ts';

const identitiesKey = [...accountKeys.all, 'identities'] as const;

/** The third-party sign-ins linked to me. */
export function useIdentities() {
  return useQuery({
    queryKey: identitiesKey,
    queryFn: ({ signal }) => call(bindingEndpoints.identities, {}, { signal }).then((r) => r.data),
  });
}

/** Starts linking: the browser goes to the provider and comes back to account settings. */
export function useLinkIdentity() {
  return useMutation({
    mutationFn: () => call(oidcEndpoints.link, {}).then((r) => r.data),
    onSuccess: (data) => window.location.assign(data.authorizationUrl),
  });
}

export function useUnlinkIdentity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(bindingEndpoints.unlinkIdentity, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: identitiesKey }),
  });
}

/** Refusals are shown inside the dialog, next to the field they concern: no notification. */
export function useRequestContactChange() {
  return useMutation({
    mutationFn: (body: ContactChangeBody) =>
      call(bindingEndpoints.requestContactChange, { body }, { notify: false }).then((r) => r.data),
  });
}

export function useConfirmContactChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactChangeConfirmBody) =>
      call(bindingEndpoints.confirmContactChange, { body }, { notify: false }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: profileQuery.queryKey }),
  });
}
