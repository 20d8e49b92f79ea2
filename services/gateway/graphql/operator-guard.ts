import { defaultFieldResolver, GraphQLError, type GraphQLSchema, type ValidationRule } from 'graphql';
import { recordAudit } from '../../../shared/domain/audit-log';
import { AppError } from '../../../shared/errors';
import type { Principal } from '../context';
import type { GraphQLContext } from './context';

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
    answer.id,
    args.endpointId,
    args.eventId,
  ];
  return candidates.find((value): value is string => typeof value === 'string' && value !== '');
}

/**
 * Wraps every mutation field so that, for an operator signed in to the portal, a VIEWER is refused
 * (again, should a document slip past readOnlyRules) and each successful change is recorded in the
 * audit log: the field's name as action, its arguments as details (recordAudit redacts secrets).
 * Other principals run the resolvers unchanged.
 */
export function auditOperatorMutations(schema: GraphQLSchema): GraphQLSchema {
  const mutation = schema.getMutationType();
  if (!mutation) return schema;
  for (const field of Object.values(mutation.getFields())) {
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = async (source, args: Record<string, unknown>, ctx: GraphQLContext, info) => {
      const { principal } = ctx;
      if (principal.kind !== 'operator') return resolve(source, args, ctx, info);
      if (principal.role === 'VIEWER') throw new AppError('FORBIDDEN', VIEWER_READ_ONLY);
      const result: unknown = await resolve(source, args, ctx, info);
      await recordAudit(ctx.deps.db, {
        tenantId: ctx.tenant.id,
        operator: { id: principal.operatorId, email: principal.email },
        action: info.fieldName,
        target: auditTarget(args, result),
        details: args,
      });
      return result;
    };
  }
  return schema;
}
