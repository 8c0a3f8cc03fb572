import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { bootstrap } from './db/seed/bootstrap.ts';
import { type Simulator, startSimulator } from './iot/simulator.ts';
import { fleetDevices } from './iot/telemetry.repo.ts';
import { enqueueJobs } from './jobs/queue.ts';

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
  let simulator: Simulator | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests');
    await simulator?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  await app.liveFleet.start();
  app.payments.jobs.start();
  app.renting.jobs.start();
  // A recurring job has a fixed key: every instance enqueues it, one row results.
  await enqueueJobs(database.db, app.renting.billing.initial);
  app.renting.billingJobs.start();
  await enqueueJobs(database.db, app.reminders.initial);
  app.reminders.jobs.start();
  await enqueueJobs(database.db, app.notifications.digest.initial);
  await enqueueJobs(database.db, app.subscriptions.billing.initial);
  app.notifications.jobs.start();
  app.subscriptions.jobs.start();
  if (config.simulator) {
    // The demo fleet comes alive: every bound device of the demo connects with its own credentials.
    const devices = await fleetDevices(database.db, config.simulatorDevices);
    simulator = startSimulator({
      url: app.liveFleet.brokerUrl() as string,
      topicRoot: config.mqtt.topicRoot,
      password: (no) => app.liveFleet.credentials.devicePassword(no),
      devices: devices.map((d) => ({ ...d, lock: d.lock === 'UNLOCKED' ? 'unlocked' : 'locked' })),
      connectRate: 400,
      onError: (error) => app.log.debug({ err: error }, 'simulated device error'),
    });
    app.log.info({ devices: devices.length }, 'device simulator started for the demo fleet');
  }
  const url = `http://${config.host}:${config.port}${config.basePath}`;
  console.log(
    `\nFleetdesk is running at ${url}\nDemo login: ${config.adminEmail} / ${config.demoData ? config.adminPassword : '(your ADMIN_PASSWORD)'}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
