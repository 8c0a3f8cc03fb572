/** Route patterns of the deposit screens (document 1 §2.3 "Deposit refund"). */
export const depositPaths = {
  applications: '/customer/deposit-refund-application',
} as const;
