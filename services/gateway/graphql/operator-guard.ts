import { defaultFieldResolver, GraphQLError, type GraphQLSchema, type ValidationRule } from 'graphql';
import { recordAudit } from '../../../shared/domain/common/audit-log';
import { AppError } from '../../../shared/errors';
import { auditWho } from '../audit-actor';
import type { Principal } from '../context';
import type { GraphQLContext } from './context';
import { uncachedTenantCache } from '../../../shared/cache/tenant-cache';

export const VIEWER_READ_ONLY = 'Viewers can read only';

/**
 * A VIEWER's document with any mutation in it is refused as a whole before anything runs: 403
 * FORBIDDEN (`refused` sets the status, which graphql-http would otherwise make 200 or 400).
 */
export function readOnlyRules(principal: Principal, refused: () => void): ValidationRule[] {
  if (principal.kind !== 'operator' || principal.role !== 'VIEWER') return [];
  const rule: ValidationRule = (context) => ({
    OperationDefinition(node) {
      if (node.operation !== 'mutation') return;
      refused();
      context.reportError(
        new GraphQLError(VIEWER_READ_ONLY, { nodes: [node], extensions: { code: 'FORBIDDEN' } }),
      );
    },
  });
  return [rule];
}

/**
 * What a mutation acted on, for the audit entry's target: an API key's prefix (never the key), an SSH
 * key's fingerprint (never a generated private key: only this member of the answer is read), an
 * operator's e-mail, or the id it names or created. Undefined when the change is the tenant's own
 * (the program, the processor connection, the SFTP switch).
 */
export function auditTarget(args: Record<string, unknown>, result: unknown): string | undefined {
  const answer = typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : {};
  const candidates = [
    answer.prefix,
    args.fingerprint,
    answer.fingerprint,
    args.email,
    answer.email,
    args.id,
    // The default program is the tenant's own, as before programs: no target.
    answer.isDefault === true ? undefined : answer.id,
    args.accountId,
    args.endpointId,
    args.eventId,
  ];
  return candidates.find((value): value is string => typeof value === 'string' && value !== '');
}

/**
 * Mutations that commit and then tell Temporal or an outside service (an import's workflow, a review's
 * lifecycle update, a webhook replay or test, the processor's key check): they run outside the audit
 * transaction, which would otherwise hold the commit until after those calls, and their entry is written
 * as soon as they succeed.
 */
const COMMIT_THEN_CALL = new Set([
  'createJob',
  'reviewReferrals',
  'replayWebhookEvent',
  'replayFailedWebhookEvents',
  'sendTestWebhook',
  'connectPaymentProcessor',
  // Stripe: our webhook endpoint is removed at Stripe before the connection goes.
  'disconnectPaymentProcessor',
  // Payouts: a run's workflow started or told; Stripe Connect's account and onboarding link.
  'requestPayoutRun',
  'approvePayoutRun',
  'cancelPayoutRun',
  'setPayoutMethod',
  // Hand actions on referrals and rewards: each commits, then updates the lifecycle.
  'cancelReferral',
  'reattributeReferral',
  'grantReward',
  'voidReward',
  'markRewardFulfilled',
  'addReferralNote',
  'bulkReferralAction',
  // Credit changed by hand: each commits, then asks for the account's discount sync.
  'adjustCredit',
  'redeemCredit',
  // A share code changed by hand: commits, then asks for the sync (a Stripe tenant's promotion code).
  'changeShareCode',
  // A test e-mail: its delivery row commits, then the mail server is called.
  'sendTestNotification',
  // An operator's one-time link: issued and committed, then mailed to them.
  'inviteOperator',
  'reissueInvitation',
  'resetOperatorAccess',
]);

/**
 * The integration's own traffic (user events, thousands a second): its rows are its record. Audited only
 * when an operator sends it from the portal.
 */
const DATA_PLANE = new Set(['logUserEvent', 'logUserEvents']);

/** A mutation that only records data (user events): not audited for keys, and nothing cached changes. */
export function isDataPlaneMutation(fieldName: string): boolean {
  return DATA_PLANE.has(fieldName);
}

/**
 * Wraps every mutation field so that each successful change is recorded in the audit log, whoever made
 * it: the field's name as action, its arguments as details (recordAudit redacts
 * secrets), the principal (an operator, an API key by its prefix, a user token by its user id) and the
 * client's address and user agent. The resolver runs in a transaction that the entry is written in, so
 * a change and its entry commit together or not at all (nested transactions become savepoints); see
 * COMMIT_THEN_CALL for the exceptions. A VIEWER is refused here too, should a document slip past
 * readOnlyRules.
 */
export function auditMutations(schema: GraphQLSchema): GraphQLSchema {
  const mutation = schema.getMutationType();
  if (!mutation) return schema;
  for (const field of Object.values(mutation.getFields())) {
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = async (source, args: Record<string, unknown>, ctx: GraphQLContext, info) => {
      const { principal } = ctx;
      if (principal.kind === 'operator' && principal.role === 'VIEWER') {
        throw new AppError('FORBIDDEN', VIEWER_READ_ONLY);
      }
      if (principal.kind !== 'operator' && DATA_PLANE.has(info.fieldName)) {
        return resolve(source, args, ctx, info);
      }
      const entry = (result: unknown) => ({
        tenantId: ctx.tenant.id,
        ...auditWho(principal),
        action: info.fieldName,
        target: auditTarget(args, result),
        details: args,
        client: ctx.client,
      });
      if (COMMIT_THEN_CALL.has(info.fieldName)) {
        const result: unknown = await resolve(source, args, ctx, info);
        await recordAudit(ctx.deps.db, entry(result));
        return result;
      }
      return ctx.deps.db.transaction(async (trx) => {
        // Everything the resolver reads, cache misses included, goes through the transaction's connection.
        const inTrx: GraphQLContext = {
          ...ctx,
          deps: { ...ctx.deps, db: trx, cache: uncachedTenantCache(trx) },
        };
        const result: unknown = await resolve(source, args, inTrx, info);
        await recordAudit(trx, entry(result));
        return result;
      });
    };
  }
  return schema;
}
