import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Device credentials. Each device connects with its device number as client id and user name, and a password
 * derived from the installation's device key: HMAC-SHA256(key, "device:" + deviceNo). Provisioning writes that
 * password into the device once; knowing one device's password tells nothing about another's, the broker checks
 * a login without a database round trip (a reconnect storm of the whole fleet stays cheap), and rotating the
 * key re-provisions every device at once. The gateway and trusted vendor bridges get their own derived passwords.
 */
export const GATEWAY_USERNAME = 'fleetdesk-gateway';
export const BRIDGE_PREFIX = 'bridge-';

export interface DeviceCredentials {
  devicePassword(deviceNo: string): string;
  gatewayPassword(): string;
  bridgePassword(name: string): string;
  /** Constant-time comparison of a presented password with the expected one. */
  matches(presented: Buffer | string | undefined, expected: string): boolean;
}

export function deviceCredentials(secretsKey: Buffer): DeviceCredentials {
  // A key of its own, so the device passwords say nothing about the key that seals provider secrets.
  const key = Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'fleetdesk device credentials', 32));
  const derive = (label: string) => createHmac('sha256', key).update(label).digest('base64url');
  return {
    devicePassword: (deviceNo) => derive(`device:${deviceNo}`),
    gatewayPassword: () => derive('gateway'),
    bridgePassword: (name) => derive(`bridge:${name}`),
    matches(presented, expected) {
      if (presented === undefined) return false;
      const a = Buffer.from(presented);
      const b = Buffer.from(expected);
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}
