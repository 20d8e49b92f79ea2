/*
 * Webhook deliveries of a payout stand-in: each is one POST of a body with the provider's signed
 * headers to a registered URL, recorded with its answer, so tests can wait for and inspect them.
 */

export interface OutboxDelivery {
  id: string;
  url: string;
  event: string;
  body: string;
  headers: Record<string, string>;
  /** The receiver's status, null when the request failed. */
  status: number | null;
  error?: string;
}

export class WebhookOutbox {
  private deliveries: OutboxDelivery[] = [];
  private inFlight = new Set<Promise<void>>();
  private counter = 0;

  /** Sends one delivery (not awaited by the caller that made the event). */
  send(url: string, event: string, body: string, headers: Record<string, string>): void {
    const delivery: OutboxDelivery = { id: `dlv_${++this.counter}`, url, event, body, headers, status: null };
    this.deliveries.push(delivery);
    const attempt = (async () => {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        delivery.status = res.status;
      } catch (err) {
        delivery.error = (err as Error).message;
      }
    })();
    this.inFlight.add(attempt);
    void attempt.finally(() => this.inFlight.delete(attempt));
  }

  list(): OutboxDelivery[] {
    return structuredClone(this.deliveries);
  }

  /** Resolves once no delivery is in flight. */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  reset() {
    this.deliveries = [];
  }
}
