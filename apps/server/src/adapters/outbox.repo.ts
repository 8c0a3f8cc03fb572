import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export async function insertMessage(
  db: DbOrTx,
  m: { channel: 'sms' | 'mail'; recipient: string; subject?: string; body: string },
) {
  await db.insert(outbox).values({ id: randomUUID(), ...m });
}

/** The newest message sent to a recipient (operators and tests read codes and passwords here). */
export async function latestMessage(db: DbOrTx, channel: 'sms' | 'mail', recipient: string) {
  const [m] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, channel), eq(outbox.recipient, recipient)))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return m;
}
