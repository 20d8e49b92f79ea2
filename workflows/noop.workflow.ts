/**
 * Does nothing and returns at once. It exists only so `npm run bench:lifecycle` can measure the raw
 * rate at which this machine's Temporal server, with our worker polling, starts and completes a
 * workflow: the ceiling our referral lifecycle's throughput is compared against. No API route starts
 * it.
 */
export async function noopWorkflow(): Promise<void> {
  // Intentionally empty: one workflow task, then the execution completes.
}
