import { setTenantRateLimit } from '../shared/domain/tenants/tenant-rate-limits';
import { runCommand } from './cli';
import { overrideFromFlags } from './tenant-rate-limit-flags';

// npm run tenant:set-rate-limit -- --alias <alias> --rps <n> [--burst <n>]
// npm run tenant:set-rate-limit -- --alias <alias> --reset
// Sets (or clears) the tenant's per-gateway rate limit; every gateway applies it within seconds. Prints
// one line of JSON: {"alias":...,"rateLimitRps":...,"rateLimitBurst":...} (null: the gateways' defaults).
void runCommand(async (db, flags) => {
  const { alias, override } = overrideFromFlags(flags);
  const stored = await setTenantRateLimit(db, alias, override);
  process.stdout.write(`${JSON.stringify(stored)}\n`);
});
