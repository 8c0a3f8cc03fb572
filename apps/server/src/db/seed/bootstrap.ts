import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { localStorage } from '../../adapters/storage.ts';
import type { Config } from '../../config.ts';
import { secretBoxFor } from '../../lib/secret-box.ts';
import { getAccount } from '../../modules/account/account.repo.ts';
import type { Db } from '../client.ts';
import { seed } from './builders.ts';
import { seedDemoData } from './demo.ts';

/** Arbitrary constant, beside db/client.ts's migration lock: one node at a time creates the account. */
const BOOTSTRAP_LOCK = 7_231_002;

/**
 * First start on an empty database: the account and its owner from ADMIN_EMAIL / ADMIN_PASSWORD, then
 * the demo data set when DEMO_DATA=1. Later starts change nothing.
 *
 * Several nodes starting together on an empty PostgreSQL database would all find no account and all create one:
 * the creation runs under a transaction-scoped advisory lock and looks again once it holds it, so the nodes
 * that waited find the account the first one made and start as on any later day.
 */
export async function bootstrap(db: Db, config: Config, log: FastifyBaseLogger) {
  if (await getAccount(db)) return { created: false };
  const password = config.adminPassword;
  if (!password) {
    throw new Error('The database is empty: set ADMIN_PASSWORD (at least 8 characters) to create the account owner.');
  }
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`);
    if (await getAccount(tx)) return false;
    await seed.account(tx);
    const owner = await seed.adminRole(tx);
    await seed.user(tx, {
      username: 'owner',
      name: 'Account Owner',
      email: config.adminEmail,
      password,
      roleIds: [owner.id],
    });
    if (config.demoData) {
      const storage = localStorage(path.join(config.dataDir, 'files'));
      await seedDemoData(tx, { password, secrets: secretBoxFor(config), storage });
    }
    return true;
  });
  if (!created) return { created: false };
  log.info({ email: config.adminEmail, demoData: config.demoData }, 'created the account owner');
  return { created: true };
}
