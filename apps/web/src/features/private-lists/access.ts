import { type PrivateList, requires, satisfies } from '@fleetdesk/contracts';
import { usePermissionSet } from '../../shared/permissions.ts';
import { useSignedInProfile } from '../../shared/profile.ts';

type Action = 'read' | 'update' | 'delete';

/**
 * What the signed-in user may do with a list, by the server's rule: their own needs private_list.me.<action>
 * (or the general one), someone else's needs private_list.<action>. The general permissions reach only lists
 * whose assets all lie in the user's scope; the server lists no others, so the lists shown here qualify.
 */
export function useListAccess() {
  const held = usePermissionSet();
  const profile = useSignedInProfile();
  return (list: Pick<PrivateList, 'owner'>, action: Action) => {
    if (held.size === 0) return false;
    const can = (p: string) => satisfies(held, requires(p));
    if (list.owner.id === profile?.id) return can(`private_list.me.${action}`) || can(`private_list.${action}`);
    return can(`private_list.${action}`);
  };
}
