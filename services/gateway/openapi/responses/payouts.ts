import 'zod-openapi';
import { z } from 'zod';

/** A payee as it may be shown (the method's details are sealed and never answered). */
export const payeeSchema = z
  .object({
    accountId: z.string(),
    method: z
      .object({
        type: z.enum(['PAYPAL', 'STRIPE_CONNECT', 'GIFT_CARD']),
        masked: z.string().meta({ description: 'e.g. `j•••@example.com`, `acct_…1234`' }),
        updatedAt: z.string(),
      })
      .nullable(),
    taxFormReceived: z.boolean(),
    taxCountry: z.string().nullable(),
    held: z.boolean(),
    heldReason: z.string().nullable(),
  })
  .meta({ id: 'Payee' });

const payoutSchema = z
  .object({
    id: z.uuid(),
    runId: z.uuid(),
    accountId: z.string(),
    programId: z.string(),
    method: z.enum(['PAYPAL', 'STRIPE_CONNECT', 'GIFT_CARD']),
    amountCents: z.number(),
    currency: z.string(),
    status: z.enum(['RESERVED', 'SENT', 'PAID', 'FAILED', 'RETURNED', 'UNCLAIMED', 'CANCELLED']),
    providerRef: z.string().nullable(),
    providerMessage: z
      .string()
      .nullable()
      .meta({ description: "The provider's words on a failure or return." }),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    settledAt: z.string().nullable(),
  })
  .meta({ id: 'Payout' });

export const referrerPayoutsSchema = z
  .object({
    payee: payeeSchema,
    balances: z.array(
      z.object({
        currency: z.string(),
        availableCents: z.number().meta({
          description:
            'Below zero: a clawback (a refund or chargeback after payout) owed from later earnings.',
        }),
        pendingCents: z.number(),
        inFlightCents: z.number(),
        paidOutCents: z.number(),
      }),
    ),
    payouts: z.array(payoutSchema).meta({ description: 'The 20 most recent, newest first.' }),
  })
  .meta({ id: 'ReferrerPayouts' });

export const payoutMethodResultSchema = z
  .object({
    payee: payeeSchema,
    onboardingUrl: z.string().nullable().meta({
      description: 'Stripe Connect: the link the referrer follows to finish their account; null otherwise.',
    }),
  })
  .meta({ id: 'PayoutMethodResult' });

export const payoutWebhookReceiptSchema = z.object({
  received: z.literal(true),
  changed: z.int().meta({ description: 'Payouts the delivery changed (0 for a repeat).' }),
});
