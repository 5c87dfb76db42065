import { ConfigError, loadConfig } from './config';
import { createLogger } from './observability/logger';
import { migrate, openDatabase } from './storage/storage';

/** `pnpm migrate`: brings the configured database's schema up to date, then exits. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const db = openDatabase(config, logger);
  try {
    const { results } = await migrate(config, db);
    for (const result of results ?? []) logger.info({ migration: result.migrationName, status: result.status }, 'migration');
    logger.info({ applied: results?.length ?? 0 }, 'schema is up to date');
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
