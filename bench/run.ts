import autocannon from 'autocannon';
import { describeMachine, runBench, startBenchEnvironment } from './support';

/**
 * Gateway throughput: a gateway in its own process (bench/support.ts), then autocannon per scenario and a
 * table. BENCH_DURATION (s) and BENCH_CONNECTIONS tune it; the code lookup runs at
 * BENCH_CODE_CONNECTIONS (100, the connection count the target is set at) after a warm-up of BENCH_WARMUP seconds.
 */
runBench(async () => {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const codeConnections = Number(process.env.BENCH_CODE_CONNECTIONS ?? 100);
  const warmup = Number(process.env.BENCH_WARMUP ?? 2);
  const env = await startBenchEnvironment();
  const rows: string[] = [];
  try {
    const { baseUrl: base, apiUrl: api, auth } = env;
    const json = { authorization: auth, 'content-type': 'application/json' };
    const referrer = await fetch(`${api}/open/account/bench-referrer/user/bench-referrer`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ firstName: 'Bench', lastName: 'Referrer' }),
    });
    if (!referrer.ok) throw new Error(`identifying the referrer failed: ${referrer.status}`);
    const { shareCode } = (await referrer.json()) as { shareCode: string };

    const scenarios = [
      { name: 'GET /healthz (no auth, no I/O)', url: `${base}/healthz` },
      {
        name: 'GET /program (cached auth + 1 PostgreSQL read)',
        url: `${api}/program`,
        headers: { authorization: auth },
      },
      {
        name: 'POST /graphql { tenant { alias mode } }',
        url: `${api}/graphql`,
        method: 'POST' as const,
        headers: json,
        body: JSON.stringify({ query: '{ tenant { alias mode } }' }),
      },
      { name: 'GET /readyz (PostgreSQL + Temporal round trips)', url: `${base}/readyz` },
      {
        name: `GET /code/{code} (warm, ${codeConnections} connections)`,
        url: `${api}/code/${shareCode}`,
        headers: { authorization: auth },
        connections: codeConnections,
        warmup: true,
      },
    ];
    for (const { warmup: warm, ...s } of scenarios) {
      const options = { connections, ...s };
      if (warm && warmup > 0) await autocannon({ ...options, duration: warmup });
      const r = await autocannon({ ...options, duration });
      rows.push(
        `| ${s.name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} |`,
      );
    }
  } finally {
    await env.stop();
  }

  const header = [
    describeMachine(),
    `autocannon: ${connections} connections unless the scenario says otherwise, ${duration} s per scenario, load generator and gateway on the same machine`,
    '',
    '| scenario | req/s (mean) | p50 ms | p99 ms | non-2xx + errors |',
    '|---|---|---|---|---|',
  ];
  process.stdout.write(`${[...header, ...rows].join('\n')}\n`);
});
