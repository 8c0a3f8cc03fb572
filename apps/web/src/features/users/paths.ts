/** Route patterns of the team user screens (document 1 §2.3 "Team users"); edit takes the id as `?id=`. */
export const userPaths = {
  list: '/team/user/list',
  new: '/team/user/new',
  edit: '/team/user/edit',
} as const;
/** Team → Access requests: visitors' "request access" (register account), approved into staff or declined. */
export const accessRequestPaths = { list: '/team/access-request/list' } as const;
