/**
 * Workflow tests on Temporal's time-skipping test server (test/workflows/, jest project `workflows`):
 * a server of its own per test, workers loading the bundles the project's global setup built, the
 * tests' own activities, and readers of the history a run wrote. docs/testing.md, "Workflow tests".
 */
import crypto from 'node:crypto';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { defaultPayloadConverter } from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker, type WorkerOptions } from '@temporalio/worker';
import { createLogger } from '../../shared/logger';
import type { History } from '../../shared/temporal/history-json';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../../shared/temporal/search-attributes';
import { installTemporalRuntimeLogger } from '../../services/worker/runtime-logger';
import { BEFORE_PATCHES_MEMO } from '../workflows/support/workflow-before-patches';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Today's workflow code, or the same with chosen patches not yet written (test/workflows/global-setup.ts). */
export type WorkflowCode = 'today' | 'before-patches';

const bundles: Record<WorkflowCode, string | undefined> = {
  today: process.env.TEST_WORKFLOWS_TODAY,
  'before-patches': process.env.TEST_WORKFLOWS_BEFORE_PATCHES,
};

function bundle(code: WorkflowCode): { codePath: string } {
  const codePath = bundles[code];
  if (!codePath)
    throw new Error('no workflow bundle: run the workflow tests through jest (project `workflows`)');
  return { codePath };
}

export interface TimeSkipping {
  env: TestWorkflowEnvironment;
  client: Client;
  /** The server's clock (ms since the epoch): where skipping has brought it. */
  now(): Promise<number>;
  /** Lets `ms` of server time pass, at once where nothing runs; timers due meanwhile fire at their time. */
  sleep(ms: number): Promise<void>;
  /**
   * A worker running `code` with these activities while `body` runs, on `taskQueue` (default: a fresh
   * one, which `body` is given). Workflows it started go on without it, and a later worker on the same
   * queue takes them up.
   */
  worker<T>(
    activities: object,
    body: (taskQueue: string) => Promise<T>,
    options?: { code?: WorkflowCode; taskQueue?: string; worker?: Partial<WorkerOptions> },
  ): Promise<T>;
  close(): Promise<void>;
}

/**
 * A time-skipping server of its own for each test of the file, started before it and closed after:
 * `const ts = useTimeSkipping();` at the top of the file, then `ts().client` in a test.
 */
export function useTimeSkipping(): () => TimeSkipping {
  let current: TimeSkipping | undefined;
  beforeEach(async () => {
    current = await startTimeSkipping();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return () => {
    if (!current)
      throw new Error('no time-skipping server (useTimeSkipping() in the file, used inside a test)');
    return current;
  };
}

/**
 * A time-skipping server of its own: time is global to a server, and a workflow task nobody takes holds
 * it still, so tests never share one. Starts in about a quarter of a second.
 */
export async function startTimeSkipping(): Promise<TimeSkipping> {
  const logLevel = process.env.TEST_LOG_LEVEL ?? 'silent';
  installTemporalRuntimeLogger(
    createLogger({ level: logLevel, name: 'workflow-tests' }),
    logLevel === 'debug' || logLevel === 'trace' ? 'DEBUG' : 'WARN',
  );
  const path = process.env.TEST_TIME_SKIPPING_SERVER;
  if (!path)
    throw new Error('no time-skipping server: run the workflow tests through jest (project `workflows`)');
  const env = await TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path } },
  });
  // The search attributes the workflows upsert must exist, as the worker registers them on a real server.
  const { INDEXED_VALUE_TYPE_KEYWORD, INDEXED_VALUE_TYPE_KEYWORD_LIST } =
    temporal.api.enums.v1.IndexedValueType;
  await env.connection.operatorService.addSearchAttributes({
    namespace: 'default',
    searchAttributes: Object.fromEntries(
      Object.entries(CUSTOM_SEARCH_ATTRIBUTES).map(([name, type]) => [
        name,
        type === 'KeywordList' ? INDEXED_VALUE_TYPE_KEYWORD_LIST : INDEXED_VALUE_TYPE_KEYWORD,
      ]),
    ),
  });
  return {
    env,
    client: env.client,
    now: () => env.currentTimeMs(),
    sleep: (ms) => env.sleep(ms),
    async worker(activities, body, options = {}) {
      const taskQueue = options.taskQueue ?? `wf-${crypto.randomUUID()}`;
      const worker = await Worker.create({
        connection: env.nativeConnection,
        taskQueue,
        workflowBundle: bundle(options.code ?? 'today'),
        activities,
        ...options.worker,
      });
      return worker.runUntil(body(taskQueue));
    },
    close: () => env.teardown(),
  };
}

