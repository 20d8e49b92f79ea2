/**
 * Which endpoints get their first attempt inside the dispatcher's batch. A batch waits for
 * its slowest answer, so an endpoint whose inline attempt failed or was slow is sent to its own delivery
 * workflow for a while instead; one slow tenant then holds up at most one batch per cool-down. Kept in
 * the worker's memory: a restarted worker simply tries inline again.
 */
export class WebhookEndpointHealth {
  private readonly degradedUntil = new Map<string, number>();

  constructor(
    private readonly options: { slowMs: number; coolDownMs: number } = {
      slowMs: 2_000,
      coolDownMs: 5 * 60_000,
    },
  ) {}

  /** Whether the endpoint's next first attempts may go inline. */
  inline(endpointId: string, now: number): boolean {
    const until = this.degradedUntil.get(endpointId);
    if (until === undefined) return true;
    if (until > now) return false;
    this.degradedUntil.delete(endpointId);
    return true;
  }

  /** Notes an inline attempt: a failure or an answer slower than `slowMs` degrades the endpoint. */
  record(endpointId: string, succeeded: boolean, latencyMs: number, now: number): void {
    if (!succeeded || latencyMs > this.options.slowMs) {
      this.degradedUntil.set(endpointId, now + this.options.coolDownMs);
    }
  }
}
