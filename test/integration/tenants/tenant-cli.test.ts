import crypto from 'node:crypto';
import { Client } from 'pg';
import { runScript, type CliResult } from '../../helpers/cli';
import { basic, eventually, startTestGateway, uniqueAlias, type TestGateway } from '../../helpers/harness';

/**
 * The admin CLI as an operator runs it: `tsx scripts/tenant-*.ts` in a child process against the suite's
 * database, checked through its exit code and output, the gateway, and the rows it leaves behind.
 */

function runCli(
  script: 'tenant-create' | 'tenant-rotate-key' | 'tenant-set-rate-limit',
  args: string[],
): Promise<CliResult> {
  return runScript(script, args);
}

function describeRun(r: CliResult): string {
  return `exit ${r.code}${r.signal ? ` (${r.signal})` : ''}\nstdout: ${JSON.stringify(r.stdout)}\nstderr: ${JSON.stringify(r.stderr)}`;
}

/** Asserts a successful command printed exactly one line, a JSON object with exactly alias, mode and apiKey. */
function expectIssuedKey(r: CliResult, alias: string, mode: 'live' | 'test'): string {
  if (r.code !== 0) throw new Error(`expected exit 0, got ${describeRun(r)}`);
  expect(r.stderr).toBe('');
  expect(r.stdout).toMatch(/^[^\n]+\n$/);
  const issued = JSON.parse(r.stdout) as Record<string, unknown>;
  expect(Object.keys(issued).sort()).toEqual(['alias', 'apiKey', 'mode']);
  expect(issued).toEqual({
    alias,
    mode,
    apiKey: expect.stringMatching(new RegExp(`^rsk_${mode}_[A-Za-z0-9_-]{86}$`)),
  });
  return issued.apiKey as string;
}

/** Asserts the command failed with exit 1 and one `error: ...` line on stderr, no stack trace and no stdout. */
function expectOneLineError(r: CliResult, pattern: RegExp): void {
  if (r.code !== 1) throw new Error(`expected exit 1, got ${describeRun(r)}`);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/^error: [^\n]+\n$/);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.stderr).toMatch(pattern);
}

