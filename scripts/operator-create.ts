import { createOperatorWithTwin } from '../shared/domain/operators/operator-twins';
import { createOperatorForAlias, operatorRoleSchema } from '../shared/domain/operators/operators';
import { isAppError } from '../shared/errors';
import { runCommand } from './cli';

const USAGE =
  'usage: npm run operator:create -- --alias <alias> --email <e-mail> [--password <password>] [--role OWNER|ADMIN|VIEWER] [--with-twin]';

// npm run operator:create -- --alias acme --email ops@acme.test [--password ...] [--role OWNER]
// Prints exactly one line of JSON: {"alias":...,"email":...,"role":...,"password":...}. A generated
// password is not shown again (only its hash is kept).
void runCommand(async (db, flags) => {
  if (typeof flags.alias !== 'string' || typeof flags.email !== 'string') throw new Error(USAGE);
  if (flags.password !== undefined && typeof flags.password !== 'string') throw new Error(USAGE);
  const role = operatorRoleSchema.safeParse(flags.role === undefined ? 'OWNER' : flags.role);
  if (!role.success) throw new Error(`invalid role "${String(flags.role)}": use OWNER, ADMIN or VIEWER`);
  const input = { alias: flags.alias, email: flags.email, password: flags.password, role: role.data };
  // --with-twin: the same operator on the test_/live twin too, linked, so the portal's switch works.
  const create = flags['with-twin'] === true ? createOperatorWithTwin : createOperatorForAlias;
  const { operator, password, ...rest } = await create(db, input).catch((err: unknown) => {
    // "Invalid input: password" alone would not say what is wrong with it
    const issues = isAppError(err) ? err.details.validationErrors : undefined;
    if (issues) throw new Error(issues.map((i) => `${i.path}: ${i.message}`).join('; '));
    throw err;
  });
  const twin = 'twin' in rest ? { twin: rest.twin } : {};
  const line = { alias: flags.alias, email: operator.email, role: operator.role, password, ...twin };
  process.stdout.write(`${JSON.stringify(line)}\n`);
});
