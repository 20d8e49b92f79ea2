/**
 * The Temporal Cloud and mTLS examples of docs/deployment.md ("Connecting to Temporal"), loaded as the
 * services would load them: the Compose overrides' variables through shared/config.ts, the TOML profile
 * through TEMPORAL_CONFIG_FILE and TEMPORAL_PROFILE (certificate paths pointed at a test CA's files).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig, type Config, type ConfigVariable } from '../../shared/config';
import { temporalOptions } from '../../shared/temporal/connection';
import { createTestPki, type TestPki } from '../helpers/test-pki';

const doc = fs.readFileSync(path.resolve(__dirname, '../../docs/deployment.md'), 'utf8');
const section = doc.slice(doc.indexOf('## Connecting to Temporal'));
const blocks = (lang: string) =>
  [...section.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]!);
const SERVICES = ['gateway', 'worker', 'sftp'] as const;

let pki: TestPki & { dispose(): void };
/** The examples' certificate paths → files of a test CA. */
let files: Record<string, string>;
beforeAll(() => {
  pki = createTestPki('docs');
  const client = pki.issue('client', 'clientAuth');
  files = {
    '/run/secrets/temporal-ca.pem': pki.ca.cert,
    '/run/secrets/temporal-client.pem': client.cert,
    '/run/secrets/temporal-client.key': client.key,
  };
});
afterAll(() => pki.dispose());

const withTestFiles = (text: string) =>
  Object.entries(files).reduce((out, [example, real]) => out.split(example).join(real), text);

interface Override {
  services: Record<string, { environment: Record<string, string>; volumes?: string[] }>;
}

/** Each service's variables from a Compose override example, checked against the registry. */
function serviceConfigs(yaml: string): Config[] {
  const override = parse(yaml.replace(/\$\{TEMPORAL_API_KEY:\?[^}]*\}/g, 'key-from-env')) as Override;
  return SERVICES.map((service) => {
    const { environment, volumes = [] } = override.services[service]!;
    for (const [name, value] of Object.entries(environment)) {
      expect(CONFIG_VARIABLES).toHaveProperty(name);
      expect(CONFIG_VARIABLES[name as ConfigVariable].usedBy).toContain(service);
      // A certificate path is one the service mounts.
      if (name.endsWith('_PATH')) expect(volumes.map((v) => v.split(':')[1])).toContain(value);
    }
    return loadConfig(JSON.parse(withTestFiles(JSON.stringify(environment))) as Record<string, string>);
  });
}

test('the section has the two Compose overrides and one TOML profile', () => {
  expect([blocks('yaml').length, blocks('toml').length]).toEqual([2, 1]);
});

test('Temporal Cloud: every service gets the address, namespace and API key, with TLS', () => {
  for (const config of serviceConfigs(blocks('yaml')[0]!)) {
    expect(temporalOptions(config)).toMatchObject({
      address: 'us-east-1.aws.api.temporal.io:7233',
      namespace: 'referrals-prod.a1b2c',
      apiKey: 'key-from-env',
      tls: true,
    });
  }
});

test('mTLS, as variables or as the TOML profile: the same connection options', () => {
  const profile = path.join(pki.dir, 'temporal.toml');
  fs.writeFileSync(profile, withTestFiles(blocks('toml')[0]!));
  const fromProfile = loadConfig({ TEMPORAL_CONFIG_FILE: profile, TEMPORAL_PROFILE: 'production' });
  for (const config of [...serviceConfigs(blocks('yaml')[1]!), fromProfile]) {
    const options = temporalOptions(config);
    expect(options).toMatchObject({
      address: 'temporal-frontend.internal:7233',
      namespace: 'referrals',
      tls: { serverNameOverride: 'temporal-frontend' },
    });
    expect(options).toEqual(temporalOptions(fromProfile));
    expect(config.temporalAddressExplicit).toBe(true);
  }
});
