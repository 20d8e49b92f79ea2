import type { Middleware } from 'koa';
import type { z } from 'zod';
import { parseInput } from '../../../shared/validation';
import type { GatewayState } from '../context';

export interface Validated<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

/** Validates params, query and body with zod before the handler runs; the parsed values land on ctx.state.input. */
export function validate<
  P extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  B extends z.ZodType = z.ZodUnknown,
>(schemas: {
  params?: P;
  query?: Q;
  body?: B;
}): Middleware<GatewayState & { input: Validated<z.output<P>, z.output<Q>, z.output<B>> }> {
  return async (ctx, next) => {
    const raw = ctx as unknown as { params?: Record<string, string> };
    ctx.state.input = {
      params: schemas.params ? parseInput(schemas.params, raw.params ?? {}) : raw.params,
      query: schemas.query ? parseInput(schemas.query, ctx.query) : ctx.query,
      body: schemas.body ? parseInput(schemas.body, ctx.request.body) : ctx.request.body,
    } as Validated<z.output<P>, z.output<Q>, z.output<B>>;
    await next();
  };
}
