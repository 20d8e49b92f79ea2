/**
 * Workflow IDs are the operations' natural keys, so a retried request can never start a second
 * execution (see design: "Workflow IDs are idempotency keys"). Every builder lives here.
 */
const part = (value: string) => encodeURIComponent(value);

export const workflowIds = {
  selfCheck: (runKey: string) => `system/self-check/${part(runKey)}`,
};

export const workflowTypes = {
  selfCheck: 'selfCheckWorkflow',
} as const;
