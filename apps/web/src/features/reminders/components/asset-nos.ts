import { ASSET_TIMER_BATCH_MAX } from '@fleetdesk/contracts';

/** Pasted asset numbers: split on whitespace and commas, blanks and repeats dropped, in the order typed. */
export function parseAssetNos(text: string | undefined): string[] {
  return [...new Set((text ?? '').split(/[\s,;]+/).filter(Boolean))];
}

export const tooManyAssets = (nos: readonly string[]) => nos.length > ASSET_TIMER_BATCH_MAX;

/** Adds picked numbers to what is typed, keeping what was there. */
export function mergeAssetNos(text: string | undefined, picked: readonly string[]): string {
  return [...new Set([...parseAssetNos(text), ...picked])].join('\n');
}
