import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { seedDemo } from './seed/seed';
import { startWorker } from './worker/outbox-worker';
import { initErrorReporting } from './lib/error-reporting';

/** Listens, runs the background worker and shuts down gracefully on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  await initErrorReporting(config.SENTRY_DSN, config.NODE_ENV);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    queueTimeoutMs: config.DB_QUEUE_TIMEOUT_MS,
  });
  const app = await buildApp(config, database);
  if (database.driver === 'pglite' && config.NODE_ENV === 'production') {
    app.log.warn('Running on embedded PGlite: take real money only on PostgreSQL (set DATABASE_URL).');
  }
  if (config.SEED_DEMO) await seedDemo(database.db, new Date(), app.log);
  const stopWorker = config.WORKER ? startWorker(database.db, config, app.log, app.jobs) : async () => {};
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `Bilheteira listening on ${address}, public URL ${config.PUBLIC_URL} (database: ${database.driver})`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    await stopWorker();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
