/** Route patterns of Settings → Partner → Open data and Settings → General → Agency access (issue 25). */
export const openDataPaths = {
  gbfs: '/setting/partner/open-data',
  agencyAccess: '/setting/general/agency-access',
} as const;
