import fs from 'node:fs';
import path from 'node:path';
import { isGrpcServiceError, WorkflowNotFoundError } from '@temporalio/client';
import { historyToJson, type History } from '../../shared/temporal/history-json';
import type { TemporalDeps } from '../../shared/temporal/client';

export type { History };
type Event = NonNullable<History['events']>[number];

/** Predicates on a history: which state the run is in. */
export const historyIs = {
  /** No workflow task is outstanding: the worker has answered everything the run was sent. */
  idle(history: History): boolean {
    let scheduled = -1;
    let completed = -1;
    (history.events ?? []).forEach((e, i) => {
      if (e.workflowTaskScheduledEventAttributes) scheduled = i;
      if (e.workflowTaskCompletedEventAttributes) completed = i;
    });
    return completed > scheduled;
  },
  closed(history: History): boolean {
    const last = history.events?.at(-1);
    return Boolean(
      last &&
      (last.workflowExecutionCompletedEventAttributes ||
        last.workflowExecutionFailedEventAttributes ||
        last.workflowExecutionContinuedAsNewEventAttributes ||
        last.workflowExecutionTerminatedEventAttributes ||
        last.workflowExecutionTimedOutEventAttributes ||
        last.workflowExecutionCanceledEventAttributes),
    );
  },
  /** A durable timer is running (started, not yet fired or cancelled). */
  sleeping(history: History): boolean {
    const timers = new Set<string>();
    for (const e of history.events ?? []) {
      if (e.timerStartedEventAttributes) timers.add(e.timerStartedEventAttributes.timerId!);
      if (e.timerFiredEventAttributes) timers.delete(e.timerFiredEventAttributes.timerId!);
      if (e.timerCanceledEventAttributes) timers.delete(e.timerCanceledEventAttributes.timerId!);
    }
    return timers.size > 0;
  },
  /** How many events match. */
  count(history: History, match: (e: Event) => unknown): number {
    return (history.events ?? []).filter((e) => match(e)).length;
  },
};

function started(history: History) {
  const attributes = history.events?.[0]?.workflowExecutionStartedEventAttributes;
  if (!attributes) throw new Error('a history starts with WorkflowExecutionStarted');
  return attributes;
}

/** The run this one continued from (its first event names it), if any. */
export function continuedFrom(history: History): string | undefined {
  return started(history).continuedExecutionRunId || undefined;
}

/** Polls check() every 100 ms until it holds. */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Saves histories as `<dir>/<workflow type>/<state>.json`, in the JSON form `temporal workflow show
 * --output json` writes and `historyFromJSON` reads: one event per line, so a diff shows events.
 */
export function createRecorder(temporal: TemporalDeps, dir: string) {
  const saved: { file: string; events: number }[] = [];
  const fetchHistory = (workflowId: string, runId?: string) =>
    temporal.client.workflow.getHandle(workflowId, runId).fetchHistory();
  /** The run's history once it satisfies `until`. */
  async function waitFor(
    workflowId: string,
    until: (h: History) => boolean,
    options: { runId?: string; timeoutMs?: number; what?: string } = {},
  ): Promise<History> {
    let history: History | undefined;
    await waitUntil(
      `${workflowId}: ${options.what ?? 'state'}`,
      async () => {
        try {
          history = await fetchHistory(workflowId, options.runId);
        } catch (err) {
          // Not started yet (fetching a history answers NOT_FOUND, code 5, as a gRPC error).
          if (err instanceof WorkflowNotFoundError || (isGrpcServiceError(err) && err.code === 5))
            return false;
          throw err;
        }
        return until(history);
      },
      options.timeoutMs,
    );
    return history!;
  }
  return {
    saved,
    fetchHistory,
    waitFor,
    /**
     * Waits until the run's history satisfies `until` (default: idle, or closed), then saves it under
     * `state`. Returns the history saved.
     */
    async save(
      workflowId: string,
      state: string,
      options: { runId?: string; until?: (h: History) => boolean; timeoutMs?: number } = {},
    ): Promise<History> {
      const until = options.until ?? ((h: History) => historyIs.idle(h) || historyIs.closed(h));
      const history = await waitFor(workflowId, until, { ...options, what: state });
      const type = started(history).workflowType?.name;
      if (!type) throw new Error(`${workflowId}: no workflow type`);
      const { events } = historyToJson(history);
      const file = path.join(dir, type, `${state}.json`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `{"events":[\n${events.map((e) => JSON.stringify(e)).join(',\n')}\n]}\n`);
      saved.push({ file: path.relative(dir, file), events: events.length });
      return history;
    },
  };
}

export type Recorder = ReturnType<typeof createRecorder>;
