import { Client } from 'pg';

/**
 * Creating and dropping the database a URL names, through the server's `postgres` maintenance database.
 * The CLI creates its database when DATABASE_URL is the local default (scripts/cli.ts); the local stack
 * (tooling/postgres.ts), the tests and the benchmarks create and drop theirs.
 */

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z_][A-Za-z0-9_-]{0,62}$/.test(name)) throw new Error(`Unsupported database name "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name}"`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // created concurrently by another process
      });
    }
  } finally {
    await client.end();
  }
}

/** Drops the database named in the URL, disconnecting its sessions (tests, benchmarks). */
export async function dropDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name.replace(/"/g, '')}" with (force)`);
  } finally {
    await client.end();
  }
}
