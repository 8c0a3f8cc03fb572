import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passwordTokens } from '../../db/schema/index.ts';

export type PasswordLinkPurpose = 'reset' | 'invite';

/**
 * Stores a new link's token hash and retires every earlier unused link of the user, so only the newest link
 * works (an older one may sit in an inbox someone else reads).
 */
export async function insertLink(
  db: DbOrTx,
  link: { userId: string; purpose: PasswordLinkPurpose; tokenHash: string; expiresAt: Date },
) {
  await db
    .update(passwordTokens)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(passwordTokens.userId, link.userId), isNull(passwordTokens.consumedAt)));
  await db.insert(passwordTokens).values({ id: randomUUID(), ...link });
}

/**
 * Uses a link once: one UPDATE that only a live, unused, unexpired token passes, so two requests with the same
 * token cannot both succeed. Returns its live user, or nothing.
 */
export async function consumeLink(db: DbOrTx, tokenHash: string) {
  const [link] = await db
    .update(passwordTokens)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(passwordTokens.tokenHash, tokenHash),
        isNull(passwordTokens.consumedAt),
        gt(passwordTokens.expiresAt, sql`now()`),
        sql`exists (select 1 from users u where u.id = ${passwordTokens.userId} and u.deleted_at is null)`,
      ),
    )
    .returning({ userId: passwordTokens.userId, purpose: passwordTokens.purpose });
  return link;
}
