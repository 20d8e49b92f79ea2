export default async function globalTeardown(): Promise<void> {
  const teardown = (globalThis as Record<string, unknown>).__workflowTestsTeardown as
    (() => void) | undefined;
  delete (globalThis as Record<string, unknown>).__workflowTestsTeardown;
  teardown?.();
}
