/**
 * validate(..., 'authenticated' | 'signed-in') narrows ctx.state for the handler and fails closed: a
 * route whose authentication is missing answers 401 instead of reading an absent tenant.
 */
import { z } from 'zod';
import { AppError } from '../../shared/errors';
import { validate } from '../../services/gateway/middleware/validate';

const schemas = { query: z.object({ q: z.string() }) };
const tenant = { id: 't', alias: 'acme' };
const principal = { kind: 'apiKey' };

type AnyMiddleware = (ctx: never, next: () => Promise<void>) => Promise<unknown>;

async function run(middleware: AnyMiddleware, state: Record<string, unknown>) {
  const ctx = { state, query: { q: 'x' }, request: { body: undefined } } as never;
  let reached = false;
  await middleware(ctx, async () => {
    reached = true;
  });
  return reached;
}

test('without credentials on ctx.state the handler is never reached: 401', async () => {
  for (const mode of ['authenticated', 'signed-in'] as const) {
    const m = validate(schemas, mode as 'authenticated') as AnyMiddleware;
    await expect(run(m, {})).rejects.toMatchObject({ apiErrorCode: 'UNAUTHORIZED' });
    await expect(run(m, { tenant })).rejects.toBeInstanceOf(AppError);
  }
  const signedIn = validate(schemas, 'signed-in');
  await expect(run(signedIn, { tenant, principal })).rejects.toMatchObject({ apiErrorCode: 'UNAUTHORIZED' });
});

test('with them (and for public routes, always) the parsed input is handed on', async () => {
  expect(await run(validate(schemas, 'authenticated'), { tenant, principal })).toBe(true);
  const session = { session: {}, cookieValue: 'c' };
  expect(
    await run(validate(schemas, 'signed-in'), {
      tenant,
      principal,
      adminSession: session,
    }),
  ).toBe(true);
  expect(await run(validate(schemas), {})).toBe(true);
});
