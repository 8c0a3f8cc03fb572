/** Route patterns of the team role screens (document 1 §2.3 "Team roles"). */
export const rolePaths = {
  list: '/team/role/list',
  new: '/team/role/new',
  edit: '/team/role/:id/edit',
} as const;
