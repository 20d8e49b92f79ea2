import { z } from 'zod';
import type { DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import type { SecretBox } from '../../crypto/secret-box';
import type { PayoutCredentials, PayoutMethodType } from '../../payouts/payout-provider';
import { createPayeesRepo, type PayoutPolicyRow } from '../../repos/payees.repo';
import { programIdSchema } from '../programs/program-state';
import { getProgramView } from '../programs/programs';
import { loadBillingCredentials } from '../processors/billing-connection';
import { requireBox } from './payout-methods';

/** A program's payout policy: the least balance paid, the schedule, and whether a run waits for approval. */
export const payoutPolicyInputSchema = z.strictObject({
  programId: programIdSchema.optional(),
  minimumCents: z.int().min(1).max(100_000_000),
  schedule: z.enum(['MANUAL', 'WEEKLY', 'MONTHLY']),
  requireApproval: z.boolean(),
});

export interface PayoutPolicy {
  programId: string;
  minimumCents: number;
  schedule: 'MANUAL' | 'WEEKLY' | 'MONTHLY';
  requireApproval: boolean;
}

/** A program that set no policy: 10.00 at least, run by hand, each run approved by an operator. */
export const DEFAULT_PAYOUT_POLICY = {
  minimumCents: 1000,
  schedule: 'MANUAL',
  requireApproval: true,
} as const;

function presentPolicy(programId: string, row: PayoutPolicyRow | undefined): PayoutPolicy {
  if (!row) return { programId, ...DEFAULT_PAYOUT_POLICY };
  return {
    programId,
    minimumCents: Number(row.minimum_cents),
    schedule: row.schedule,
    requireApproval: row.require_approval,
  };
}

/** The program's payout policy (the defaults when it set none); NOT_FOUND for an unknown program. */
export async function getPayoutPolicy(
  db: DbOrTrx,
  tenantId: string,
  programId?: string,
): Promise<PayoutPolicy> {
  const program = await getProgramView(db, tenantId, programId);
  return presentPolicy(program.id, await createPayeesRepo(db).policy(tenantId, program.id));
}

export async function savePayoutPolicy(
  db: DbOrTrx,
  tenantId: string,
  input: z.output<typeof payoutPolicyInputSchema>,
): Promise<PayoutPolicy> {
  const program = await getProgramView(db, tenantId, input.programId);
  const row = await createPayeesRepo(db).savePolicy({
    tenant_id: tenantId,
    program_id: program.id,
    minimum_cents: input.minimumCents,
    schedule: input.schedule,
    require_approval: input.requireApproval,
  });
  return presentPolicy(program.id, row);
}

/** The yearly total (minor units, per currency) above which a payee without a tax form waits; null: none. */
export const taxThresholdInputSchema = z.strictObject({
  thresholdCents: z.int().min(0).max(1_000_000_000).nullable(),
});

/**
 * A payout provider's credentials: PayPal's client id and secret, or a gift-card provider's API key and
 * campaign (stored as the client id).
 */
export const payoutConnectionInputSchema = z.discriminatedUnion('provider', [
  z.strictObject({
    provider: z.literal('PAYPAL'),
    clientId: z.string().trim().min(1).max(200),
    secret: z.string().min(1).max(500),
    webhookId: z.string().trim().min(1).max(200).optional(),
  }),
  z.strictObject({
    provider: z.literal('GIFT_CARD'),
    apiKey: z.string().min(1).max(500),
    /** The provider's campaign the gift cards are ordered from (Tremendous needs one per order). */
    campaignId: z.string().trim().min(1).max(200),
    webhookSecret: z.string().min(1).max(500).optional(),
  }),
]);

export interface PayoutConnectionView {
  provider: 'PAYPAL' | 'GIFT_CARD';
  keyHint: string;
  webhookVerified: boolean;
  connectedAt: string;
}

const hint = (secret: string) => `…${secret.slice(-4)}`;

/** Stores a payout provider's credentials, sealed; answers them as they may be shown. */
export async function connectPayoutProvider(
  db: DbOrTrx,
  box: SecretBox | undefined,
  tenantId: string,
  input: z.output<typeof payoutConnectionInputSchema>,
): Promise<PayoutConnectionView> {
  const sealer = requireBox(box);
  const secret = input.provider === 'PAYPAL' ? input.secret : input.apiKey;
  const webhook = input.provider === 'PAYPAL' ? input.webhookId : input.webhookSecret;
  const repo = createPayeesRepo(db);
  await repo.saveConnection({
    tenant_id: tenantId,
    provider: input.provider,
    client_id: input.provider === 'PAYPAL' ? input.clientId : input.campaignId,
    secret_sealed: sealer.seal(secret, tenantId),
    webhook_secret_sealed: webhook ? sealer.seal(webhook, tenantId) : null,
    key_hint: hint(secret),
  });
  return (await listPayoutConnections(db, tenantId)).find((c) => c.provider === input.provider)!;
}

export async function listPayoutConnections(db: DbOrTrx, tenantId: string): Promise<PayoutConnectionView[]> {
  return (await createPayeesRepo(db).connections(tenantId)).map((row) => ({
    provider: row.provider,
    keyHint: row.key_hint,
    webhookVerified: row.webhook_secret_sealed !== null,
    connectedAt: row.created_at.toISOString(),
  }));
}

/** A provider's credentials and webhook secret, opened for a call. */
export interface OpenedPayoutConnection {
  credentials: PayoutCredentials;
  webhookSecret: string | null;
}

/**
 * The credentials a payout by this method is sent with: the PayPal or gift-card connection, or for
 * Stripe Connect the tenant's Stripe connection. NOT_FOUND-like VALIDATION_FAILED when there is none.
 */
export async function payoutConnectionFor(
  db: DbOrTrx,
  box: SecretBox | undefined,
  tenantId: string,
  method: PayoutMethodType,
): Promise<OpenedPayoutConnection> {
  if (method === 'STRIPE_CONNECT') {
    const billing = await loadBillingCredentials(db, box, tenantId);
    if (!billing || billing.processor !== 'STRIPE') {
      throw new AppError(
        'VALIDATION_FAILED',
        'Stripe Connect payouts need Stripe connected (connectPaymentProcessor)',
      );
    }
    return {
      credentials: { clientId: null, secret: billing.secretKey },
      webhookSecret: billing.webhookSecret,
    };
  }
  const row = await createPayeesRepo(db).connection(tenantId, method);
  if (!row) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${method === 'PAYPAL' ? 'PayPal' : 'Gift-card'} payouts need the provider connected (connectPayoutProvider)`,
    );
  }
  const opened = requireBox(box);
  return {
    credentials: { clientId: row.client_id, secret: opened.open(row.secret_sealed, tenantId) },
    webhookSecret: row.webhook_secret_sealed ? opened.open(row.webhook_secret_sealed, tenantId) : null,
  };
}

/** The tenant's yearly threshold for payees without a tax form (null: none). */
export async function getTaxThreshold(db: DbOrTrx, tenantId: string): Promise<number | null> {
  return createPayeesRepo(db).taxThreshold(tenantId);
}

export async function setTaxThreshold(
  db: DbOrTrx,
  tenantId: string,
  cents: number | null,
): Promise<number | null> {
  await createPayeesRepo(db).setTaxThreshold(tenantId, cents);
  return cents;
}

/** The programs paid on a schedule, with their tenant's alias (the payout scheduler's round). */
export async function scheduledPayoutPolicies(db: DbOrTrx) {
  return createPayeesRepo(db).scheduledPolicies(db);
}
