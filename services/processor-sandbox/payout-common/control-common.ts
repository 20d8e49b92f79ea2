import { z } from 'zod';
import type { AnswerFaults } from './answer-faults';
import {
  AnswerError,
  type JsonAnswer,
  type JsonRequest,
  type JsonRoute,
  type StandInCall,
} from './json-server';
import type { PaymentLedger } from './payment-ledger';
import type { WebhookOutbox } from './webhook-outbox';

/*
 * What every payout stand-in's control API (/_sandbox) has: its calls, the payments per idempotency key,
 * its webhook deliveries, and the fault knob (the next paying requests answered late or dropped).
 */

/** A control request's JSON body, read with its schema (400 with zod's words when it does not fit). */
export function parseControl<T>(schema: z.ZodType<T>, request: JsonRequest): T {
  const result = schema.safeParse(request.json ?? {});
  if (!result.success) throw new AnswerError(400, { error: z.prettifyError(result.error) });
  return result.data;
}

export const ok = (body: unknown): JsonAnswer => ({ status: 200, body });

const faultSchema = z.strictObject({
  mode: z.enum(['late', 'drop']),
  count: z.number().int().min(1).max(100).default(1),
  delayMs: z.number().int().min(0).max(120_000).default(5_000),
});

export function commonControlRoutes(
  state: { ledger: PaymentLedger; outbox: WebhookOutbox; faults: AnswerFaults },
  calls: () => StandInCall[],
): JsonRoute[] {
  return [
    { method: 'GET', path: /^\/_sandbox\/calls$/, handle: () => ok(calls()) },
    {
      method: 'GET',
      path: /^\/_sandbox\/payments$/,
      handle: (r) =>
        ok({
          payments: state.ledger.list(r.query.get('key') ?? undefined),
          counts: state.ledger.countsByKey(),
        }),
    },
    { method: 'GET', path: /^\/_sandbox\/deliveries$/, handle: () => ok(state.outbox.list()) },
    {
      method: 'POST',
      path: /^\/_sandbox\/faults$/,
      handle(r) {
        const input = parseControl(faultSchema, r);
        state.faults.arm(input.mode, input.count, input.delayMs);
        return ok({ armed: state.faults.armed() });
      },
    },
  ];
}
