// Completes package-lock.json with the other platforms' optional native packages (swc, esbuild, ...).
//
// Why: the npm registry reachable from our build machines answers 404 for packages of platforms other
// than linux-x64, so `npm install` leaves them out of the lockfile, and `npm ci` then refuses the lock as
// out of sync with package.json. Listing them as optional with their os/cpu lets `npm ci` skip them as
// foreign-platform packages without fetching them. Run after changing dependencies: `npm run lock:platforms`.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32', 'mips', 'ppc'];

function platformOf(name) {
  const base = name.split('/').pop();
  const parts = base.split('-');
  const os = parts.find((p) => OS.includes(p)) ?? (parts.includes('wasi') || parts.includes('wasm32') ? 'wasi' : undefined);
  const cpu = parts.find((p) => CPU.includes(p)) ?? (parts.includes('armv7') || parts.includes('gnueabihf') ? 'arm' : undefined);
  return { os, cpu };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const prefix = path === '' ? '' : `${path}/`;
    const candidates = [`${prefix}node_modules/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => lock.packages[c])) continue;
    const { os, cpu } = platformOf(dep);
    if (!os && !cpu) continue; // not a platform binary: leave it to npm
    const version = String(spec).replace(/^[\^~=]/, '');
    lock.packages[`node_modules/${dep}`] = {
      version,
      optional: true,
      ...(os ? { os: [os === 'wasi' ? 'none' : os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
    };
    added += 1;
  }
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile: ${added} foreign-platform optional packages recorded`);
