import {
  companyInfoWarning,
  ConfigError,
  formatProductionProblems,
  loadConfig,
  productionAllowances,
  productionProblems,
  storageWarning,
} from './config';
import pino from 'pino';
import { openDatabase } from './db/client';
import { EmbeddedDatabaseError } from './db/embedded-folder';

/** Listens, runs the background worker and shuts down gracefully on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  // Before opening anything: an unsafe production configuration never listens nor migrates.
  const problems = productionProblems(config);
  if (problems.length) throw new ConfigError(formatProductionProblems(problems));
  // The app, the seed and the worker are loaded only once the configuration is safe, so a
  // refusal is immediate and never pays for loading the whole API.
  const [{ initErrorReporting }, { findPublishedDemoData, publishedDemoDataProblem }] = await Promise.all([
    import('./lib/error-reporting'),
    import('./seed/demo-data-check'),
  ]);
  await initErrorReporting(config.SENTRY_DSN, config.NODE_ENV);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    queueTimeoutMs: config.DB_QUEUE_TIMEOUT_MS,
    // the database layer logs before the app (and its logger) exists: lost connections,
    // a data folder restored at start-up
    log: pino({ level: config.LOG_LEVEL, name: 'database' }),
  });
  // Demo data seeded by an earlier start is refused too: its keys and password are public.
  if (config.NODE_ENV === 'production' && !config.ALLOW_DEMO_DATA) {
    const demo = await findPublishedDemoData(database.db);
    if (demo.length) {
      await database.close();
      throw new ConfigError(formatProductionProblems([publishedDemoDataProblem(demo)]));
    }
  }
  const [{ buildApp }, { seedDemo }, { startWorker }] = await Promise.all([
    import('./app'),
    import('./seed/seed'),
    import('./worker/outbox-worker'),
  ]);
  const app = await buildApp(config, database);
  for (const allowed of productionAllowances(config)) app.log.warn(`PRODUCTION RUNS UNSAFELY: ${allowed}`);
  const companyWarning = companyInfoWarning(config);
  if (companyWarning) app.log.warn(companyWarning);
  const filesWarning = storageWarning(config);
  if (filesWarning) app.log.warn(filesWarning);
  if (config.SEED_DEMO)
    await seedDemo(database.db, new Date(), { log: app.log, publicUrl: config.PUBLIC_URL });
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
  // A configuration problem is the operator's to fix: print the message, not a stack trace.
  console.error(err instanceof ConfigError || err instanceof EmbeddedDatabaseError ? err.message : err);
  process.exit(1);
});
