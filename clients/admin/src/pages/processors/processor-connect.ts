/**
 * What the Install page's processor sections share: the connection's type, the connect mutation, how a
 * form reports to the card, and a refused connect's errors by field.
 */
import type { ComponentChildren } from 'preact';
import { ApiError, type Mode } from '../../api';
import { graphql } from '../../gql';
import type { InstallQuery } from '../../gql/graphql';

export type ProcessorConnection = NonNullable<InstallQuery['paymentProcessor']>;
export type ProcessorKind = ProcessorConnection['processor'];

export const PROCESSOR_NAME: Record<ProcessorKind, string> = { BRAINTREE: 'Braintree', STRIPE: 'Stripe' };

export const CONNECT = graphql(`
  mutation Connect($input: ConnectPaymentProcessorInput!) {
    connectPaymentProcessor(input: $input) {
      environment
      webhookRegistration
    }
  }
`);
/** What a form tells the card: a notice or an error above the forms, and that the state changed. */
export interface Feedback {
  notice: (text: string | null) => void;
  error: (text: string | null) => void;
  changed: () => void;
}

/** A refused connect's validation errors, by field (`input.secretKey` → secretKey), for `fields` only. */
export function fieldErrors<F extends string>(
  err: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const issues = err instanceof ApiError ? (err.validationErrors ?? []) : [];
  const mapped: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = issue.field.replace(/^input\./, '') as F;
    // A sentence under its field: "must be …" → "Must be …".
    const message = issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
    if (fields.includes(field)) mapped[field] ??= message;
  }
  return mapped;
}

/** The card's Disconnect button, drawn in a form's button row (disabled while that form is busy). */
export type DisconnectButton = (busy: boolean) => ComponentChildren;

/** What each processor's section is given. */
export interface SectionProps {
  connection: ProcessorConnection | null;
  mode: Mode;
  editable: boolean;
  feedback: Feedback;
  disconnectButton: DisconnectButton;
}
