#!/usr/bin/env node
/**
 * `npm run test:durations -- <results.json>`: records how long each test file took in a whole run
 * (`jest --json --outputFile=<results.json>`) into test/support/durations.json, which the suite's
 * sequencer (test/support/sequencer.js) uses to start the longest files first on a machine whose jest
 * cache has no timings yet (a fresh clone, CI). Run it when files are added or change much.
 */
import fs from 'node:fs';
import path from 'node:path';

const [results] = process.argv.slice(2);
if (!results) {
  process.stderr.write('usage: npm run test:durations -- <jest --json output file>\n');
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, '..');
const { testResults } = JSON.parse(fs.readFileSync(results, 'utf8'));
const durations = Object.fromEntries(
  testResults
    .map((r) => [path.relative(root, r.name), Math.round((r.endTime - r.startTime) / 100) / 10])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
fs.writeFileSync(
  path.join(root, 'test', 'support', 'durations.json'),
  `${JSON.stringify(durations, null, 2)}\n`,
);
process.stdout.write(`${Object.keys(durations).length} files recorded in test/support/durations.json\n`);
