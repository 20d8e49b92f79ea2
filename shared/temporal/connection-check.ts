import net from 'node:net';
import tls from 'node:tls';
import { ConfigError, type Config } from '../config';
import type { Logger } from '../logger';

/**
 * Temporal refused this process's credentials (a client certificate from another CA, a server CA that
 * does not match, a wrong API key): a configuration error, so the process stops at start with a message
 * naming the setting, instead of retrying as it does while Temporal is down.
 */
export class TemporalSettingsError extends ConfigError {}

/**
 * refused: a TLS alert or a certificate check says our settings are wrong. silent: the server finished
 * the handshake and hung up before saying anything, which is how a server that checks the client
 * certificate after the handshake (Node's TLS server) refuses it, but also how a TLS proxy with no
 * Temporal behind it behaves.
 */
type Verdict =
  | { kind: 'accepted' }
  | { kind: 'unreachable'; detail: string }
  | { kind: 'refused' | 'silent'; message: string };

/** How long a handshake that went through is watched for the server's verdict on the client certificate. */
const VERDICT_WAIT_MS = 1000;
const SERVER_CA_ERRORS = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
]);

/** gRPC UNAUTHENTICATED or PERMISSION_DENIED: the client's name for it, or the native core's (tonic's) wording. */
const REFUSED_CREDENTIALS =
  /\b(UNAUTHENTICATED|PERMISSION_DENIED)\b|not have valid authentication credentials|not have permission to execute/;

export function splitAddress(address: string): { host: string; port: number } {
  const match = /^\[?([^\]]*?)\]?(?::(\d+))?$/.exec(address);
  return { host: match?.[1] ?? address, port: Number(match?.[2] ?? 7233) };
}

const pemBuffer = (data: Uint8Array | undefined) => data && Buffer.from(data);

export function tlsEnabled(config: Config): boolean {
  const { tls: setting } = config.temporalConnection;
  return setting !== undefined && setting !== false;
}

/**
 * One TLS handshake with the process's settings, beside gRPC: it tells a server that refuses our
 * certificate (a TLS alert) from one that is down or unreachable, which gRPC reports alike ("transport
 * error", a reset connection, a deadline). It sends no application data, so the server's alert arrives
 * intact instead of being lost to a TCP reset.
 */
