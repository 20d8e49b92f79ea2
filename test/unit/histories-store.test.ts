/**
 * `npm run histories:record` keeps what older workflow code wrote (scripts/histories/store.ts): a state
 * recorded again from changed code is added beside its older history, one from the same code replaces
 * its earlier recording, and recorded.json says which code wrote each file. And the committed JSON is
 * exactly what shared/temporal/history-json.ts writes back from what it reads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { storeHistories, workflowsHash } from '../../scripts/histories/store';
import { historyFromJson, historyToJson } from '../../shared/temporal/history-json';

const HISTORIES = path.join(__dirname, '..', 'replay', 'histories');
let from: string;
let to: string;

beforeEach(() => {
  from = fs.mkdtempSync(path.join(os.tmpdir(), 'histories-from-'));
  to = fs.mkdtempSync(path.join(os.tmpdir(), 'histories-to-'));
});
afterEach(() => {
  fs.rmSync(from, { recursive: true, force: true });
  fs.rmSync(to, { recursive: true, force: true });
});

function recorded(file: string, content: string) {
  fs.mkdirSync(path.dirname(path.join(from, file)), { recursive: true });
  fs.writeFileSync(path.join(from, file), content);
  return { file, events: 1 };
}
const read = (file: string) => fs.readFileSync(path.join(to, file), 'utf8');
const manifest = () => JSON.parse(read('recorded.json')) as Record<string, { workflowsHash: string }>;

test('a first recording is stored as <workflow>/<state>.json with the hash of the code that wrote it', () => {
  const stored = storeHistories(from, [recorded('fooWorkflow/running.json', 'v1')], to);
  expect(stored).toEqual([{ file: 'fooWorkflow/running.json', replaced: false }]);
  expect(read('fooWorkflow/running.json')).toBe('v1');
  expect(manifest()).toEqual({
    'fooWorkflow/running.json': { workflowsHash: workflowsHash(), recordedAt: expect.any(String), events: 1 },
  });
});

test('the same code recording a state again replaces its history', () => {
  storeHistories(from, [recorded('fooWorkflow/running.json', 'v1')], to);
  const stored = storeHistories(from, [recorded('fooWorkflow/running.json', 'v1 again')], to);
  expect(stored).toEqual([{ file: 'fooWorkflow/running.json', replaced: true }]);
  expect(read('fooWorkflow/running.json')).toBe('v1 again');
});

test("other code's history is kept, and the new one added beside it under the code's hash", () => {
  storeHistories(from, [recorded('fooWorkflow/running.json', 'old code')], to);
  const old = manifest();
  old['fooWorkflow/running.json']!.workflowsHash = 'older0000000';
  fs.writeFileSync(path.join(to, 'recorded.json'), JSON.stringify(old));
  // And a file nobody recorded here (no manifest entry) counts as other code's too.
  fs.writeFileSync(path.join(to, 'fooWorkflow', 'done.json'), 'hand-made');

  const stored = storeHistories(
    from,
    [recorded('fooWorkflow/running.json', 'new code'), recorded('fooWorkflow/done.json', 'new done')],
    to,
  );
  const hash = workflowsHash();
  expect(stored.map((s) => s.file)).toEqual([
    `fooWorkflow/running.${hash}.json`,
    `fooWorkflow/done.${hash}.json`,
  ]);
  expect(read('fooWorkflow/running.json')).toBe('old code');
  expect(read('fooWorkflow/done.json')).toBe('hand-made');
  expect(read(`fooWorkflow/running.${hash}.json`)).toBe('new code');
  expect(manifest()['fooWorkflow/running.json']!.workflowsHash).toBe('older0000000');
  expect(manifest()[`fooWorkflow/running.${hash}.json`]!.workflowsHash).toBe(hash);
});

test('a committed history reads and writes back to the same JSON (the form `temporal workflow show` gives)', () => {
  const file = path.join(HISTORIES, 'referralLifecycleWorkflow', 'reward-held.json');
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { events: unknown[] };
  const history = historyFromJson(json);
  expect(history.events!.length).toBe(json.events.length);
  expect(history.events![0]!.workflowExecutionStartedEventAttributes!.workflowType!.name).toBe(
    'referralLifecycleWorkflow',
  );
  expect(historyToJson(history)).toEqual(json);
  expect(() => historyFromJson({ event: [] })).toThrow(/array of events/);
});
