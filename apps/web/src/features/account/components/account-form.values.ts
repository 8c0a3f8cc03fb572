import { type Account, accountPatch } from '@fleetdesk/contracts';
import { apiOrigin } from '../../../shared/http.ts';

/** The basic part saves every field at once, so each one is required (the contract's PATCH makes them optional). */
export const accountBasicForm = accountPatch.required();

/** The stored account as form values; a missing currency stays empty so the form asks for one. */
export function accountToFormValues(account: Account) {
  return {
    name: account.name,
    timezone: account.timezone,
    currency: account.currency ?? undefined,
    isRegistryEnabled: account.isRegistryEnabled,
  };
}

/** The server answers the logo as an API path (`/api/files/…`); the console may talk to another API origin. */
export function logoSource(logoImgUrl: string | null): string | undefined {
  if (!logoImgUrl) return undefined;
  return logoImgUrl.startsWith('/api/') ? `${apiOrigin()}${logoImgUrl.slice('/api'.length)}` : logoImgUrl;
}
