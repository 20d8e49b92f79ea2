/*
 * The suite's one way to wait for something asynchronous (a NOTIFY reaching a cache, a workflow applying
 * a change, a delivery arriving): poll, never sleep a fixed time.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `read()` until `done` holds for its value, which it returns; after `timeoutMs` it returns the last value
 * read, so the caller's `expect` on it shows what was there instead.
 */
export async function until<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await pause(intervalMs);
  }
}

/** Polls `check()` every 50 ms until it holds; after `attempts` tries it throws, naming `what`. */
export async function eventually(what: string, check: () => Promise<boolean>, attempts = 400): Promise<void> {
  for (let i = 0; i < attempts; i += 1) {
    if (await check()) return;
    await pause(50);
  }
  throw new Error(`never became true: ${what}`);
}
