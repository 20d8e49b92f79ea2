import type { AuditInput } from '../../shared/domain/common/audit-log';
import type { Principal } from './context';

/**
 * Who an audit entry names for a gateway principal: an operator by id and e-mail, an API key by its
 * prefix (never the key), a user token by its user id.
 */
export function auditWho(principal: Principal): Pick<AuditInput, 'operator' | 'actor'> {
  if (principal.kind === 'operator') {
    return { operator: { id: principal.operatorId, email: principal.email } };
  }
  if (principal.kind === 'apiKey')
    return { operator: null, actor: { kind: 'apiKey', label: principal.prefix } };
  return { operator: null, actor: { kind: 'user', label: principal.userId } };
}
