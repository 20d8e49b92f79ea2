import type { Db } from '../../db/knex';
import { recordAudit, type AuditClient } from '../common/audit-log';

/**
 * Records that an API key was used from this client address. The first time anywhere (the row's primary
 * key decides across gateways), an `apiKey.new_address` entry goes to the tenant's audit log in the same
 * transaction: a key copied to somewhere new shows up there. Answers whether the address was new.
 */
export async function noteApiKeyAddress(
  db: Db,
  input: { tenantId: string; keyId: string; prefix: string; client: AuditClient & { address: string } },
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const inserted = await trx('api_key_addresses')
      .insert({ key_id: input.keyId, address: input.client.address })
      .onConflict(['key_id', 'address'])
      .ignore()
      .returning('key_id');
    if (inserted.length === 0) return false;
    await recordAudit(trx, {
      tenantId: input.tenantId,
      operator: null,
      actor: { kind: 'apiKey', label: input.prefix },
      action: 'apiKey.new_address',
      target: input.prefix,
      details: { address: input.client.address },
      client: input.client,
    });
    return true;
  });
}
