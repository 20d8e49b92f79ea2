import fs from 'node:fs';
import path from 'node:path';

/**
 * Where a V8 CPU profile's time went: self time by function and by package or project folder, as
 * Markdown tables. `tsx bench/profile-summary.ts <file.cpuprofile> [rows]`; a folder takes its largest
 * profile (the gateway's, beside tsx's own small one).
 */
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

function pickFile(target: string): string {
  if (!fs.statSync(target).isDirectory()) return target;
  const files = fs
    .readdirSync(target)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(target, f));
  if (files.length === 0) throw new Error(`no .cpuprofile in ${target}`);
  return files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]!;
}

/** node_modules/<pkg>, node:internal, (gc), or the project's top folder. */
function areaOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  const rel = url.replace(/^file:\/\//, '').split('/main/')[1];
  return rel ? rel.split('/').slice(0, 2).join('/') : url;
}

export function summarize(file: string, rows = 25): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fns = new Map<string, number>();
  const areas = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const short = url.replace(/^.*\/(node_modules|main)\//, '');
    const fn = `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`;
    fns.set(fn, (fns.get(fn) ?? 0) + us);
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
  }
  // Inclusive time of the project's own functions (a sample counts once per function on its stack).
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  for (const [id, us] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
      if (!url.includes('/main/') || url.includes('node_modules')) continue;
      const fn = `${functionName || '(anonymous)'} ${url.replace(/^.*\/main\//, '')}:${lineNumber + 1}`;
      if (seen.has(fn)) continue;
      seen.add(fn);
      inclusive.set(fn, (inclusive.get(fn) ?? 0) + us);
    }
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1)} %`;
  const table = (title: string, m: Map<string, number>) =>
    [
      `| ${title} | self |`,
      '|---|---|',
      ...[...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, rows)
        .map(([k, v]) => `| \`${k}\` | ${pct(v)} |`),
    ].join('\n');
  return [
    `${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled`,
    '',
    table('area', areas),
    '',
    table('function', fns),
    '',
    table('project function (inclusive)', inclusive),
  ].join('\n');
}

if (require.main === module) {
  const [target, rows] = process.argv.slice(2);
  if (!target) throw new Error('usage: tsx bench/profile-summary.ts <file.cpuprofile|dir> [rows]');
  process.stdout.write(`${summarize(pickFile(target), Number(rows ?? 25))}\n`);
}
