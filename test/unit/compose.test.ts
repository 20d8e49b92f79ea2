/**
 * Static checks of the container deployment (docker-compose.yml, Dockerfile, deploy/) against
 * shared/config.ts: no Docker engine is needed, the files are parsed and cross-checked.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig, type ConfigVariable } from '../../shared/config';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string): string => fs.readFileSync(path.join(ROOT, file), 'utf8');

const APP_SERVICES = ['gateway', 'worker', 'sftp'] as const;
type AppService = (typeof APP_SERVICES)[number];

interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Record<string, unknown> | string[];
  ports?: unknown[];
  volumes?: unknown[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  stop_grace_period?: string;
  container_name?: string;
}

interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/**
 * Compose variable interpolation as `docker compose` applies it with no `.env` file and nothing
 * exported: `$$`, `$VAR`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`, `${VAR?error}`.
 */
function interpolate(value: string, vars: Record<string, string | undefined> = {}): string {
  return value.replace(
    /\$\$|\$\{([^}]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, braced?: string, bare?: string) => {
      if (match === '$$') return '$';
      if (bare !== undefined) return vars[bare] ?? '';
      const parts = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])(.*))?$/s.exec(braced ?? '');
      if (!parts) throw new Error(`Unsupported interpolation ${match} in "${value}"`);
      const [, name, operator, argument = ''] = parts;
      const current = vars[name];
      switch (operator) {
        case undefined:
          return current ?? '';
        case ':-':
          return current ? current : argument;
        case '-':
          return current ?? argument;
        default:
          if (operator === ':?' ? !current : current === undefined) {
            throw new Error(`${match} requires ${name} to be set`);
          }
          return current as string;
      }
    },
  );
}

function interpolateAll<T>(node: T): T {
  if (typeof node === 'string') return interpolate(node) as T;
  if (Array.isArray(node)) return node.map((item: unknown) => interpolateAll(item)) as T;
  if (node !== null && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, interpolateAll(value)])) as T;
  }
  return node;
}

const compose = interpolateAll(parse(read('docker-compose.yml'), { merge: true }) as ComposeFile);
const services = compose.services ?? {};
const service = (name: string): ComposeService => {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
};

/** A service's environment in either the map or the `- KEY=value` list form; a bare `- KEY` is unset. */
function environmentOf(name: string): Record<string, string | undefined> {
  const environment = service(name).environment;
  if (environment === undefined) return {};
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment.map((entry) => {
        const text = String(entry);
        const eq = text.indexOf('=');
        return eq === -1 ? [text, undefined] : [text.slice(0, eq), text.slice(eq + 1)];
      }),
    );
  }
  return Object.fromEntries(
    Object.entries(environment).map(([key, value]) => [
      key,
      value === null || value === undefined ? undefined : String(value),
    ]),
  );
}

/** Raw environment values, to check their YAML types (compose rejects booleans). */
function rawEnvironmentValues(name: string): unknown[] {
  const environment = service(name).environment;
  if (environment === undefined || Array.isArray(environment)) return [];
  return Object.values(environment);
}

interface PortMapping {
  hostIp?: string;
  published?: string;
  target: number;
}

/** Short (`[ip:][host:]container[/proto]`) and long (`{ target, published, host_ip }`) port syntax. */
function portsOf(name: string): PortMapping[] {
  return (service(name).ports ?? []).map((entry) => {
    if (entry !== null && typeof entry === 'object') {
      const long = entry as { target: number | string; published?: number | string; host_ip?: string };
      return {
        target: Number(long.target),
        published: long.published === undefined ? undefined : String(long.published),
        hostIp: long.host_ip,
      };
    }
    const parts = String(entry).split('/')[0].split(':');
    const target = Number(parts.pop());
    const published = parts.pop();
    return { target, published, hostIp: parts.length > 0 ? parts.join(':') : undefined };
  });
}

function dependencies(name: string): Record<string, string | undefined> {
  const dependsOn = service(name).depends_on ?? {};
  if (Array.isArray(dependsOn)) return Object.fromEntries(dependsOn.map((dep) => [dep, 'service_started']));
  return Object.fromEntries(
    Object.entries(dependsOn).map(([dep, spec]) => [dep, spec?.condition ?? 'service_started']),
  );
}

const tokens = (command: string | string[] | undefined): string[] =>
  command === undefined ? [] : Array.isArray(command) ? command.map(String) : command.trim().split(/\s+/);

/** Go/compose duration ("30s", "1m30s", "500ms") in milliseconds. */
function durationMs(duration: string): number {
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(ns|us|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== duration) {
    throw new Error(`Not a duration: "${duration}"`);
  }
  return parts.reduce((total, [, amount, unit]) => total + Number(amount) * units[unit], 0);
}

