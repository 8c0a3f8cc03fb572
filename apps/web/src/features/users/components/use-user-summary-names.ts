import { useMemo } from 'react';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { useRoleOptions } from '../api.ts';

/** Partner and role names by id, for the confirm summary. */
export function useUserSummaryNames() {
  const partners = usePartnerOptions();
  const roles = useRoleOptions();
  return useMemo(
    () => ({
      partnerNames: new Map((partners.data ?? []).map((partner) => [partner.id, partner.name])),
      roleNames: new Map((roles.data ?? []).map((role) => [role.value, role.label])),
    }),
    [partners.data, roles.data],
  );
}
