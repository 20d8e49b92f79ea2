import type { AuditClient } from '../../../shared/domain/common/audit-log';
import type { Logger } from '../../../shared/logger';
import type { AuthenticatedTenant, GatewayDeps, Principal } from '../context';

/** What every resolver receives: the authenticated tenant and principal, and the gateway's dependencies. */
export type GraphQLContext = {
  deps: GatewayDeps;
  tenant: AuthenticatedTenant;
  principal: Principal;
  requestId: string;
  log: Logger;
  /** The client's address and user agent, for audit entries. */
  client: AuditClient;
};
