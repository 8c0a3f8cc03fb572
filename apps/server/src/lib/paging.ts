export const offsetOf = (q: { pageNo: number; pageSize: number }) => (q.pageNo - 1) * q.pageSize;

/** `%term%` for ILIKE with the user's wildcards escaped. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
