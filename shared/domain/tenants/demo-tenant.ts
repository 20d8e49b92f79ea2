import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { createTenantsRepo } from '../../repos/tenants.repo';
import { matchesAnyKey } from './api-keys';
import { createTenant, rotateApiKey, type IssuedKey } from './tenants';

/** The key file as the launcher writes it; a file of another shape counts as missing. */
const savedKeySchema = z.object({
  alias: z.string(),
  mode: z.enum(['live', 'test']),
  apiKey: z.string(),
}) satisfies z.ZodType<IssuedKey>;

/**
 * The launcher's demo tenant. Keys are stored only as hashes, so to print the same key on every start
 * the launcher keeps it in a local file (mode 0600) under DATA_DIR.
 *
 * When that file is missing or its key no longer works, the launcher issues an additional key and
 * revokes none: another launcher on the same database (another DATA_DIR: a second checkout, a copy
 * started by a script) keeps the key it printed, which someone may be using. It cannot reuse that key
 * instead, since only its hash is in the database and the other file may be on another machine. So each
 * DATA_DIR adds at most one active key; `npm run tenant:rotate-key -- --alias demo` keeps only the key it prints.
 * Two launchers creating the tenant at once both succeed: the second adds its key to the first's tenant.
 */
export async function ensureDemoTenant(db: Db, alias: string, dataDir: string): Promise<IssuedKey> {
  const file = path.join(dataDir, `demo-tenant-${alias}.json`);
  const tenant = await createTenantsRepo(db).findWithActiveKeys(alias);
  if (tenant) {
    const saved = await fs.readFile(file, 'utf8').then(
      (text) => savedKeySchema.safeParse(JSON.parse(text)).data ?? null,
      () => null,
    );
    if (saved?.alias === alias && matchesAnyKey(saved.apiKey, tenant.keyHashes)) return saved;
  }
  const addKey = () => rotateApiKey(db, alias, { keepExisting: true });
  const issued = tenant
    ? await addKey()
    : await createTenant(db, { alias, name: 'Demo program' }).catch((err: unknown) => {
        if (err instanceof AppError && err.apiErrorCode === 'CONFLICT') return addKey();
        throw err;
      });
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, JSON.stringify(issued), { mode: 0o600 });
  return issued;
}
