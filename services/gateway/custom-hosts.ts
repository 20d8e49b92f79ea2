import type { Db } from '../../shared/db/knex';

/** How long a host's answer (a tenant or none) is kept: a changed customHost applies within this. */
const HOST_TTL_MS = 30_000;
const MAX_HOSTS = 10_000;

/**
 * Which program's hosted pages a request's Host names (program setting customHost, unique across
 * tenants): the alias, or undefined. One query per host and TTL, unknown hosts included, so requests
 * for our own host name or for any other cost a map lookup.
 */
export function createCustomHosts(db: Db, now: () => number = Date.now) {
  const known = new Map<string, { alias: string | undefined; until: number }>();
  const inFlight = new Map<string, Promise<string | undefined>>();
  return async function aliasOfHost(host: string): Promise<string | undefined> {
    const name = host.toLowerCase();
    const hit = known.get(name);
    if (hit && hit.until > now()) return hit.alias;
    let flight = inFlight.get(name);
    if (!flight) {
      flight = db('tenants')
        .whereRaw('lower(custom_host) = ?', [name])
        .first('alias')
        .then((row: { alias: string } | undefined) => {
          if (known.size >= MAX_HOSTS) known.clear();
          known.set(name, { alias: row?.alias, until: now() + HOST_TTL_MS });
          return row?.alias;
        })
        .finally(() => inFlight.delete(name));
      inFlight.set(name, flight);
    }
    return flight;
  };
}
