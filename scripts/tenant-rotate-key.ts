import { rotateApiKey } from '../shared/domain/tenants/tenants';
import { runCommand } from './cli';

// npm run tenant:rotate-key -- --alias <alias> [--keep-existing]
// Issues a new key and revokes the old ones (unless --keep-existing, for a zero-downtime switch).
void runCommand(async (db, flags) => {
  if (typeof flags.alias !== 'string')
    throw new Error('usage: npm run tenant:rotate-key -- --alias <alias> [--keep-existing]');
  const issued = await rotateApiKey(db, flags.alias, { keepExisting: flags['keep-existing'] === true });
  process.stdout.write(`${JSON.stringify(issued)}\n`);
});
