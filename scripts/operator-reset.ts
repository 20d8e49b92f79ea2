import { loadConfigOrExit } from '../shared/config';
import {
  accessLinkUrl,
  resetOperatorAccess,
  resetOperatorPassword,
} from '../shared/domain/operators/operator-access';
import { createTenantsRepo } from '../shared/repos/tenants.repo';
import { isAppError } from '../shared/errors';
import { runCommand } from './cli';

const USAGE = 'usage: npm run operator:reset -- --tenant <alias> --email <e-mail> [--password-stdin]';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

// npm run operator:reset -- --tenant acme --email owner@acme.test [--password-stdin]
// Resets an operator's access (e.g. the last OWNER's, when no OWNER is left to do it in the portal): their
// password stops working and every session of theirs ends. Prints one line of JSON: with the one-time
// link to set a new password, or, with --password-stdin, sets the password read from stdin (never from
// argv, which other users of the machine can see) and prints no secret. Audited as actor `cli`.
void runCommand(async (db, flags) => {
  if (typeof flags.tenant !== 'string' || typeof flags.email !== 'string') throw new Error(USAGE);
  const config = loadConfigOrExit();
  const tenant = await createTenantsRepo(db).findByAlias(flags.tenant);
  if (!tenant) throw new Error(`No tenant with alias "${flags.tenant}"`);
  const audit = { operator: null, actor: { kind: 'cli' as const, label: 'operator:reset' } };
  const explain = (err: unknown): never => {
    const issues = isAppError(err) ? err.details.validationErrors : undefined;
    if (issues) throw new Error(issues.map((i) => `${i.path}: ${i.message}`).join('; '));
    throw err;
  };
  if (flags['password-stdin'] === true) {
    const password = await readStdin();
    const operator = await resetOperatorPassword(
      db,
      { tenantId: tenant.id, email: flags.email, password, audit },
      Date.now(),
    ).catch(explain);
    process.stdout.write(
      `${JSON.stringify({ tenant: tenant.alias, email: operator.email, passwordSet: true })}\n`,
    );
    return;
  }
  const link = await resetOperatorAccess(
    db,
    { tenantId: tenant.id, email: flags.email, audit },
    { nowMs: Date.now(), ttlS: config.OPERATOR_LINK_TTL_S },
  ).catch(explain);
  const line = {
    tenant: tenant.alias,
    email: link.operator.email,
    link: accessLinkUrl(config.publicUrl, link.token),
    expiresAt: link.expiresAt.toISOString(),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
});
