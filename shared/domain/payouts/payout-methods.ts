import { z } from 'zod';
import type { DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import type { SecretBox } from '../../crypto/secret-box';
import type { PayoutDestination } from '../../payouts/payout-provider';
import { createAccountsRepo } from '../../repos/accounts.repo';
import { createPayeesRepo, type PayeeRow, type PayoutMethodName } from '../../repos/payees.repo';
import { recordAudit, type AuditInput } from '../common/audit-log';

const email = z.string().trim().toLowerCase().email('must be an e-mail address').max(254);

/** A payout method a referrer adds: a PayPal e-mail, a gift card by e-mail, or Stripe Connect onboarding. */
export const payoutMethodInputSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('PAYPAL'), email }),
  z.strictObject({ type: z.literal('GIFT_CARD'), email, name: z.string().trim().min(1).max(120).optional() }),
  z.strictObject({
    type: z.literal('STRIPE_CONNECT'),
    email,
    country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166 country code such as US'),
  }),
]);
export type PayoutMethodInput = z.output<typeof payoutMethodInputSchema>;

/** A payee's tax status: form received and country (we do not collect forms ourselves). */
export const taxStatusInputSchema = z.strictObject({
  formReceived: z.boolean(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166 country code such as US')
    .nullable()
    .optional(),
});

/**
 * Who changed a payee, for the audit entry (an operator, an API key or the referrer's user token); null
 * when the caller audits the change itself (GraphQL's mutations are audited by operator-guard.ts).
 */
export type PayeeAudit = Pick<AuditInput, 'operator' | 'actor' | 'client'> | null;

/** A payee's method as it may be shown: its type and masked details, never the details themselves. */
export interface PayeeView {
  accountId: string;
  method: { type: PayoutMethodName; masked: string; updatedAt: string } | null;
  taxFormReceived: boolean;
  taxCountry: string | null;
  held: boolean;
  heldReason: string | null;
}

export function presentPayee(accountId: string, row: PayeeRow | undefined): PayeeView {
  return {
    accountId,
    method:
      row?.method_type && row.method_masked
        ? {
            type: row.method_type,
            masked: row.method_masked,
            updatedAt: row.method_updated_at!.toISOString(),
          }
        : null,
    taxFormReceived: row?.tax_form_received ?? false,
    taxCountry: row?.tax_country ?? null,
    held: row?.held_at != null,
    heldReason: row?.held_reason ?? null,
  };
}

/** `jane@example.com` → `j•••@example.com`; an account id keeps its last four characters. */
export function maskEmail(value: string): string {
  const [local, domain] = value.split('@') as [string, string];
  return `${local.slice(0, 1)}•••@${domain}`;
}

export function maskAccount(value: string): string {
  return `${value.slice(0, value.indexOf('_') + 1)}…${value.slice(-4)}`;
}

export function requireBox(box: SecretBox | undefined): SecretBox {
  if (box) return box;
  throw new AppError(
    'SECRET_KEY_NOT_CONFIGURED',
    'Payouts need SECRET_KEY, which seals payout details and provider keys at rest. Set SECRET_KEY (32+ random characters, the same on every gateway and worker) and restart.',
  );
}

/** Where a payee's money goes, opened from its sealed details; null when it has no method. */
export function destinationOf(box: SecretBox, row: PayeeRow): PayoutDestination | null {
  if (!row.method_sealed) return null;
  return JSON.parse(box.open(row.method_sealed, row.tenant_id)) as PayoutDestination;
}

export async function requireAccount(db: DbOrTrx, tenantId: string, accountId: string): Promise<void> {
  if (!(await createAccountsRepo(db).find(tenantId, accountId))) {
    throw new AppError('NOT_FOUND', `No account "${accountId}"`);
  }
}

/**
 * Stores a payee's method (sealed, with its masked form) and audits the change with the masked old and
 * new methods. The Stripe Connect account is made by the caller (payee-onboarding.ts) and passed here.
 */
export async function savePayoutMethod(
  db: DbOrTrx,
  box: SecretBox,
  tenantId: string,
  accountId: string,
  destination: PayoutDestination,
  audit: PayeeAudit,
): Promise<PayeeView> {
  const masked =
    destination.type === 'STRIPE_CONNECT' ? maskAccount(destination.accountId) : maskEmail(destination.email);
  return db.transaction(async (trx) => {
    await requireAccount(trx, tenantId, accountId);
    const payees = createPayeesRepo(trx);
    const before = await payees.find(tenantId, accountId, trx);
    const row = await payees.upsert(
      tenantId,
      accountId,
      {
        method_type: destination.type,
        method_sealed: box.seal(JSON.stringify(destination), tenantId),
        method_masked: masked,
        method_updated_at: trx.raw('clock_timestamp()') as unknown as Date,
      },
      trx,
    );
    if (audit)
      await recordAudit(trx, {
        ...audit,
        tenantId,
        action: 'payee.method.changed',
        target: accountId,
        details: { from: before?.method_masked ?? null, to: masked, type: destination.type },
      });
    return presentPayee(accountId, row);
  });
}

/** Records a payee's tax status (audited). */
export async function setTaxStatus(
  db: DbOrTrx,
  tenantId: string,
  accountId: string,
  input: z.output<typeof taxStatusInputSchema>,
  audit: PayeeAudit,
): Promise<PayeeView> {
  return db.transaction(async (trx) => {
    await requireAccount(trx, tenantId, accountId);
    const row = await createPayeesRepo(trx).upsert(
      tenantId,
      accountId,
      {
        tax_form_received: input.formReceived,
        ...(input.country !== undefined ? { tax_country: input.country } : {}),
      },
      trx,
    );
    if (audit)
      await recordAudit(trx, {
        ...audit,
        tenantId,
        action: 'payee.tax.changed',
        target: accountId,
        details: { formReceived: input.formReceived, country: row.tax_country },
      });
    return presentPayee(accountId, row);
  });
}

/** An operator holds a payee (no payout until released) or releases them (audited). */
export async function holdPayee(
  db: DbOrTrx,
  tenantId: string,
  accountId: string,
  hold: { held: boolean; reason?: string | null },
  audit: PayeeAudit,
): Promise<PayeeView> {
  return db.transaction(async (trx) => {
    await requireAccount(trx, tenantId, accountId);
    const row = await createPayeesRepo(trx).upsert(
      tenantId,
      accountId,
      hold.held
        ? { held_at: trx.raw('clock_timestamp()') as unknown as Date, held_reason: hold.reason ?? null }
        : { held_at: null, held_reason: null },
      trx,
    );
    if (audit)
      await recordAudit(trx, {
        ...audit,
        tenantId,
        action: hold.held ? 'payee.held' : 'payee.released',
        target: accountId,
        details: { reason: hold.reason ?? null },
      });
    return presentPayee(accountId, row);
  });
}
