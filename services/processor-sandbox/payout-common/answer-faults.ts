/*
 * Faults a test arms on a payout stand-in: the next N requests that pay do pay, then their answer comes
 * late (after delayMs, past the client's timeout) or the connection is dropped without an answer. Either
 * way the client cannot know whether it paid: the case the adapters' idempotency is for.
 */

export interface AnswerFault {
  mode: 'late' | 'drop';
  delayMs: number;
}

export class AnswerFaults {
  private queue: AnswerFault[] = [];
  private timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  /** Arms the fault for the next `count` paying requests. */
  arm(mode: 'late' | 'drop', count = 1, delayMs = 5_000) {
    for (let i = 0; i < count; i++) this.queue.push({ mode, delayMs });
  }

  /** The fault for this paying request, if one is armed. */
  take(): AnswerFault | null {
    return this.queue.shift() ?? null;
  }

  /** Waits delayMs (cut short when the stand-in closes). */
  wait(delayMs: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.timers.delete(entry);
          resolve();
        }, delayMs),
        resolve,
      };
      this.timers.add(entry);
    });
  }

  /** Disarms every fault and ends every wait (reset, close). */
  release() {
    this.queue = [];
    for (const entry of this.timers) {
      clearTimeout(entry.timer);
      entry.resolve();
    }
    this.timers.clear();
  }

  armed(): number {
    return this.queue.length;
  }
}
