/** Relocation (collection) lists: filled in by the relocation work (issue 4). */
export const relocationListEndpoints = {};
