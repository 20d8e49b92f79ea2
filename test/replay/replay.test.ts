/**
 * Replay safety: every history in test/replay/histories, recorded by `npm run
 * histories:record` from the workflow code of its day, replays against today's workflow code (the
 * bundle global setup built), so a change that old histories cannot replay fails here, naming the file.
 * Every workflow type the worker hosts must have histories, so a new workflow cannot skip this.
 * ARCHITECTURE.md, "Changing a workflow", says how to change one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { createLogger } from '../../shared/logger';
import { historyFromJson } from '../../shared/temporal/history-json';
import { installTemporalRuntimeLogger } from '../../services/worker/runtime-logger';
import * as hostedWorkflows from '../../workflows';

const DIR = path.join(__dirname, 'histories');

/** `<workflow type>/<state>.json`, relative to DIR (recorded.json says which code wrote each). */
const files = fs
  .readdirSync(DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((dir) =>
    fs
      .readdirSync(path.join(DIR, dir.name))
      .filter((name) => name.endsWith('.json'))
      .map((name) => `${dir.name}/${name}`),
  )
  .sort();

function read(file: string): { events: { workflowExecutionStartedEventAttributes?: any }[] } {
  return JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8'));
}

test('every workflow type the worker hosts has recorded histories', () => {
  const types = Object.entries(hostedWorkflows)
    .filter(([, value]) => typeof value === 'function')
    .map(([name]) => name);
  expect(types.length).toBeGreaterThan(10);
  const recorded = new Set(files.map((file) => path.dirname(file)));
  expect(types.filter((type) => !recorded.has(type))).toEqual([]);
});

test('each history is filed under its workflow type', () => {
  const misfiled = files.filter((file) => {
    const type = read(file).events[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name;
    return type !== path.dirname(file);
  });
  expect(misfiled).toEqual([]);
});

test('every recorded history replays against the workflow code as it is now', async () => {
  installTemporalRuntimeLogger(createLogger({ level: 'silent', name: 'replay' }));
  const replays = Worker.runReplayHistories(
    { workflowBundle: { codePath: process.env.TEST_WORKFLOW_BUNDLE! }, replayName: 'replay-test' },
    // The file is the "workflow id" a result carries, so a failure names it.
    files.map((file) => ({ workflowId: file, history: historyFromJson(read(file)) })),
  );
  const failures: string[] = [];
  let replayed = 0;
  for await (const result of replays) {
    replayed += 1;
    if (result.error) failures.push(`${result.workflowId}: ${result.error.name}: ${result.error.message}`);
  }
  expect(failures).toEqual([]);
  expect(replayed).toBe(files.length);
});
