import { createPrivateKey, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TLSConfig } from '@temporalio/client';
import {
  loadClientConfig,
  loadClientConfigProfile,
  toClientOptions,
  type ClientConfigProfile,
  type ConfigDataSource,
} from '@temporalio/envconfig';
import { z } from 'zod';

/**
 * How the services reach Temporal beyond host and namespace: TLS (mTLS) and an API key, read by
 * `@temporalio/envconfig` with Temporal's standard `TEMPORAL_*` names and TOML profiles, the same as the
 * `temporal` CLI and the SDKs' samples. shared/config.ts lists the variables in its registry (./temporal-variables.ts) and
 * calls loadTemporalConnection; shared/temporal/connection.ts builds every connection from the result.
 */

/** The connection options every Temporal connection of a process gets (beside address and namespace). */
export interface TemporalAuthOptions {
  apiKey?: string;
  tls?: TLSConfig | boolean;
  metadata?: Record<string, string>;
}

export interface TemporalConnectionSettings extends TemporalAuthOptions {
  /** From TEMPORAL_ADDRESS or the profile; undefined when neither gives one. */
  address?: string;
  namespace?: string;
  /** Where each credential came from, as an operator would look it up (error messages name it). */
  sources: Partial<Record<CredentialField, string>>;
}

type CredentialField = 'apiKey' | 'tls' | 'serverName' | 'clientCert' | 'clientKey' | 'serverCaCert';

export class InvalidTemporalSetting extends Error {}

type Env = Record<string, string | undefined>;

/** The env name and TOML key of each credential ([path form, data form] for files). */
const NAMES: Record<CredentialField, { env: string[]; toml: string[] }> = {
  apiKey: { env: ['TEMPORAL_API_KEY'], toml: ['api_key'] },
  tls: { env: ['TEMPORAL_TLS'], toml: ['tls.disabled'] },
  serverName: { env: ['TEMPORAL_TLS_SERVER_NAME'], toml: ['tls.server_name'] },
  clientCert: {
    env: ['TEMPORAL_TLS_CLIENT_CERT_PATH', 'TEMPORAL_TLS_CLIENT_CERT_DATA'],
    toml: ['tls.client_cert_path', 'tls.client_cert_data'],
  },
  clientKey: {
    env: ['TEMPORAL_TLS_CLIENT_KEY_PATH', 'TEMPORAL_TLS_CLIENT_KEY_DATA'],
    toml: ['tls.client_key_path', 'tls.client_key_data'],
  },
  serverCaCert: {
    env: ['TEMPORAL_TLS_SERVER_CA_CERT_PATH', 'TEMPORAL_TLS_SERVER_CA_CERT_DATA'],
    toml: ['tls.server_ca_cert_path', 'tls.server_ca_cert_data'],
  },
};

/** ~/.config/temporalio/temporal.toml (or the platform's equivalent), as envconfig looks for it. */
function defaultConfigFile(env: Env): string | undefined {
  const home = env.HOME;
  if (os.platform() === 'win32') return env.APPDATA && path.join(env.APPDATA, 'temporalio', 'temporal.toml');
  if (os.platform() === 'darwin')
    return home && path.join(home, 'Library', 'Application Support', 'temporalio', 'temporal.toml');
  const base =
    env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME)
      ? env.XDG_CONFIG_HOME
      : home && path.join(home, '.config');
  return base && path.join(base, 'temporalio', 'temporal.toml');
}

function readConfigFile(env: Env): { file?: string; text: string } {
  const explicit = env.TEMPORAL_CONFIG_FILE;
  const file = explicit ?? defaultConfigFile(env);
  if (file === undefined) return { text: '' };
  try {
    return { file, text: fs.readFileSync(file, 'utf8') };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (!explicit && code === 'ENOENT') return { text: '' }; // no file: TEMPORAL_* variables only
    throw new InvalidTemporalSetting(`TEMPORAL_CONFIG_FILE: cannot read ${file} (${code ?? String(err)})`);
  }
}

