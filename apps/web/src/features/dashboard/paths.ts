/** Route patterns of the dashboard (document 1 §2.3 "Dashboard"). */
export const dashboardPaths = { asset: '/dashboard/asset' } as const;
