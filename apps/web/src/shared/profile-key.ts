/** The profile query's key, apart from the query (profile.ts), whose contracts bring zod: sign-in needs only this. */
export const PROFILE_QUERY_KEY = ['account', 'profile'] as const;
