import autocannon from 'autocannon';
import { startBenchEnvironment } from './support';
import { sampleCpu, cpuPercent } from './measure';
(async () => {
  const env = await startBenchEnvironment();
  const r = await fetch(`${env.baseUrl}${new URL(env.apiUrl).pathname}/open/account/a1/user/u1`, { method: 'PUT', headers: { authorization: env.auth, 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'Bench', lastName: 'One' }) });
  const code = ((await r.json()) as any).shareCode;
  const groups = { gw: { root: env.pids.gateway } } as any;
  const run = async (url: string, d = 4) => {
    const b = sampleCpu(groups);
    const r = await autocannon({ url, connections: 64, duration: d, headers: { authorization: env.auth } } as any);
    const u = cpuPercent(b, sampleCpu(groups));
    console.log(`  ${url.slice(-20)} ${Math.round(r.requests.average)}/s gateway ${Math.round(u.gw!)} % of a core, ${(u.gw! * 1e4 / r.requests.average).toFixed(1)} µs CPU/req, machine ${Math.round(u.machine)} %`);
    return r.requests.average;
  };
  await run(`${env.baseUrl}/healthz`, 2); await run(`${env.apiUrl}/code/${code}`, 2);
  const ratios: number[] = [];
  for (let i = 0; i < 3; i++) {
    const h = await run(`${env.baseUrl}/healthz`);
    const c = await run(`${env.apiUrl}/code/${code}`);
    ratios.push(c / h);
    console.log(`healthz ${Math.round(h)} code ${Math.round(c)} ratio ${(c / h).toFixed(3)}`);
  }
  console.log('median', ratios.sort()[1]!.toFixed(3));
  await env.stop();
})();
