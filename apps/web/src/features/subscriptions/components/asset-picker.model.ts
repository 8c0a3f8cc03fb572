/**
 * Adds asset numbers to a selection without going over the quota: each number once, in order; what did not fit is
 * returned so the picker can say so.
 */
export function addAssetNos(
  selected: readonly string[],
  added: readonly string[],
  quota: number,
): { selected: string[]; overQuota: string[] } {
  const next = [...selected];
  const overQuota: string[] = [];
  for (const no of added) {
    if (next.includes(no)) continue;
    if (next.length >= quota) overQuota.push(no);
    else next.push(no);
  }
  return { selected: next, overQuota };
}

export function removeAssetNos(selected: readonly string[], removed: readonly string[]): string[] {
  const gone = new Set(removed);
  return selected.filter((no) => !gone.has(no));
}
