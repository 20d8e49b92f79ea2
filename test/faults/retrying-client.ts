import { sleep, type Answer } from './fault-http';

/** Pause between a client's attempts (a real client would honour Retry-After; the scenarios are short). */
export const RETRY_PAUSE_MS = 100;

/** How long after the load stops a client keeps retrying one request before it gives up (then the checks fail). */
export const GIVE_UP_AFTER_MS = 45_000;

/**
 * One request as a retrying client makes it: the same request (same idempotency key) again after every
 * 503 or missing answer, until it gets any other answer or gives up. Every attempt is kept.
 */
export async function retryUntilAnswered(
  attempt: () => Promise<Answer>,
  attempts: Answer[],
): Promise<Answer> {
  const giveUpAt = Date.now() + GIVE_UP_AFTER_MS;
  for (;;) {
    const answer = await attempt();
    attempts.push(answer);
    if ((answer.status !== 503 && answer.status !== 0) || Date.now() > giveUpAt) return answer;
    await sleep(RETRY_PAUSE_MS);
  }
}

/** Timestamps of one outage, as the scenario drove it (epoch ms). */
export interface OutageTimes {
  stopCalledAt: number;
  /** PostgreSQL has exited. */
  stoppedAt: number;
  startCalledAt: number;
  /** PostgreSQL accepts logins again. */
  startedAt: number;
}

/**
 * Runs `clients` concurrent load loops while PostgreSQL is stopped for outageMs after warmMs of load, and
 * started again for afterMs more; calls `duringOutage` once PostgreSQL is down and `afterRestart` once it
 * answers again. Resolves when every client has finished its current request.
 */
export async function loadThroughOutage(options: {
  clients: number;
  client: (index: number, running: () => boolean) => Promise<void>;
  warmMs: number;
  outageMs: number;
  afterMs: number;
  stopPostgres: () => Promise<void>;
  startPostgres: () => Promise<void>;
  duringOutage?: () => Promise<void>;
  afterRestart?: () => Promise<void>;
}): Promise<OutageTimes> {
  let running = true;
  const loops = Promise.all(
    Array.from({ length: options.clients }, (_, i) => options.client(i, () => running)),
  );
  try {
    await sleep(options.warmMs);
    const stopCalledAt = Date.now();
    await options.stopPostgres();
    const stoppedAt = Date.now();
    await options.duringOutage?.();
    await sleep(Math.max(0, stoppedAt + options.outageMs - Date.now()));
    const startCalledAt = Date.now();
    await options.startPostgres();
    const startedAt = Date.now();
    await options.afterRestart?.();
    await sleep(Math.max(0, startedAt + options.afterMs - Date.now()));
    return { stopCalledAt, stoppedAt, startCalledAt, startedAt };
  } finally {
    running = false;
    await loops;
  }
}

/** The first successful (2xx) answer received after PostgreSQL was started again: the recovery. */
export function recovery(answers: Answer[], times: OutageTimes) {
  const firstOk = Math.min(
    ...answers
      .filter((a) => a.status >= 200 && a.status < 300 && a.sentAt >= times.stoppedAt)
      .map((a) => a.receivedAt),
  );
  return {
    fromStartMs: firstOk - times.startCalledAt,
    outageMs: times.startedAt - times.stopCalledAt,
    /** Until the controller saw PostgreSQL accept a login (it polls every 200 ms): an upper bound. */
    startMs: times.startedAt - times.startCalledAt,
  };
}
