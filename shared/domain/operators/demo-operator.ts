import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { createTenantsRepo } from '../../repos/tenants.repo';
import { checkOperatorPassword, createOperator, setOperatorPassword } from './operators';
import { linkServiceMadeTwins } from './operator-twins';
import { generatePassword } from './passwords';
import { twinAlias } from '../tenants/tenants';

export interface DemoOperator {
  alias: string;
  email: string;
  password: string;
}

const savedSchema = z.object({ alias: z.string(), email: z.string(), password: z.string() });

/**
 * The launcher's demo operator, `ops@<alias>.test`, an OWNER of the demo tenant (which must exist).
 * As with the demo key, only a hash is in the database, so the password is kept in a file under
 * DATA_DIR (mode 0600) to print the same login on every start. When the file is missing or its
 * password no longer works (another DATA_DIR on the same database), a new password is set and saved.
 */
export async function ensureDemoOperator(db: Db, alias: string, dataDir: string): Promise<DemoOperator> {
  const file = path.join(dataDir, 'demo-operator.json');
  // An alias may hold `_`, which a domain name may not
  const email = `ops@${alias.toLowerCase().replace(/[^a-z0-9-]/g, '-')}.test`;
  const tenant = await createTenantsRepo(db).findByAlias(alias);
  if (!tenant) throw new Error(`the demo tenant "${alias}" does not exist`);
  const saved = await fs.readFile(file, 'utf8').then(
    (text) => savedSchema.safeParse(JSON.parse(text)).data ?? null,
    () => null,
  );
  if (saved?.alias === alias && saved.email === email) {
    const found = await checkOperatorPassword(db, { tenantId: tenant.id, email, password: saved.password });
    if (found) return saved;
  }
  const demo = { alias, email, password: generatePassword() };
  await ensureDemoOperatorOn(db, alias, demo);
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, JSON.stringify(demo), { mode: 0o600 });
  return demo;
}

/**
 * The demo operator on another tenant (the demo tenant's `test_` twin): the same e-mail and password,
 * an OWNER, so the portal's live/test switch works on the demo. Creates the operator, or resets its
 * password when it no longer matches; the tenant must exist. The service made both rows, so it links
 * them (operator-twins.ts): the switch follows links, never e-mails alone.
 */
export async function ensureDemoOperatorOn(db: Db, alias: string, demo: DemoOperator): Promise<void> {
  const tenant = await createTenantsRepo(db).findByAlias(alias);
  if (!tenant) throw new Error(`the demo tenant "${alias}" does not exist`);
  const { email, password } = demo;
  if (!(await checkOperatorPassword(db, { tenantId: tenant.id, email, password }))) {
    await createOperator(db, { tenantId: tenant.id, email, password, role: 'OWNER' }).catch(
      async (err: unknown) => {
        if (!(err instanceof AppError && err.apiErrorCode === 'OPERATOR_EXISTS')) throw err;
        await setOperatorPassword(db, { tenantId: tenant.id, email, password });
      },
    );
  }
  if (twinAlias(alias) === demo.alias) await linkServiceMadeTwins(db, alias, email);
}
