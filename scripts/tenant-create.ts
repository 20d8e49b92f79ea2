import { createTenant } from '../shared/domain/tenants/tenants';
import { tenantAliasSchema } from '../shared/ids';
import { runCommand } from './cli';

// npm run tenant:create -- --alias <alias> [--name "<display name>"]
// Prints exactly one line of JSON: {"alias":...,"mode":...,"apiKey":...}. The key is not shown again.
void runCommand(async (db, flags) => {
  if (typeof flags.alias !== 'string')
    throw new Error('usage: npm run tenant:create -- --alias <alias> [--name <name>]');
  const alias = tenantAliasSchema.safeParse(flags.alias);
  if (!alias.success)
    throw new Error(`invalid alias "${flags.alias}": ${alias.error.issues.map((i) => i.message).join('; ')}`);
  const issued = await createTenant(db, {
    alias: flags.alias,
    name: typeof flags.name === 'string' ? flags.name : undefined,
  });
  process.stdout.write(`${JSON.stringify(issued)}\n`);
});
