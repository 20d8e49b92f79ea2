/**
 * Workflow IDs are the operations' natural keys, so a retried request can never start a second
 * execution (see design: "Workflow IDs are idempotency keys"). Every builder lives here.
 */
const part = (value: string) => encodeURIComponent(value);

export const workflowIds = {
  selfCheck: (runKey: string) => `system/self-check/${part(runKey)}`,
  referral: (tenantAlias: string, referredAccountId: string) =>
    `referral/${part(tenantAlias)}/${part(referredAccountId)}`,
};

export const workflowTypes = {
  selfCheck: 'selfCheckWorkflow',
  referralLifecycle: 'referralLifecycleWorkflow',
} as const;

/** Signal and update names (the workflows define the same names; a unit test keeps them equal). */
export const messageNames = {
  lifecycleSignal: 'lifecycle',
  lifecycleUpdate: 'applyLifecycle',
} as const;
