import { type Account, type AccountPatch, accountEndpoints } from '@fleetdesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, unlessFieldErrors } from '../../shared/http.ts';
import { profileQuery } from '../../shared/profile.ts';

/** Query keys of the account feature. */
export const accountKeys = {
  all: ['account-settings'] as const,
  account: () => [...accountKeys.all, 'me'] as const,
};

export function useAccount(enabled = true) {
  return useQuery({
    enabled,
    queryKey: accountKeys.account(),
    queryFn: ({ signal }) => call(accountEndpoints.get, {}, { signal }).then((r) => r.data),
  });
}

/** The account also travels inside the profile (logo and name in the shell): both refresh after a change. */
function useAccountChanged() {
  const client = useQueryClient();
  return (account: Account) => {
    client.setQueryData(accountKeys.account(), account);
    return client.invalidateQueries({ queryKey: profileQuery.queryKey });
  };
}

export function useUpdateAccount() {
  const changed = useAccountChanged();
  return useMutation({
    mutationFn: (body: AccountPatch) =>
      call(accountEndpoints.update, { body }, { notify: unlessFieldErrors }).then((r) => r.data),
    onSuccess: changed,
  });
}

/** Sends the logo as multipart field "file"; the server judges the bytes and answers 400 or 413 when refused. */
export function useUploadLogo() {
  const changed = useAccountChanged();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      // The page shows the refusal next to the upload; no second notification for it.
      return call(
        accountEndpoints.uploadLogo,
        {},
        { formData: form, notify: (e) => e.status !== 400 && e.status !== 413 },
      ).then((r) => r.data);
    },
    onSuccess: changed,
  });
}
