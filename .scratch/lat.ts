import crypto from 'node:crypto';
import { createDb } from '../shared/db/knex';
import { STORE_EVENTS_SQL } from '../shared/repos/user-events-store';
import { IDEMPOTENCY_RETENTION_MS } from '../shared/idempotency';
import { startBenchEnvironment } from '../bench/support';
(async () => {
  const env = await startBenchEnvironment({});
  const json = { authorization: env.auth, 'content-type': 'application/json' };
  const root = `${env.apiUrl}/open/account/a1/user/u1`;
  await fetch(root, { method: 'PUT', headers: json, body: JSON.stringify({ firstName: 'A' }) });
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    const r = await fetch(`${root}/events`, { method: 'POST', headers: json, body: JSON.stringify({ accountId: 'a1', userId: 'u1', idempotencyKey: crypto.randomUUID(), events: [{ key: 'k', fields: { revenue: 1 } }] }) });
    await r.text();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log('sequential POST events ms p50', times[150]!.toFixed(2), 'p99', times[297]!.toFixed(2));
  const t2: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    const r = await fetch(`${env.apiUrl}/code/XXXX`, { headers: json });
    await r.text();
    t2.push(performance.now() - t);
  }
  t2.sort((a, b) => a - b);
  console.log('sequential GET code ms p50', t2[150]!.toFixed(2));
  const db = createDb({ url: env.databaseUrl, poolMax: 1 });
  const tid = (await db('tenants').first('id')).id;
  const input = [{ req: 0, tenant_id: tid, key: crypto.randomUUID(), received_at: new Date().toISOString(), events: [{ id: crypto.randomUUID(), account_id: 'a1', user_id: 'u1', event_key: 'k', fields: {}, triggered_ms: Date.now() }] }];
  const { rows } = await db.raw(`explain (analyze, timing off, summary on) ${STORE_EVENTS_SQL}`, [JSON.stringify(input), IDEMPOTENCY_RETENTION_MS]);
  console.log(rows.filter((r: any) => /Planning|Execution|Seq Scan/.test(r['QUERY PLAN'])).map((r: any) => r['QUERY PLAN']).join('\n'));
  await db.destroy();
  await env.stop();
  process.exit(0);
})();
