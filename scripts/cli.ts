import { z } from 'zod';
import path from 'node:path';
import { loadConfigOrExit } from '../shared/config';
import { recordCliAudit } from '../shared/domain/common/audit-log';
import { createDb, migrateLatest, type Db } from '../shared/db/knex';
import { isAppError } from '../shared/errors';
import { ensureDatabase } from '../shared/db/databases';

/** An error as one line: a ZodError's message is pretty-printed JSON, so its issues are listed instead. */
export function errorLine(err: unknown): string {
  const message =
    err instanceof z.ZodError
      ? err.issues
          .map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message))
          .join('; ')
      : isAppError(err) || err instanceof Error
        ? err.message
        : String(err);
  const line = message.replace(/\s*\n\s*/g, ' ').trim();
  // e.g. a refused connection to "localhost" is an AggregateError with an empty message and a code
  const code = (err as { code?: unknown } | null)?.code;
  return line || (typeof code === 'string' ? code : String(err));
}

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

/**
 * Runs an admin command against DATABASE_URL (migrating first); errors are one line on stderr, exit 1.
 * A command that succeeds on a tenant (`--alias`) is recorded in that tenant's audit log as
 * `cli.<command>` with its flags (secrets redacted), actor `cli`.
 */
export async function runCommand(fn: (db: Db, flags: Record<string, string | true>) => Promise<void>) {
  const config = loadConfigOrExit();
  const db = createDb({ url: config.databaseUrl, poolMax: 2, applicationName: 'cli' });
  try {
    if (!config.databaseUrlExplicit) await ensureDatabase(config.databaseUrl);
    await migrateLatest(db);
    const flags = parseFlags(process.argv.slice(2));
    await fn(db, flags);
    if (typeof flags.alias === 'string') {
      await recordCliAudit(db, { alias: flags.alias, command: commandName(), flags });
    }
  } catch (err) {
    process.stderr.write(`error: ${errorLine(err)}\n`);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

/** The command's script name (`tenant-create` for `npm run tenant:create`). */
function commandName(): string {
  return path.basename(process.argv[1] ?? 'cli').replace(/\.[cm]?[jt]s$/, '');
}
