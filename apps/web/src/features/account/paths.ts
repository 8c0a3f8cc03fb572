/** Settings → General → Account (document 1 §2.5: basic, security, binding and notification parts). */
export const accountPaths = {
  settings: '/setting/general/account',
} as const;
