import type { PartnerOperations, PartnerOperationsInput } from '@fleetdesk/contracts';

/**
 * A new partner's starting point: customers may beep, light, lock and locate the asset they ride; battery
 * lock and geolocation checkpoints stay with staff; joining needs approval; no web channel yet.
 */
export const newPartnerOperationsValues: Partial<PartnerOperationsInput> = {
  beepPolicy: 'enabled',
  batteryLockPolicy: 'disabled',
  gpsPolicy: 'enabled',
  lightPolicy: 'enabled',
  lockPolicy: 'enabled',
  pushGeolocationCheckpointPolicy: 'disabled',
  customerSelfJoinPolicy: 'approval',
  webChannel: { type: 'none' },
  signUpEmailDomains: [],
};

/** What the edit form starts from: the stored values, the passcode as its mask (sent back, it is kept). */
export function formValuesOf(operations: PartnerOperations): Partial<PartnerOperationsInput> {
  return {
    currency: operations.currency,
    customerMaxPaymentAmount: operations.customerMaxPaymentAmount,
    timezone: operations.timezone,
    beepPolicy: operations.beepPolicy,
    batteryLockPolicy: operations.batteryLockPolicy,
    gpsPolicy: operations.gpsPolicy,
    lightPolicy: operations.lightPolicy,
    lockPolicy: operations.lockPolicy,
    pushGeolocationCheckpointPolicy: operations.pushGeolocationCheckpointPolicy,
    customerSelfJoinPolicy: operations.customerSelfJoinPolicy,
    customerSelfJoinNote: operations.customerSelfJoinNote ?? '',
    unavailableNote: operations.unavailableNote ?? '',
    contactPhone: operations.contactPhone ?? '',
    contactEmail: operations.contactEmail ?? '',
    webChannel:
      operations.webChannel.type === 'secret-link'
        ? { type: 'secret-link', passcode: operations.webChannel.passcode ?? undefined }
        : { type: operations.webChannel.type },
    signUpEmailDomains: operations.signUpEmailDomains,
  };
}