describe('tenant admin CLI (scripts/tenant-create.ts, scripts/tenant-rotate-key.ts)', () => {
  let gw: TestGateway;
  let pg: Client;

  beforeAll(async () => {
    gw = await startTestGateway();
    pg = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await pg.connect();
  });
  afterAll(async () => {
    await Promise.allSettled([gw?.close(), pg?.end()]);
  });

  const programStatus = async (alias: string, apiKey: string) =>
    (await fetch(`${gw.api(alias)}/program`, { headers: { authorization: basic(apiKey) } })).status;

  test('tenant-create prints one JSON line with a live key that authenticates; only its hash is stored', async () => {
    const alias = uniqueAlias('cli');
    const apiKey = expectIssuedKey(await runCli('tenant-create', ['--alias', alias]), alias, 'live');

    expect(await programStatus(alias, apiKey)).toBe(200);
    expect(await programStatus(alias, `${apiKey.slice(0, -1)}${apiKey.endsWith('A') ? 'B' : 'A'}`)).toBe(401);

    const { rows: keys } = await pg.query<{ key_hash: Buffer; key_prefix: string }>(
      `select k.key_hash, k.key_prefix
         from api_keys k join tenants t on t.id = k.tenant_id
        where t.alias = $1`,
      [alias],
    );
    expect(keys).toHaveLength(1);
    expect(Buffer.isBuffer(keys[0]!.key_hash)).toBe(true);
    expect(keys[0]!.key_hash).toHaveLength(32);
    expect(keys[0]!.key_hash.equals(crypto.createHash('sha256').update(apiKey, 'utf8').digest())).toBe(true);
    expect(apiKey.startsWith(keys[0]!.key_prefix)).toBe(true);
    expect(keys[0]!.key_prefix.length).toBeLessThan(apiKey.length / 4);

    // No column of any api_keys row holds the key, in any encoding.
    const { rows: all } = await pg.query<Record<string, unknown>>('select * from api_keys');
    expect(all.length).toBeGreaterThan(0);
    const secret = apiKey.slice('rsk_live_'.length);
    for (const row of all) {
      for (const [column, value] of Object.entries(row)) {
        const forms =
          value instanceof Buffer
            ? [
                value.toString('utf8'),
                value.toString('latin1'),
                value.toString('hex'),
                value.toString('base64'),
                value.toString('base64url'),
              ]
            : [value instanceof Date ? value.toISOString() : String(value)];
        for (const form of forms) {
          if (form.includes(secret)) throw new Error(`api_keys.${column} contains the API key`);
        }
      }
    }
  });

  test('an alias starting test_ makes a test-mode tenant', async () => {
    const alias = uniqueAlias('test');
    expect(alias.startsWith('test_')).toBe(true);
    const apiKey = expectIssuedKey(
      await runCli('tenant-create', ['--alias', alias, '--name', 'Sandbox program']),
      alias,
      'test',
    );
    expect(await programStatus(alias, apiKey)).toBe(200);
    const { rows } = await pg.query('select mode, name from tenants where alias = $1', [alias]);
    expect(rows).toEqual([{ mode: 'test', name: 'Sandbox program' }]);
  });

  test('a taken alias, also in another case, is exit 1 with a one-line error and no new tenant', async () => {
    const alias = uniqueAlias('dup');
    const first = expectIssuedKey(await runCli('tenant-create', ['--alias', alias]), alias, 'live');

    const [same, otherCase] = await Promise.all([
      runCli('tenant-create', ['--alias', alias]),
      runCli('tenant-create', ['--alias', alias.toUpperCase()]),
    ]);
    expectOneLineError(same, /taken/);
    expectOneLineError(otherCase, /taken/);

    const { rows } = await pg.query('select alias from tenants where lower(alias) = lower($1)', [alias]);
    expect(rows).toEqual([{ alias }]);
    expect(await programStatus(alias, first)).toBe(200);
  });

  test('an invalid or missing alias is rejected without touching the database', async () => {
    const [invalid, missing] = await Promise.all([
      runCli('tenant-create', ['--alias', 'bad alias!']),
      runCli('tenant-create', []),
    ]);
    expect(invalid.code).not.toBe(0);
    expectOneLineError(invalid, /alias/);
    expectOneLineError(missing, /usage/);
    const { rows } = await pg.query('select 1 from tenants where alias = $1', ['bad alias!']);
    expect(rows).toHaveLength(0);
  });

  test('tenant-rotate-key revokes the old key; --keep-existing keeps it for a zero-downtime switch', async () => {
    const alias = uniqueAlias('rot');
    const original = expectIssuedKey(await runCli('tenant-create', ['--alias', alias]), alias, 'live');
    expect(await programStatus(alias, original)).toBe(200);

    const rotated = expectIssuedKey(await runCli('tenant-rotate-key', ['--alias', alias]), alias, 'live');
    expect(rotated).not.toBe(original);
    expect(await programStatus(alias, original)).toBe(401);
    expect(await programStatus(alias, rotated)).toBe(200);

    const added = expectIssuedKey(
      await runCli('tenant-rotate-key', ['--alias', alias, '--keep-existing']),
      alias,
      'live',
    );
    expect(new Set([original, rotated, added]).size).toBe(3);
    expect(await programStatus(alias, rotated)).toBe(200);
    expect(await programStatus(alias, added)).toBe(200);
    expect(await programStatus(alias, original)).toBe(401);

    const { rows } = await pg.query<{ active: string; revoked: string }>(
      `select count(*) filter (where k.revoked_at is null) as active, count(*) filter (where k.revoked_at is not null) as revoked
         from api_keys k join tenants t on t.id = k.tenant_id where t.alias = $1`,
      [alias],
    );
    expect(rows).toEqual([{ active: '2', revoked: '1' }]);

    // Each command is in the tenant's audit log, by the CLI; the keys never are.
    const audit = await pg.query<{ action: string; actor_kind: string; details: Record<string, unknown> }>(
      `select a.action, a.actor_kind, a.details from audit_log a join tenants t on t.id = a.tenant_id
        where t.alias = $1 and a.actor_kind = 'cli' order by a.at`,
      [alias],
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'cli.tenant-create',
      'cli.tenant-rotate-key',
      'cli.tenant-rotate-key',
    ]);
    expect(audit.rows[2]!.details).toEqual({ alias, 'keep-existing': true });
    expect(JSON.stringify(audit.rows)).not.toContain(rotated);
  });

  test('tenant-rotate-key for an unknown alias is exit 1 with a one-line error', async () => {
    const r = await runCli('tenant-rotate-key', ['--alias', uniqueAlias('nobody')]);
    expectOneLineError(r, /No tenant with alias/);
  });
});

