/** Route patterns of the trip screens (document 1 §2.3): the list, and two full-screen maps reached from it. */
export const tripPaths = {
  list: '/asset/trip',
  multi: '/asset/multi-trip',
  trail: '/asset/all-trail',
} as const;
