import { z } from 'zod';
import { FRAUD_ACTIONS, FRAUD_SIGNALS, type FraudSignal } from '../contract/enums';

/**
 * The fraud signals of a referral: named findings about its attribution, each with evidence
 * an operator can check. Computed by shared/domain/referrals/fraud-signals.ts and stored with the referral.
 * The signals and actions are the API's (shared/contract/enums.ts, which the browser clients import too).
 */
export { FRAUD_ACTIONS, FRAUD_SIGNALS, type FraudAction, type FraudSignal } from '../contract/enums';

export interface FraudSignalHit {
  signal: FraudSignal;
  evidence: string;
}

/** A client a user identified from: the browser's address, or the browser library's device id. */
export interface ClientKey {
  kind: 'ADDRESS' | 'DEVICE';
  value: string;
}

/** A client the referrer was seen on, as the SAME_CLIENT signal reports it. */
export interface SharedClient extends ClientKey {
  lastSeenAt: Date;
}

/** The program's fraudPolicy: one action per signal at most; a signal not listed is ALLOW. */
export const fraudPolicySchema = z
  .array(
    z.strictObject({
      signal: z.enum(FRAUD_SIGNALS),
      action: z.enum(FRAUD_ACTIONS),
    }),
  )
  .max(FRAUD_SIGNALS.length)
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    rules.forEach((rule, i) => {
      if (seen.has(rule.signal)) {
        ctx.addIssue({ code: 'custom', path: [i, 'signal'], message: `${rule.signal} is listed twice` });
      }
      seen.add(rule.signal);
    });
  });
export type FraudPolicy = z.output<typeof fraudPolicySchema>;

/** An attribution the policy refused: the code, and the signals that blocked it. */
export interface RefusedAttribution {
  code: string;
  signals: FraudSignalHit[];
}