export function probeTls(config: Config, timeoutMs = 3000): Promise<Verdict> {
  const { sources } = config.temporalConnection;
  const settings = config.temporalConnection.tls;
  const options = typeof settings === 'object' ? settings : {};
  const { host, port } = splitAddress(config.temporalAddress);
  const at = `Temporal at ${config.temporalAddress}`;
  return new Promise((resolve) => {
    let secure = false;
    const clientCert = sources.clientCert
      ? `the client certificate of ${sources.clientCert}`
      : 'a client certificate (TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH)';
    const silent = `${at} hung up right after the TLS handshake, before answering: it does not accept ${clientCert} (it must be signed by a CA the server trusts and be valid now), or no Temporal server is behind it`;
    const socket = tls.connect({
      host,
      port,
      servername: options.serverNameOverride ?? (net.isIP(host) ? undefined : host),
      ca: pemBuffer(options.serverRootCACertificate),
      cert: pemBuffer(options.clientCertPair?.crt),
      key: pemBuffer(options.clientCertPair?.key),
      ALPNProtocols: ['h2'],
    });
    const done = (verdict: Verdict) => {
      socket.destroy();
      resolve(verdict);
    };
    socket.setTimeout(timeoutMs, () => done({ kind: 'unreachable', detail: 'timed out' }));
    socket.once('secureConnect', () => {
      secure = true;
      setTimeout(() => done({ kind: 'accepted' }), VERDICT_WAIT_MS).unref();
    });
    // An HTTP/2 server speaks first (its SETTINGS frame) once it has accepted us.
    socket.once('data', () => done({ kind: 'accepted' }));
    socket.once('close', () =>
      done(
        secure ? { kind: 'silent', message: silent } : { kind: 'unreachable', detail: 'connection closed' },
      ),
    );
    socket.once('error', (err: NodeJS.ErrnoException) => {
      const code = err.code ?? '';
      const reason = err.message
        .split('\n')[0]!
        .replace(/^.*SSL routines:[^:]*:/, '')
        .replace(/:\.\.\/.*$/, '');
      if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
        const fix = sources.serverName
          ? `check ${sources.serverName}`
          : 'set TEMPORAL_TLS_SERVER_NAME to a name the certificate carries';
        done({
          kind: 'refused',
          message: `${at}: its certificate is not valid for that name (${err.message}): ${fix}`,
        });
      } else if (SERVER_CA_ERRORS.has(code) || /^CERT_(HAS_EXPIRED|NOT_YET_VALID)$/.test(code)) {
        const ca = sources.serverCaCert ?? 'the system CAs (set TEMPORAL_TLS_SERVER_CA_CERT_PATH to its CA)';
        done({
          kind: 'refused',
          message: `${at}: its certificate is not trusted by ${ca} (${code}: ${err.message})`,
        });
      } else if (/alert/i.test(reason)) {
        const message = sources.clientCert
          ? `${at} refused the TLS client certificate of ${sources.clientCert} (${reason}): it must be signed by a CA the server trusts, be valid now, and be paired with ${sources.clientKey}`
          : `${at} requires a TLS client certificate (${reason}): set TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH`;
        done({ kind: 'refused', message });
      } else if (!secure && /wrong version number|packet length too long|unknown protocol/i.test(reason)) {
        const tlsSetting = sources.tls ?? 'TLS (on because of TEMPORAL_API_KEY or a TEMPORAL_TLS_* setting)';
        done({
          kind: 'refused',
          message: `${at} does not answer TLS (${reason}): check ${tlsSetting} and the port`,
        });
      } else done({ kind: 'unreachable', detail: `${code || 'error'}: ${reason}` });
    });
  });
}

/**
 * At a gateway's or SFTP server's start (their connection is lazy): with TLS configured, one handshake
 * tells whether Temporal accepts our certificates. A refusal stops the start; a server that is down
 * does not (the process starts and /readyz reports Temporal unavailable until it answers), nor does a
 * silent hang-up, which is only logged: these processes serve much without Temporal.
 */
export async function checkTemporalTls(config: Config, logger: Logger): Promise<void> {
  if (!tlsEnabled(config)) return;
  const verdict = await probeTls(config);
  if (verdict.kind === 'refused') throw new TemporalSettingsError(verdict.message);
  if (verdict.kind === 'silent') logger.warn(verdict.message);
}

/**
 * Why a connection attempt failed: our settings (the server refused the credentials: gRPC
 * UNAUTHENTICATED or PERMISSION_DENIED, or, with TLS, a handshake beside it is refused), a silent
 * hang-up after the handshake (see Verdict), or, undefined, what looks like an outage, to be retried.
 */
export async function diagnoseConnectFailure(
  config: Config,
  err: unknown,
): Promise<{ kind: 'refused' | 'silent'; error: TemporalSettingsError } | undefined> {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: unknown }).code;
  if (code === 16 || code === 7 || REFUSED_CREDENTIALS.test(message)) {
    const { sources } = config.temporalConnection;
    const credential =
      [sources.apiKey, sources.clientCert].filter(Boolean).join(' and ') ||
      'no credentials (set TEMPORAL_API_KEY, or TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH)';
    const refusal = `Temporal at ${config.temporalAddress} refused ${credential} for namespace ${config.TEMPORAL_NAMESPACE}: ${message}`;
    return { kind: 'refused', error: new TemporalSettingsError(refusal) };
  }
  if (!tlsEnabled(config)) return undefined;
  const verdict = await probeTls(config);
  return verdict.kind === 'refused' || verdict.kind === 'silent'
    ? { kind: verdict.kind, error: new TemporalSettingsError(verdict.message) }
    : undefined;
}
