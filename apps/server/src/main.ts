import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { bootstrap } from './db/seed/bootstrap.ts';

/** Start-up: config → database → migrations → first-run seed → listen; SIGTERM drains and closes. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await database.migrate();
  const app = await buildApp(config, database);
  try {
    const { created } = await bootstrap(database.db, config, app.log);
    if (created && config.demoData) {
      app.log.info(`Demo login: ${config.adminEmail} / ${config.adminPassword} (other demo staff share the password)`);
    }
  } catch (error) {
    app.log.fatal((error as Error).message);
    await database.close();
    process.exit(1);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host}:${config.port}${config.basePath}`;
  console.log(
    `\nFleetdesk is running at ${url}\nDemo login: ${config.adminEmail} / ${config.demoData ? config.adminPassword : '(your ADMIN_PASSWORD)'}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
