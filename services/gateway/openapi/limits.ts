import { CONFIG_VARIABLES } from '../../../shared/config';

/**
 * The defaults of the limits the document states (shared/config.ts), so the text follows the code. The
 * document describes a default installation; an operator may change any of them by environment.
 */
const NAMES = [
  'BODY_LIMIT_BYTES',
  'UPLOAD_MAX_BYTES',
  'UPLOAD_QUOTA_BYTES',
  'UPLOAD_IDLE_TIMEOUT_MS',
  'RATE_LIMIT_RPS',
  'RATE_LIMIT_BURST',
  'HTTP_HEADERS_TIMEOUT_MS',
  'HTTP_REQUEST_TIMEOUT_MS',
  'HTTP_BODY_IDLE_TIMEOUT_MS',
  'MAX_CONNECTIONS',
  'USER_JWT_MAX_LIFETIME_S',
  'GRAPHQL_MAX_DEPTH',
  'GRAPHQL_MAX_COMPLEXITY',
  'LIFECYCLE_WAIT_MS',
] as const;

type LimitName = (typeof NAMES)[number];

export const CONFIG_DEFAULTS = Object.fromEntries(
  NAMES.map((name) => [name, Number((CONFIG_VARIABLES[name] as { default: string }).default)]),
) as Record<LimitName, number>;

/** A byte size for people: "2 MiB", "1 GiB", "512 KiB". */
export function bytes(n: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = n;
  let unit = 0;
  while (value >= 1024 && value % 1024 === 0 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value} ${units[unit]}`;
}
