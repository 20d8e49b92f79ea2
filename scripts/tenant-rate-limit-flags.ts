/**
 * The flags of `npm run tenant:set-rate-limit` (scripts/tenant-set-rate-limit.ts) read into the override
 * they ask for: apart from the command, so test/unit/tenant-rate-limit-flags.test.ts checks each refusal.
 */
import { z } from 'zod';
import {
  MAX_RATE_LIMIT_BURST,
  MAX_RATE_LIMIT_RPS,
  type RateLimitOverride,
} from '../shared/domain/tenants/tenant-rate-limits';
import { tenantAliasSchema } from '../shared/ids';

const USAGE =
  'usage: npm run tenant:set-rate-limit -- --alias <alias> (--rps <requests per second> [--burst <requests>] | --reset)';

const wholeNumber = (max: number) =>
  z
    .string({ error: 'needs a value' })
    .regex(/^\d+$/, `must be a whole number from 1 to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(1, `must be from 1 to ${max}`).max(max, `must be from 1 to ${max}`));

const flagsSchema = z
  .strictObject(
    {
      alias: z.string({ error: 'needs a value' }).pipe(tenantAliasSchema),
      rps: wholeNumber(MAX_RATE_LIMIT_RPS).optional(),
      burst: wholeNumber(MAX_RATE_LIMIT_BURST).optional(),
      reset: z.literal(true, { error: 'takes no value' }).optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `unknown option --${issue.keys.join(', --')}` : undefined,
    },
  )
  .superRefine((flags, ctx) => {
    if (flags.reset && (flags.rps !== undefined || flags.burst !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['reset'], message: 'cannot be combined with --rps or --burst' });
    }
    if (!flags.reset && flags.rps === undefined && flags.burst !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['burst'], message: 'needs --rps too' });
    }
  });

/** The override the flags ask for; null clears it. Without --burst, the bucket holds 2 seconds of the rate. */
export function overrideFromFlags(flags: Record<string, string | true>): {
  alias: string;
  override: RateLimitOverride | null;
} {
  const asksForSomething = ['rps', 'burst', 'reset'].some((name) => flags[name] !== undefined);
  if (flags.alias === undefined || !asksForSomething) throw new Error(USAGE);
  const { alias, rps, burst, reset } = flagsSchema.parse(flags);
  if (reset || rps === undefined) return { alias, override: null };
  return { alias, override: { rps, burst: burst ?? Math.min(2 * rps, MAX_RATE_LIMIT_BURST) } };
}
