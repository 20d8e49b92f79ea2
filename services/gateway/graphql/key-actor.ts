import type { KeyActor } from '../../../shared/domain/tenants/api-key-scopes';
import { AppError } from '../../../shared/errors';
import type { GraphQLContext } from './context';

/** The GraphQL principal as team and key rules see it (a user JWT never manages either). */
export function keyActorOf(ctx: GraphQLContext): KeyActor {
  const { principal } = ctx;
  if (principal.kind === 'operator')
    return { kind: 'operator', role: principal.role, email: principal.email };
  if (principal.kind === 'apiKey')
    return { kind: 'apiKey', scopes: principal.scopes, prefix: principal.prefix };
  throw new AppError('FORBIDDEN', 'A user token cannot change keys or the team');
}
