import { ASSET_NO_MESSAGE, PRIVATE_LIST_MAX, privateListAssetNos } from '@fleetdesk/contracts';
import { z } from 'zod';

/**
 * Asset numbers as people paste them or as a .txt/.csv export holds them: one per line or separated by
 * commas, semicolons, tabs or spaces; trimmed, upper-cased and each kept once, in order of first appearance.
 * A header cell such as "assetNo" would be upper-cased into a number that does not exist and so reported as
 * unknown, which is what the operator should see.
 */
export function parseAssetNos(text: string | undefined): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    const no = part
      .trim()
      .replace(/^["']|["']$/g, '')
      .toUpperCase();
    if (no) seen.add(no);
  }
  return [...seen];
}

/**
 * The textarea of asset numbers, checked with the contract's own rules so the form refuses what the server
 * would (empty upload, more than 100, malformed numbers); every message lands on the textarea itself.
 */
export const assetNosText = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const nos = parseAssetNos(text);
    const result = privateListAssetNos.safeParse(nos);
    if (!result.success) {
      const issue = result.error.issues[0];
      const bad = nos.filter((no) => !/^[A-Z0-9]+$/.test(no));
      ctx.addIssue({ code: 'custom', message: bad.length ? ASSET_NO_MESSAGE : (issue?.message ?? ASSET_NO_MESSAGE) });
      return z.NEVER;
    }
    return result.data;
  });

export { PRIVATE_LIST_MAX };
