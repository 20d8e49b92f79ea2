import { z } from 'zod';

/**
 * The registry entries (shared/config.ts lists them) of Temporal's standard connection variables, as
 * `@temporalio/envconfig` reads them (./temporal-config.ts): each validated on its own here, then read
 * together with the TOML profile there.
 */
const services = ['gateway', 'worker', 'launcher', 'sftp'] as const;
const path_ = z.string().min(1);
const pem = (what: string) => z.string().includes('-----BEGIN ', { message: `must be PEM text (${what})` });

export const TEMPORAL_CONNECTION_VARIABLES = {
  TEMPORAL_API_KEY: {
    schema: z.string().regex(/^\S+$/, 'must be one token, without spaces or line breaks').optional(),
    description:
      'API key sent to Temporal as `Authorization: Bearer …` (Temporal Cloud); turns TLS on unless TEMPORAL_TLS=false. Keep it in a secret store.',
    usedBy: services,
  },
  TEMPORAL_TLS: {
    schema: z.enum(['true', 'false', '1', '0']).optional(),
    description:
      'TLS to Temporal: `true` with the system CAs unless TEMPORAL_TLS_SERVER_CA_CERT_PATH names one. Unset: on when an API key or any TEMPORAL_TLS_* setting is given; `false` turns it off.',
    usedBy: services,
  },
  TEMPORAL_TLS_CLIENT_CERT_PATH: {
    schema: path_.optional(),
    description: 'PEM client certificate for mTLS (with TEMPORAL_TLS_CLIENT_KEY_PATH).',
    usedBy: services,
  },
  TEMPORAL_TLS_CLIENT_CERT_DATA: {
    schema: pem('a certificate').optional(),
    description: 'The client certificate as PEM text, instead of TEMPORAL_TLS_CLIENT_CERT_PATH.',
    usedBy: services,
  },
  TEMPORAL_TLS_CLIENT_KEY_PATH: {
    schema: path_.optional(),
    description: "PEM private key of the client certificate (PKCS #8, e.g. openssl's default).",
    usedBy: services,
  },
  TEMPORAL_TLS_CLIENT_KEY_DATA: {
    schema: pem('a private key').optional(),
    description: 'The client key as PEM text, instead of TEMPORAL_TLS_CLIENT_KEY_PATH.',
    usedBy: services,
  },
  TEMPORAL_TLS_SERVER_CA_CERT_PATH: {
    schema: path_.optional(),
    description: "PEM CA certificate(s) the server's certificate must chain to. Unset: the system CAs.",
    usedBy: services,
  },
  TEMPORAL_TLS_SERVER_CA_CERT_DATA: {
    schema: pem('a certificate').optional(),
    description: 'The server CA as PEM text, instead of TEMPORAL_TLS_SERVER_CA_CERT_PATH.',
    usedBy: services,
  },
  TEMPORAL_TLS_SERVER_NAME: {
    schema: z
      .string()
      .regex(/^[A-Za-z0-9.*-]+$/, 'must be a host name')
      .optional(),
    description:
      "Name the server's certificate must carry, when it differs from TEMPORAL_ADDRESS's host (SNI and verification).",
    usedBy: services,
  },
  TEMPORAL_TLS_DISABLE_HOST_VERIFICATION: {
    schema: z
      .enum(['false', '0'], {
        message:
          'is not supported by the TypeScript SDK: set TEMPORAL_TLS_SERVER_NAME to a name in the certificate',
      })
      .optional(),
    description: 'Not supported (the server certificate is always verified); only `false` is accepted.',
    usedBy: services,
  },
  TEMPORAL_PROFILE: {
    schema: z.string().min(1).optional(),
    description:
      'Profile of the TOML config file to use (its `[profile.<name>]`). Unset: `default`, when the file has one. TEMPORAL_* variables override its values.',
    usedBy: services,
  },
  TEMPORAL_CONFIG_FILE: {
    schema: path_.optional(),
    description:
      'TOML file of Temporal connection profiles (address, namespace, api_key, tls.*), as `temporal config` writes. Unset: ~/.config/temporalio/temporal.toml when it exists.',
    usedBy: services,
  },
} as const;