/** The file's profiles by name; none when there is no file or it has no `[profile.<name>]` table. */
function profilesIn(file: string | undefined, text: string): Record<string, ClientConfigProfile> {
  if (file === undefined) return {};
  try {
    return loadClientConfig({ configSource: { data: text } }).profiles;
  } catch (err) {
    // envconfig reads the missing `profile` table as undefined and fails on it; a TOML error is no TypeError.
    if (err instanceof TypeError) return {};
    throw err;
  }
}

const source = z.union([z.object({ path: z.string().min(1) }), z.object({ data: z.instanceof(Uint8Array) })]);
const profileSchema = z.object({
  address: z.string().min(1).optional(),
  namespace: z.string().min(1).optional(),
  apiKey: z.string().regex(/^\S+$/, 'must be one token, without spaces or line breaks').optional(),
  tls: z
    .object({
      disabled: z.boolean().optional(),
      serverName: z.string().min(1).optional(),
      clientCert: source.optional(),
      clientKey: source.optional(),
      serverCACert: source.optional(),
    })
    .optional(),
  grpcMeta: z.record(z.string(), z.string()).optional(),
});

/**
 * Reads the TEMPORAL_* connection settings and the TOML profile (TEMPORAL_CONFIG_FILE or the default
 * file, TEMPORAL_PROFILE or `default`; variables override the file), reads and checks the certificate
 * files, and answers the options for Temporal connections. A bad setting is an InvalidTemporalSetting
 * naming it. Empty variables count as unset, as everywhere in shared/config.ts.
 */
export function loadTemporalConnection(rawEnv: Env): TemporalConnectionSettings {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(rawEnv)) {
    // An empty TEMPORAL_GRPC_META_* removes the file's header (envconfig's rule); other empties are unset.
    if (value !== undefined && (value !== '' || name.startsWith('TEMPORAL_GRPC_META_'))) env[name] = value;
  }
  const { file, text } = readConfigFile(env);
  const where = file ?? 'the Temporal config file';
  const profileName = env.TEMPORAL_PROFILE;
  let profile: ClientConfigProfile;
  try {
    const all = profilesIn(file, text);
    if (profileName !== undefined && !(profileName in all)) {
      const known = Object.keys(all);
      throw new InvalidTemporalSetting(
        file === undefined
          ? `TEMPORAL_PROFILE: there is no Temporal config file (set TEMPORAL_CONFIG_FILE) to take profile "${profileName}" from`
          : `TEMPORAL_PROFILE: no profile "${profileName}" in ${file} (${known.length ? `it has ${known.join(', ')}` : 'it has none'})`,
      );
    }
    profile = loadClientConfigProfile({
      // envconfig fails on a file without profiles (e.g. TEMPORAL_CONFIG_FILE=/dev/null), so none is read.
      ...(Object.keys(all).length === 0 ? { disableFile: true } : { configSource: { data: text } }),
      profile: profileName,
      overrideEnvVars: env,
    });
  } catch (err) {
    if (err instanceof InvalidTemporalSetting) throw err;
    const { message } = err as Error;
    const toml = /^Invalid TOML document: /.exec(message);
    const what = toml ? 'is not valid TOML' : 'has a bad profile';
    throw new InvalidTemporalSetting(
      `TEMPORAL_CONFIG_FILE: ${where} ${what}: ${message.slice(toml?.[0].length ?? 0)}`,
    );
  }
  const profileLabel = `profile "${profileName ?? 'default'}" of ${where}`;
  const checked = profileSchema.safeParse(profile);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    // Named as in the file: api_key, tls.server_name, …
    const key = issue.path.map((part) => String(part).replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
    throw new InvalidTemporalSetting(`${key.join('.')} in ${profileLabel}: ${issue.message}`);
  }

  const sources: Partial<Record<CredentialField, string>> = {};
  /** The setting's name: the variable when one is set, else the TOML key in its profile. */
  const nameOf = (field: CredentialField, form: 0 | 1 = 0, value?: string) => {
    const envName = NAMES[field].env.find((name) => env[name] !== undefined);
    const name = envName ?? `${NAMES[field].toml[form]} in ${profileLabel}`;
    return value === undefined ? name : `${name} (${value})`;
  };
  const tls = profile.tls;
  if (profile.apiKey !== undefined) sources.apiKey = nameOf('apiKey');
  if (tls?.disabled !== undefined) sources.tls = nameOf('tls');
  if (tls?.serverName !== undefined) sources.serverName = nameOf('serverName', 0, tls.serverName);
  if (tls) {
    tls.clientCert = readPem(tls.clientCert, 'certificate', 'clientCert', nameOf, sources);
    tls.clientKey = readPem(tls.clientKey, 'key', 'clientKey', nameOf, sources);
    tls.serverCACert = readPem(tls.serverCACert, 'certificate', 'serverCaCert', nameOf, sources);
    checkKeyPair(tls.clientCert, tls.clientKey, sources);
  }

  const { namespace, connectionOptions } = toClientOptions(profile);
  const enabled = connectionOptions.tls !== undefined && connectionOptions.tls !== false;
  if ((enabled || connectionOptions.apiKey !== undefined) && connectionOptions.address === undefined) {
    throw new InvalidTemporalSetting(
      'TEMPORAL_ADDRESS: must be set (here or in the profile) when TLS or an API key is configured',
    );
  }
  return {
    address: connectionOptions.address,
    namespace,
    apiKey: connectionOptions.apiKey,
    tls: connectionOptions.tls ?? undefined,
    metadata: connectionOptions.metadata as Record<string, string> | undefined,
    sources,
  };
}

