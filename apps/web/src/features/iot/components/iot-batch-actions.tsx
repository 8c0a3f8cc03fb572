import { anyIotCommandRequirement, iotEndpoints } from '@fleetdesk/contracts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { CommandMenu } from './command-menu.tsx';
import { ChangeConfigButton } from './config-drawer.tsx';

/** Whether the user may send any command or config, i.e. whether the asset list should offer selection for it. */
export function useCanControlDevices(): boolean {
  const command = useCan(anyIotCommandRequirement);
  const config = useCan(requirementOf(iotEndpoints.batchModifyConfig));
  return command || config;
}

/** "Send command" and "Change config" for the assets selected in a list (at most 100). */
export function IotBatchActions({ assetNos }: { assetNos: string[] }) {
  return (
    <>
      <CommandMenu assetNos={assetNos} />
      <ChangeConfigButton assetNos={assetNos} />
    </>
  );
}
