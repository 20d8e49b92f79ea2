import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../shared/config';

/** The npm script that runs each service in production (docker-compose.yml runs the same scripts). */
const SCRIPTS: Record<string, string> = {
  'services/gateway/main.ts': 'start:gateway',
  'services/worker/main.ts': 'start:worker',
  'services/sftp/main.ts': 'start:sftp',
};

/** BENCH_BUILD=1: the built code (`npm run build` first), as `npm run start:*:prod` and the image run it. */
const built = () => process.env.BENCH_BUILD === '1';

/**
 * How a bench starts a service: the command line of its npm script in package.json (the worker's heap
 * limit lives there), without npm itself, with `extraNodeArgs` (a CPU profile) put before the script. A
 * script run by `tsx` becomes node with tsx as a loader when node flags are added.
 */
export function serviceCommand(script: string, extraNodeArgs: string[] = []): [string, string[]] {
  const dev = SCRIPTS[script];
  if (!dev) throw new Error(`no npm script runs ${script}`);
  const name = built() ? `${dev}:prod` : dev;
  if (built()) script = `dist/${script.replace(/\.ts$/, '.js')}`;
  const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = pkg.scripts[name]!.split(/\s+/).filter(Boolean);
  if (words.at(-1) !== script) throw new Error(`npm run ${name} does not end with ${script}`);
  const [runner, ...rest] = words;
  if (runner === 'node') {
    // `--require tsx/cjs` or `--import tsx` among the script's flags: keep them, they are its loader.
    return [process.execPath, [...rest.slice(0, -1), ...extraNodeArgs, script]];
  }
  if (runner !== 'tsx') throw new Error(`npm run ${name} starts with ${runner}, neither node nor tsx`);
  if (extraNodeArgs.length === 0) return [path.join(PROJECT_ROOT, 'node_modules/.bin/tsx'), rest];
  return [process.execPath, ['--import', 'tsx', ...extraNodeArgs, ...rest]];
}