describe('tenant rate-limit override CLI (scripts/tenant-set-rate-limit.ts)', () => {
  let a: TestGateway;
  let b: TestGateway;
  let pg: Client;

  beforeAll(async () => {
    [a, b] = await Promise.all([startTestGateway(), startTestGateway()]);
    pg = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await pg.connect();
  });
  afterAll(async () => {
    await Promise.allSettled([a?.close(), b?.close(), pg?.end()]);
  });

  const programOn = async (gw: TestGateway, alias: string, apiKey: string) => {
    const res = await fetch(`${gw.api(alias)}/program`, { headers: { authorization: basic(apiKey) } });
    await res.arrayBuffer();
    return { status: res.status, policy: res.headers.get('ratelimit-policy') };
  };
  const storedLimit = async (alias: string) =>
    (await pg.query('select rate_limit_rps, rate_limit_burst from tenants where alias = $1', [alias])).rows;
  const defaultPolicy = () =>
    `"tenant";q=${a.deps.config.RATE_LIMIT_RPS};w=1;rs-burst=${a.deps.config.RATE_LIMIT_BURST}`;

  /** Asserts one line of JSON with exactly alias, rateLimitRps and rateLimitBurst. */
  function expectStored(r: CliResult, expected: Record<string, unknown>): void {
    if (r.code !== 0) throw new Error(`expected exit 0, got ${describeRun(r)}`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^[^\n]+\n$/);
    expect(JSON.parse(r.stdout)).toEqual(expected);
  }

  test('an override reaches two running gateways within seconds, each limiting with it; --reset restores the defaults', async () => {
    const alias = uniqueAlias('rl');
    const apiKey = expectIssuedKey(await runCli('tenant-create', ['--alias', alias]), alias, 'live');
    for (const gw of [a, b]) {
      expect(await programOn(gw, alias, apiKey)).toEqual({ status: 200, policy: defaultPolicy() });
    }

    const set = await runCli('tenant-set-rate-limit', ['--alias', alias, '--rps', '1', '--burst', '2']);
    expectStored(set, { alias, rateLimitRps: 1, rateLimitBurst: 2 });
    expect(await storedLimit(alias)).toEqual([{ rate_limit_rps: 1, rate_limit_burst: 2 }]);

    for (const gw of [a, b]) {
      await eventually('the gateway applies the new limit', async () => {
        const { policy } = await programOn(gw, alias, apiKey);
        return policy === '"tenant";q=1;w=1;rs-burst=2';
      });
      // Each gateway has its own bucket of 2 for the tenant.
      const statuses = await Promise.all(
        Array.from({ length: 6 }, () => programOn(gw, alias, apiKey).then((r) => r.status)),
      );
      expect(statuses).toContain(429);
      expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    }

    const reset = await runCli('tenant-set-rate-limit', ['--alias', alias, '--reset']);
    expectStored(reset, { alias, rateLimitRps: null, rateLimitBurst: null });
    expect(await storedLimit(alias)).toEqual([{ rate_limit_rps: null, rate_limit_burst: null }]);
    for (const gw of [a, b]) {
      await eventually('the gateway is back to the defaults', async () => {
        const r = await programOn(gw, alias, apiKey);
        return r.status === 200 && r.policy === defaultPolicy();
      });
      const statuses = await Promise.all(
        Array.from({ length: 10 }, () => programOn(gw, alias, apiKey).then((r) => r.status)),
      );
      expect(statuses).toEqual(Array(10).fill(200));
    }
  });

  test('--rps alone sets a burst of two seconds of the rate', async () => {
    const alias = uniqueAlias('rl');
    expectIssuedKey(await runCli('tenant-create', ['--alias', alias]), alias, 'live');
    const r = await runCli('tenant-set-rate-limit', ['--alias', alias, '--rps', '100']);
    expectStored(r, { alias, rateLimitRps: 100, rateLimitBurst: 200 });
    expect(await storedLimit(alias)).toEqual([{ rate_limit_rps: 100, rate_limit_burst: 200 }]);
  });

  test('bad input is exit 1 with a one-line error naming the option, and the stored limit is unchanged', async () => {
    const alias = uniqueAlias('rl');
    expectIssuedKey(await runCli('tenant-create', ['--alias', alias]), alias, 'live');
    expectStored(
      await runCli('tenant-set-rate-limit', ['--alias', alias, '--rps', '100', '--burst', '200']),
      {
        alias,
        rateLimitRps: 100,
        rateLimitBurst: 200,
      },
    );

    // Each refusal of the flags is in test/unit/tenant-rate-limit-flags.test.ts; here the command's own
    // exit code and output for one of each kind: a bad value, a usage error, an unknown tenant.
    const cases: [string[], RegExp][] = [
      [['--alias', alias, '--rps', '0'], /^error: rps: must be from 1 to 1000000$/m],
      [['--rps', '5'], /^error: usage: /m],
      [['--alias', uniqueAlias('nobody'), '--rps', '5'], /No tenant with alias/],
    ];
    const results = await Promise.all(cases.map(([args]) => runCli('tenant-set-rate-limit', args)));
    results.forEach((r, j) => expectOneLineError(r, cases[j]![1]));
    expect(await storedLimit(alias)).toEqual([{ rate_limit_rps: 100, rate_limit_burst: 200 }]);
  });
});