const variableNames = Object.keys(CONFIG_VARIABLES) as ConfigVariable[];
const usedBy = (name: ConfigVariable, svc: AppService): boolean =>
  (CONFIG_VARIABLES[name].usedBy as readonly string[]).includes(svc);
const requiredFor = (svc: AppService): ConfigVariable[] =>
  variableNames.filter(
    (name) =>
      (CONFIG_VARIABLES[name] as { requiredInDeployment?: boolean }).requiredInDeployment === true &&
      usedBy(name, svc),
  );

const packageJson = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('docker-compose.yml', () => {
  test.each(['postgres', 'temporal', 'temporal-ui', 'gateway', 'worker', 'sftp'])(
    'defines the %s service',
    (name) => {
      expect(services).toHaveProperty([name]);
    },
  );

  describe.each(APP_SERVICES)('%s', (svc) => {
    const env = () => environmentOf(svc);

    test('is built from the Dockerfile and runs its built code with node itself (start:<svc>:prod)', () => {
      const build = service(svc).build;
      expect(typeof build === 'string' ? build : build?.context).toBe('.');
      // The npm script's command, not `npm run` (npm does not pass SIGTERM on to node, so a stopped
      // container would be killed after its grace period instead of draining).
      expect(packageJson.scripts[`start:${svc}:prod`]).toMatch(/^node .*dist\//);
      expect(tokens(service(svc).command)).toEqual(tokens(packageJson.scripts[`start:${svc}:prod`]));
    });

    test.each(requiredFor(svc))('sets %s (required in deployment)', (name) => {
      expect(env()[name]).toEqual(expect.stringMatching(/\S/));
    });

    test('sets NODE_ENV=production', () => {
      expect(env().NODE_ENV).toBe('production');
    });

    test('sets only variables from CONFIG_VARIABLES that this service reads', () => {
      const unknown = Object.keys(env()).filter(
        (name) => !Object.hasOwn(CONFIG_VARIABLES, name) || !usedBy(name as ConfigVariable, svc),
      );
      expect(unknown).toEqual([]);
    });

    test('uses strings or numbers for environment values (compose rejects booleans)', () => {
      for (const value of rawEnvironmentValues(svc)) {
        expect(['string', 'number']).toContain(typeof value);
      }
    });

    test('has an environment that loadConfig accepts', () => {
      const config = loadConfig(env());
      expect(config.databaseUrlExplicit).toBe(true);
      expect(config.temporalAddressExplicit).toBe(true);
    });

    test('connects DATABASE_URL to the postgres service as the role deploy/postgres/init-roles.sh creates', () => {
      const url = new URL(loadConfig(env()).databaseUrl);
      expect(url.protocol).toMatch(/^postgres(ql)?:$/);
      expect(services).toHaveProperty([url.hostname]);
      expect(url.hostname).toBe('postgres');
      expect(['', '5432']).toContain(url.port);
      expect(decodeURIComponent(url.password)).toBe(environmentOf('postgres').APP_DB_PASSWORD);
      const initScript = read('deploy/postgres/init-roles.sh');
      const role = decodeURIComponent(url.username);
      const database = decodeURIComponent(url.pathname.slice(1));
      expect(initScript).toContain(`CREATE ROLE ${role} LOGIN`);
      expect(initScript).toContain(`CREATE DATABASE ${database} OWNER ${role}`);
    });

    test('connects TEMPORAL_ADDRESS to the temporal service frontend', () => {
      const [host, port] = loadConfig(env()).temporalAddress.split(':');
      expect(host).toBe('temporal');
      expect(services).toHaveProperty([host]);
      expect(port).toBe('7233');
    });

    test('uses the namespace that the temporal-namespace job registers', () => {
      expect(environmentOf('temporal-namespace').NAMESPACE).toBe(loadConfig(env()).TEMPORAL_NAMESPACE);
    });

    test('starts after postgres is healthy and the Temporal namespace exists', () => {
      expect(dependencies(svc)).toMatchObject({
        postgres: 'service_healthy',
        'temporal-namespace': 'service_completed_successfully',
      });
    });

    test('gets more time to stop than SHUTDOWN_GRACE_MS before SIGKILL', () => {
      const grace = service(svc).stop_grace_period;
      expect(grace).toBeDefined();
      expect(durationMs(grace as string)).toBeGreaterThan(loadConfig(env()).SHUTDOWN_GRACE_MS);
    });

    test('health-checks its own port (/healthz; the gateway: its probe listener; SFTP: a TCP connect)', () => {
      const config = loadConfig(env());
      const port = { gateway: config.HEALTH_PORT, worker: config.WORKER_HTTP_PORT, sftp: config.SFTP_PORT }[
        svc
      ];
      expect(port).toBeDefined();
      const check = tokens(service(svc).healthcheck?.test).join(' ');
      expect(check).toContain(svc === 'sftp' ? `connect(${port}, '127.0.0.1')` : `:${port}/healthz`);
    });
  });

  test('gateway publishes its PORT on the host', () => {
    const { PORT } = loadConfig(environmentOf('gateway'));
    const mapping = portsOf('gateway').find((p) => p.target === PORT);
    expect(mapping?.published).toEqual(expect.stringMatching(/^\d+$/));
  });

  test('gateway PUBLIC_URL is an absolute http(s) URL (used in share links)', () => {
    expect(environmentOf('gateway').PUBLIC_URL).toMatch(/^https?:\/\/[^/\s]+/);
  });

  test('sftp publishes SFTP_PORT, shares the files volume and keeps its host key in a volume of its own', () => {
    const config = loadConfig(environmentOf('sftp'));
    expect(portsOf('sftp')).toContainEqual(
      expect.objectContaining({ published: String(config.SFTP_PORT), target: config.SFTP_PORT }),
    );
    const mounts = (service('sftp').volumes ?? []).map(String);
    const files = (service('worker').volumes ?? []).map(String).find((v) => v.endsWith(':/app/.data/files'));
    expect(mounts).toContain(files);
    expect(config.fileStorageDir).toBe('/app/.data/files');
    const keyMount = mounts.find((v) => config.SFTP_HOST_KEY_PATH?.startsWith(`${v.split(':')[1]}/`));
    expect(keyMount).toBeDefined();
    expect(compose.volumes).toHaveProperty([keyMount!.split(':')[0]]);
    // The gateway migrates the tables the SFTP server reads.
    expect(dependencies('sftp')).toMatchObject({ gateway: 'service_healthy' });
  });

  test('worker can be scaled (no container_name, no fixed host port)', () => {
    expect(service('worker').container_name).toBeUndefined();
    expect(portsOf('worker').filter((p) => p.published !== undefined)).toEqual([]);
  });

  test('Temporal server persists to PostgreSQL on the postgres service', () => {
    const temporal = environmentOf('temporal');
    expect(service('temporal').image).toMatch(/^temporalio\/server:/);
    expect(['postgres12', 'postgres12_pgx']).toContain(temporal.DB);
    expect(temporal.POSTGRES_SEEDS).toBe('postgres');
    expect(temporal.POSTGRES_PWD).toBe(environmentOf('postgres').TEMPORAL_DB_PASSWORD);
    expect(read('deploy/postgres/init-roles.sh')).toContain(
      `CREATE ROLE ${temporal.POSTGRES_USER} LOGIN CREATEDB`,
    );
    expect(dependencies('temporal')).toMatchObject({
      postgres: 'service_healthy',
      'temporal-schema': 'service_completed_successfully',
    });
  });

  test('temporal-schema sets up the same databases, as the same role, with the server version', () => {
    const schema = environmentOf('temporal-schema');
    const temporal = environmentOf('temporal');
    for (const key of ['POSTGRES_SEEDS', 'DB_PORT', 'POSTGRES_USER', 'DBNAME', 'VISIBILITY_DBNAME']) {
      expect([key, schema[key]]).toEqual([key, temporal[key]]);
    }
    expect(schema.SQL_PASSWORD).toBe(temporal.POSTGRES_PWD);
    const version = (image?: string) => image?.split(':')[1];
    expect(service('temporal-schema').image).toMatch(/^temporalio\/admin-tools:/);
    expect(version(service('temporal-schema').image)).toBe(version(service('temporal').image));
    expect(version(service('temporal-namespace').image)).toBe(version(service('temporal').image));
  });

  test('Temporal dynamic config file is mounted into the server', () => {
    const file =
      environmentOf('temporal').DYNAMIC_CONFIG_FILE_PATH ?? '/etc/temporal/config/dynamicconfig/docker.yaml';
    const mounts = (service('temporal').volumes ?? []).map((v) => String(v).split(':'));
    const mount = mounts.find(([, target]) => file.startsWith(`${target}/`));
    expect(mount).toBeDefined();
    const [source, target] = mount as string[];
    expect(fs.existsSync(path.join(ROOT, source, path.relative(target, file)))).toBe(true);
  });

  test('every bind-mounted host path exists', () => {
    const sources = Object.values(services)
      .flatMap((s) => s.volumes ?? [])
      .map((v) => (typeof v === 'string' ? v.split(':')[0] : String((v as { source?: string }).source ?? '')))
      .filter((source) => source.startsWith('./'));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect([source, fs.existsSync(path.join(ROOT, source))]).toEqual([source, true]);
    }
  });

  test('one-shot admin-tools jobs run scripts that are mounted into them', () => {
    for (const name of ['temporal-schema', 'temporal-namespace']) {
      const script = tokens(service(name).entrypoint).find((t) => t.endsWith('.sh'));
      const mounts = (service(name).volumes ?? []).map((v) => String(v).split(':'));
      expect([name, mounts.some(([, target]) => target === script)]).toEqual([name, true]);
    }
  });

  test('Temporal UI is published on host port 8233 and talks to the temporal service', () => {
    expect(portsOf('temporal-ui')).toContainEqual(
      expect.objectContaining({ published: '8233', target: 8080 }),
    );
    expect(environmentOf('temporal-ui').TEMPORAL_ADDRESS).toBe('temporal:7233');
  });

  test('postgres keeps its data in a named volume and has a healthcheck', () => {
    const data = (service('postgres').volumes ?? [])
      .map(String)
      .find((v) => v.endsWith(':/var/lib/postgresql/data'));
    expect(data).toBeDefined();
    expect(compose.volumes).toHaveProperty([(data as string).split(':')[0]]);
    expect(service('postgres').healthcheck?.test).toBeDefined();
  });

  test('images are pinned to a version tag', () => {
    const images = Object.entries(services).filter(([, s]) => s.image !== undefined);
    expect(images.length).toBeGreaterThan(0);
    for (const [name, s] of images) {
      const tag = (s.image as string).split(':')[1];
      expect([name, tag]).toEqual([name, expect.stringMatching(/^\d[\w.-]*$/)]);
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const args = Object.fromEntries(
    instructions.flatMap((line) => {
      const m = /^ARG\s+(\w+)=(\S+)/.exec(line);
      return m ? [[m[1], m[2]]] : [];
    }),
  );

  test('builds on Debian bookworm (glibc, for the Temporal native core)', () => {
    const bases = instructions
      .filter((line) => line.startsWith('FROM '))
      .map((line) => line.split(/\s+/)[1].replace(/^\$\{(\w+)\}$/, (_m, name: string) => args[name]));
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toMatch(/^node:24[\w.-]*-bookworm-slim$/);
  });

  test('runs as the node user with NODE_ENV=production and starts the gateway by default', () => {
    expect(instructions.filter((line) => line.startsWith('USER ')).pop()).toBe('USER node');
    expect(dockerfile).toMatch(/ENV\s+NODE_ENV=production/);
    // Exec form running node itself (the npm script's command): the stop signal reaches the gateway.
    const cmd = instructions.filter((line) => line.startsWith('CMD ')).pop()!;
    expect(JSON.parse(cmd.slice('CMD '.length))).toEqual(tokens(packageJson.scripts['start:gateway:prod']));
  });

  test('builds dist/ in one stage and runs it with production dependencies only', () => {
    const stage = (name: string) =>
      dockerfile.split(/^FROM /m).find((part) => new RegExp(`AS ${name}\\b`).test(part)) ?? '';
    expect(stage('build')).toMatch(/RUN npm run build/);
    expect(stage('prod-deps')).toMatch(/npm ci --omit=dev/);
    expect(stage('runtime')).toMatch(/COPY --from=prod-deps .*node_modules/);
    expect(stage('runtime')).toMatch(/COPY --from=build .*\/app\/dist \.\/dist/);
    expect(stage('runtime')).not.toMatch(/npm ci(?! --omit=dev)/);
    // The node user runs the code but cannot change it: only /app/.data is its own.
    expect(stage('runtime')).not.toMatch(/COPY[^\n]*--chown/);
    // What runs at start is a dependency; the compilers and bundlers are not needed there.
    for (const dep of ['@temporalio/worker', '@temporalio/client'])
      expect(packageJson.dependencies).toHaveProperty([dep]);
    for (const dep of ['tsx', 'esbuild']) expect(packageJson.devDependencies).toHaveProperty([dep]);
  });

  test('copies sources that exist', () => {
    const sources = instructions
      .filter((line) => line.startsWith('COPY ') && !line.includes('--from='))
      .flatMap((line) =>
        line
          .split(/\s+/)
          .slice(1, -1)
          .filter((token) => !token.startsWith('--')),
      );
    expect(sources).toEqual(
      expect.arrayContaining(['services', 'workflows', 'activities', 'shared', 'scripts', 'clients']),
    );
    for (const source of sources) {
      expect([source, fs.existsSync(path.join(ROOT, source))]).toEqual([source, true]);
    }
  });

  test('.dockerignore keeps local state out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    expect(ignored).toEqual(
      expect.arrayContaining(['node_modules', '.data', '.tools', 'dist', '.git', 'coverage']),
    );
  });
});
