import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { localStorage } from '../../adapters/storage.ts';
import type { Config } from '../../config.ts';
import { secretBoxFor } from '../../lib/secret-box.ts';
import { getAccount } from '../../modules/account/account.repo.ts';
import type { Db } from '../client.ts';
import { seed } from './builders.ts';
import { seedDemoData } from './demo.ts';

/**
 * First start on an empty database: the account and its owner from ADMIN_EMAIL / ADMIN_PASSWORD, then
 * the demo data set when DEMO_DATA=1. Later starts change nothing.
 */
export async function bootstrap(db: Db, config: Config, log: FastifyBaseLogger) {
  if (await getAccount(db)) return { created: false };
  const password = config.adminPassword;
  if (!password) {
    throw new Error('The database is empty: set ADMIN_PASSWORD (at least 8 characters) to create the account owner.');
  }
  await db.transaction(async (tx) => {
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
  });
  log.info({ email: config.adminEmail, demoData: config.demoData }, 'created the account owner');
  return { created: true };
}
