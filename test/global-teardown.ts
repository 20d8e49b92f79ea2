export default async function globalTeardown(): Promise<void> {
  const teardown = (globalThis as Record<string, unknown>).__testTeardown as
    (() => Promise<void>) | undefined;
  // Once, however many projects name this teardown (they all run after every test has finished).
  delete (globalThis as Record<string, unknown>).__testTeardown;
  await teardown?.();
}
