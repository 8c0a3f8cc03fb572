import {
  type CustomerInfoSettingInput,
  customerInfoEndpoints,
  type SettingsConfigInput,
  settingsConfigEndpoints,
} from '@fleetdesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, unlessFieldErrors } from '../../shared/http.ts';

/** Query keys of the account's settings; the console limits are read by other screens too. */
export const customizationKeys = {
  config: ['settings', 'config'] as const,
  customerInfo: ['settings', 'customerInfo'] as const,
};

export function useSettingsConfig() {
  return useQuery({
    queryKey: customizationKeys.config,
    queryFn: ({ signal }) => call(settingsConfigEndpoints.get, {}, { signal }).then((r) => r.data),
  });
}

/** The first save creates the stored config (POST); later saves change only what differs (PATCH). */
export function useSaveSettingsConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ values, stored }: { values: SettingsConfigInput; stored: boolean }) =>
      stored
        ? call(settingsConfigEndpoints.update, { body: values }, { notify: unlessFieldErrors })
        : call(settingsConfigEndpoints.create, { body: values }, { notify: unlessFieldErrors }),
    onSuccess: ({ data }) => client.setQueryData(customizationKeys.config, data),
  });
}

export function useCustomerInfoSetting(enabled: boolean) {
  return useQuery({
    queryKey: customizationKeys.customerInfo,
    queryFn: ({ signal }) => call(customerInfoEndpoints.get, {}, { signal }).then((r) => r.data),
    enabled,
  });
}

export function useSaveCustomerInfoSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerInfoSettingInput) =>
      call(customerInfoEndpoints.put, { body }, { notify: unlessFieldErrors }),
    onSuccess: ({ data }) => client.setQueryData(customizationKeys.customerInfo, data),
  });
}
