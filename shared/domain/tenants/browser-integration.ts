import type { Db } from '../../db/knex';
import { createBrowserSightingsRepo } from '../../repos/browser-sightings.repo';
import { parseInput } from '../../validation';
import { allowedOriginsSchema, originSchema } from './origins';
import { getProgram, updateProgram, type Program } from './program';

/** An origin whose browser calls the program's CORS rules refused recently. */
export interface RefusedOrigin {
  origin: string;
  firstSeenAt: number;
  lastSeenAt: number;
  requests: number;
}

/** The Install page's browser section: snippets to copy, whether a browser call arrived, refusals. */
export interface BrowserIntegrationView {
  /** The browser library's content-hashed URL under PUBLIC_URL. */
  scriptUrl: string;
  /** The exact `<script>` tag for this tenant. */
  scriptTag: string;
  /** The referrer widget on a page of the merchant's (after the script tag). */
  widgetSnippet: string;
  /** Minting a user JWT on the merchant's server (Node); the key comes from an environment variable. */
  jwtSnippet: string;
  /** When the first browser call arrived (epoch ms); null: none yet. */
  firstBrowserCallAt: number | null;
  /** Refused in the last 30 days and still not allowed, most recent first. */
  refusedOrigins: RefusedOrigin[];
}

/** The environment variable the JWT snippet reads the key from: the key itself is never printed. */
export const API_KEY_ENV_VAR = 'REFERRAL_API_KEY';

/** The snippets, pure (tested and documented as they are shown). */
export function browserSnippets(
  publicUrl: string,
  libraryHash: string,
  alias: string,
): Pick<BrowserIntegrationView, 'scriptUrl' | 'scriptTag' | 'widgetSnippet' | 'jwtSnippet'> {
  const scriptUrl = `${publicUrl}/js/referral-${libraryHash}.js`;
  return {
    scriptUrl,
    scriptTag: `<script src="${scriptUrl}" data-tenant="${alias}"></script>`,
    widgetSnippet: [
      '<div id="referral-widget"></div>',
      '<script>',
      "  referral.widget({ element: '#referral-widget', jwt: USER_JWT });",
      '</script>',
    ].join('\n'),
    jwtSnippet: [
      '// Node, on your server (npm install jsonwebtoken)',
      "const jwt = require('jsonwebtoken');",
      'const USER_JWT = jwt.sign(',
      '  { user: { id: user.id, accountId: user.accountId } },',
      `  process.env.${API_KEY_ENV_VAR}, // the API key of ${alias}`,
      "  { algorithm: 'HS256', expiresIn: '1h' },",
      ');',
    ].join('\n'),
  };
}

export async function getBrowserIntegration(
  db: Db,
  tenant: { id: string; alias: string },
  site: { publicUrl: string; libraryHash: string },
): Promise<BrowserIntegrationView> {
  const repo = createBrowserSightingsRepo(db);
  const [program, firstCallAt, refusals] = await Promise.all([
    getProgram(db, tenant.id),
    repo.firstCallAt(tenant.id),
    repo.listRefusals(tenant.id),
  ]);
  const allowed = new Set(program.allowedOrigins);
  return {
    ...browserSnippets(site.publicUrl, site.libraryHash, tenant.alias),
    firstBrowserCallAt: firstCallAt?.getTime() ?? null,
    refusedOrigins: refusals
      .filter((row) => !allowed.has(row.origin))
      .map((row) => ({
        origin: row.origin,
        firstSeenAt: row.first_seen_at.getTime(),
        lastSeenAt: row.last_seen_at.getTime(),
        requests: Number(row.requests),
      })),
  };
}

/** Adds one origin to the program's allowedOrigins (the Install page's "Add to allowed origins"). */
export async function allowBrowserOrigin(db: Db, tenantId: string, origin: unknown): Promise<Program> {
  const normalised = parseInput(originSchema, origin, 'origin');
  // Read and write under the tenant row's lock: two operators adding origins at once both land.
  return db.transaction(async (trx) => {
    await trx('tenants').where({ id: tenantId }).forUpdate().first('id');
    const program = await getProgram(trx, tenantId);
    if (program.allowedOrigins.includes(normalised)) return program;
    const allowedOrigins = parseInput(
      allowedOriginsSchema,
      [...program.allowedOrigins, normalised],
      'allowedOrigins',
    );
    return updateProgram(trx, tenantId, { allowedOrigins });
  });
}
