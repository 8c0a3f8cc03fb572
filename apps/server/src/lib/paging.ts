export const offsetOf = (q: { pageNo: number; pageSize: number }) => (q.pageNo - 1) * q.pageSize;

/** `term%` for LIKE (a prefix) with the user's wildcards escaped. */
export const prefixPattern = (term: string) => `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `%term%` for ILIKE with the user's wildcards escaped. */
export const likePattern = (term: string) => `%${prefixPattern(term)}`;
