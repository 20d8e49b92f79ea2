import { loadConfigOrExit } from '../shared/config';
import { createDb, migrateLatest, type Db } from '../shared/db/knex';
import { isAppError } from '../shared/errors';
import { ensureDatabase } from '../shared/infra/postgres';

/** Reads `--name value` flags; boolean flags have no value. */
export function parseFlags(argv: string[]): Record<string, string | true> {
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      flags[arg.slice(2)] = next;
      i += 1;
    } else flags[arg.slice(2)] = true;
  }
  return flags;
}

/** Runs an admin command against DATABASE_URL (migrating first); errors are one line on stderr, exit 1. */
export async function runCommand(fn: (db: Db, flags: Record<string, string | true>) => Promise<void>) {
  const config = loadConfigOrExit();
  const db = createDb({ url: config.databaseUrl, poolMax: 2, applicationName: 'cli' });
  try {
    if (!config.databaseUrlExplicit) await ensureDatabase(config.databaseUrl);
    await migrateLatest(db);
    await fn(db, parseFlags(process.argv.slice(2)));
  } catch (err) {
    const message = isAppError(err) || err instanceof Error ? err.message : String(err);
    process.stderr.write(`error: ${message}\n`);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}
