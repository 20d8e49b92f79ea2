import type { Middleware } from 'koa';
import type { z } from 'zod';
import { parseInput } from '../../../shared/validation';
import { AppError } from '../../../shared/errors';
import type { Authenticated, GatewayState, SignedIn } from '../context';

export interface Validated<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

type Input<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  input: Validated<z.output<P>, z.output<Q>, z.output<B>>;
};

/**
 * Validates params, query and body with zod before the handler runs; the parsed values land on
 * ctx.state.input. Behind authenticate(), pass 'authenticated' as well: the handler then sees
 * ctx.state.tenant and ctx.state.principal as present (checked here once more, so a route that lost its
 * authenticate() fails closed with 401); behind the portal's operatorSession(), 'signed-in' (the
 * session too).
 */
export function validate<
  P extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  B extends z.ZodType = z.ZodUnknown,
>(schemas: { params?: P; query?: Q; body?: B }): Middleware<GatewayState & Input<P, Q, B>>;
export function validate<
  P extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  B extends z.ZodType = z.ZodUnknown,
>(
  schemas: { params?: P; query?: Q; body?: B },
  authenticated: 'authenticated',
): Middleware<GatewayState & Authenticated & Input<P, Q, B>>;
export function validate<
  P extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  B extends z.ZodType = z.ZodUnknown,
>(
  schemas: { params?: P; query?: Q; body?: B },
  signedIn: 'signed-in',
): Middleware<GatewayState & SignedIn & Input<P, Q, B>>;
export function validate(
  schemas: { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType },
  auth?: 'authenticated' | 'signed-in',
): Middleware<GatewayState & { input: Validated<unknown, unknown, unknown> }> {
  return async (ctx, next) => {
    const { tenant, principal, adminSession } = ctx.state;
    if (auth && (!tenant || !principal || (auth === 'signed-in' && !adminSession))) {
      throw new AppError('UNAUTHORIZED', 'Missing or invalid credentials');
    }
    const raw = ctx as unknown as { params?: Record<string, string> };
    ctx.state.input = {
      params: schemas.params ? parseInput(schemas.params, raw.params ?? {}) : raw.params,
      query: schemas.query ? parseInput(schemas.query, ctx.query) : ctx.query,
      body: schemas.body ? parseInput(schemas.body, ctx.request.body) : ctx.request.body,
    };
    await next();
  };
}
