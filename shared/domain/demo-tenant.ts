import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/knex';
import { createTenantsRepo } from '../repos/tenants.repo';
import { matchesAnyKey } from './api-keys';
import { createTenant, rotateApiKey, type IssuedKey } from './tenants';

/**
 * The launcher's demo tenant. Keys are stored only as hashes, so to print the same key on every start
 * the launcher keeps it in a local file (mode 0600) under DATA_DIR; a missing or revoked key is replaced.
 */
export async function ensureDemoTenant(db: Db, alias: string, dataDir: string): Promise<IssuedKey> {
  const file = path.join(dataDir, `demo-tenant-${alias}.json`);
  const tenant = await createTenantsRepo(db).findWithActiveKeys(alias);
  if (tenant) {
    const saved = await fs.readFile(file, 'utf8').then(
      (text) => JSON.parse(text) as IssuedKey,
      () => null,
    );
    if (
      saved?.alias === alias &&
      typeof saved.apiKey === 'string' &&
      matchesAnyKey(saved.apiKey, tenant.keyHashes)
    ) {
      return saved;
    }
  }
  const issued = tenant
    ? await rotateApiKey(db, alias)
    : await createTenant(db, { alias, name: 'Demo program' });
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, JSON.stringify(issued), { mode: 0o600 });
  return issued;
}
