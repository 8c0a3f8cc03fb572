/** The asset dashboard's calls (issue 5). */
export const dashboardEndpoints = {};