/** Start options for a run of the "before-patches" code that goes without these patches. */
export function beforePatches(...patchIds: string[]): { memo: Record<string, string[]> } {
  return { memo: { [BEFORE_PATCHES_MEMO]: patchIds } };
}

export interface Call<A extends unknown[]> {
  /** Server time of the call. */
  at: number;
  args: A;
}

/**
 * An activity that records each call (server time and arguments) and answers with `answer`, which is
 * told the call's number (1-based) and time.
 */
export function recording<A extends unknown[], R>(
  ts: Pick<TimeSkipping, 'now'>,
  answer: (call: { n: number; at: number }, ...args: A) => R | Promise<R>,
): ((...args: A) => Promise<R>) & { calls: Call<A>[] } {
  const calls: Call<A>[] = [];
  const activity = async (...args: A) => {
    const at = await ts.now();
    calls.push({ at, args });
    return answer({ n: calls.length, at }, ...args);
  };
  return Object.assign(activity, { calls });
}

type Event = temporal.api.history.v1.IHistoryEvent;
type Time = { seconds?: unknown; nanos?: number | null } | null | undefined;
const ns = (t: Time) => BigInt(String(t?.seconds ?? 0)) * 1_000_000_000n + BigInt(t?.nanos ?? 0);
const ms = (t: Time) => Number(ns(t) / 1_000_000n);

export async function historyOf(handle: WorkflowHandle): Promise<History> {
  return handle.fetchHistory();
}

export interface TimerRecord {
  startedAt: number;
  durationMs: number;
  /** When it fired, or null (still running, or cancelled). */
  firedAt: number | null;
  /** How long after its due time it fired (ms, exact to the nanosecond), or null. */
  firedLateMs: number | null;
}

/** The durable timers a run started, in order, with when each fired. */
export function timersOf(history: History): TimerRecord[] {
  const events = (history.events ?? []) as Event[];
  return events
    .filter((e) => e.timerStartedEventAttributes)
    .map((e) => {
      const id = e.timerStartedEventAttributes!.timerId;
      const fired = events.find((f) => f.timerFiredEventAttributes?.timerId === id);
      const due = ns(e.eventTime) + ns(e.timerStartedEventAttributes!.startToFireTimeout);
      return {
        startedAt: ms(e.eventTime),
        durationMs: ms(e.timerStartedEventAttributes!.startToFireTimeout),
        firedAt: fired ? ms(fired.eventTime) : null,
        firedLateMs: fired ? Number(ns(fired.eventTime) - due) / 1e6 : null,
      };
    });
}

/** The ids of the patch markers in a history (what `patched()` recorded). */
export function patchesOf(history: History): string[] {
  return ((history.events ?? []) as Event[])
    .filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_patch')
    .map((e) => {
      const payload = e.markerRecordedEventAttributes!.details!['patch-data']!.payloads![0]!;
      return defaultPayloadConverter.fromPayload<{ id: string }>(payload).id;
    });
}

/** Replays a history against today's workflow code; rejects (a nondeterminism error) if it takes another path. */
export function replayOnToday(history: History): Promise<void> {
  return Worker.runReplayHistory({ workflowBundle: bundle('today'), replayName: 'workflow-tests' }, history);
}
