/** Route patterns of the relocation screens (document 1 menu: Operation Tool → Relocation, hidden detail). */
export const relocationPaths = {
  list: '/relocation/list',
  detail: '/relocation/detail/:id',
} as const;
