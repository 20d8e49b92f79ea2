import { WebhookEndpointHealth } from '../../shared/domain/webhooks/webhook-endpoint-health';
import { mapLimited } from '../../shared/net/each-limited';

describe('which endpoints get inline first attempts', () => {
  const health = () => new WebhookEndpointHealth({ slowMs: 2_000, coolDownMs: 60_000 });

  test('a new endpoint, and one that answered fast, stay inline', () => {
    const h = health();
    expect(h.inline('a', 0)).toBe(true);
    h.record('a', true, 1_999, 0);
    expect(h.inline('a', 1)).toBe(true);
  });

  test('a failure or a slow answer sends the endpoint to workflows for the cool-down, then back', () => {
    const h = health();
    h.record('failing', false, 10, 1_000);
    h.record('slow', true, 2_001, 1_000);
    expect(h.inline('failing', 60_999)).toBe(false);
    expect(h.inline('slow', 60_999)).toBe(false);
    expect(h.inline('other', 60_999)).toBe(true);
    expect(h.inline('failing', 61_000)).toBe(true);
    expect(h.inline('slow', 61_001)).toBe(true);
  });
});

describe('mapLimited', () => {
  test('keeps the order of the items and at most `limit` in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const out = await mapLimited([5, 1, 4, 2, 3, 0], 2, async (n) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, n * 3));
      inFlight -= 1;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0]);
    expect(most).toBe(2);
  });

  test('no items, no work', async () => {
    expect(await mapLimited([], 4, () => Promise.reject(new Error('never')))).toEqual([]);
  });
});