type NameOf = (field: CredentialField, form?: 0 | 1, value?: string) => string;

/** A certificate or key read (from its file) and parsed, so a wrong one fails at start naming the setting. */
function readPem(
  from: ConfigDataSource | undefined,
  kind: 'certificate' | 'key',
  field: 'clientCert' | 'clientKey' | 'serverCaCert',
  nameOf: NameOf,
  sources: Partial<Record<CredentialField, string>>,
): ConfigDataSource | undefined {
  if (from === undefined) return undefined;
  const name = 'path' in from ? nameOf(field, 0, from.path) : nameOf(field, 1);
  sources[field] = name;
  let data: Buffer;
  try {
    data = 'path' in from ? fs.readFileSync(from.path) : Buffer.from(from.data);
  } catch (err) {
    throw new InvalidTemporalSetting(
      `${name}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
    );
  }
  try {
    if (kind === 'certificate') new X509Certificate(data);
    else createPrivateKey(data);
  } catch (err) {
    throw new InvalidTemporalSetting(
      `${name}: not a PEM ${kind === 'key' ? 'private key' : 'certificate'} (${(err as Error).message})`,
    );
  }
  return { data };
}

function checkKeyPair(
  cert: ConfigDataSource | undefined,
  key: ConfigDataSource | undefined,
  sources: Partial<Record<CredentialField, string>>,
): void {
  if (cert === undefined && key === undefined) return;
  if (cert === undefined || key === undefined) {
    const [given, missing] = cert
      ? [sources.clientCert, 'TEMPORAL_TLS_CLIENT_KEY_PATH']
      : [sources.clientKey, 'TEMPORAL_TLS_CLIENT_CERT_PATH'];
    throw new InvalidTemporalSetting(
      `${missing}: must be set with ${given} (a client certificate needs its key)`,
    );
  }
  const certificate = new X509Certificate((cert as { data: Uint8Array }).data);
  if (!certificate.checkPrivateKey(createPrivateKey(Buffer.from((key as { data: Uint8Array }).data)))) {
    throw new InvalidTemporalSetting(`${sources.clientKey}: is not the key of ${sources.clientCert}`);
  }
}
