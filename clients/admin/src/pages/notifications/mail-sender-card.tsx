/**
 * The tenant's sender (name and address) within the deployment's allowed domains; the server's refusal
 * goes under the field it names. Empty fields: the deployment's MAIL_FROM.
 */
import { useState } from 'preact/hooks';
import { ApiError, gql } from '../../api';
import { Card, ChangeOutcome, errorMessage, Field, useReadOnly } from '../../components';
import type { MailSettingsQuery } from '../../gql/graphql';
import { Form } from './form-or-block';
import { SET_MAIL_SENDER } from './notification-queries';

type Sender = MailSettingsQuery['mailSender'];
type Errors = { name?: string; address?: string };

export function MailSenderCard({ sender, onSaved }: { sender: Sender; onSaved: () => void }) {
  const readOnly = useReadOnly();
  const [name, setName] = useState(sender.name ?? '');
  const [address, setAddress] = useState(sender.address ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const domains = sender.allowedDomains;

  async function save(event: Event) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFormError(null);
    setNotice(null);
    try {
      const { setMailSender } = await gql(SET_MAIL_SENDER, {
        name: name.trim() || null,
        address: address.trim() || null,
      });
      setNotice(`Saved: e-mails are sent from ${setMailSender.effective}.`);
      onSaved();
    } catch (err) {
      const found: Errors = {};
      if (err instanceof ApiError) {
        for (const issue of err.validationErrors ?? []) {
          if (issue.field === 'name' || issue.field === 'address') found[issue.field] = issue.message;
        }
      }
      setErrors(found);
      setFormError(
        Object.keys(found).length > 0 ? 'The sender was not saved: see the fields.' : errorMessage(err),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Sender" titleId="mail-sender-title" testId="sender-card">
      <p class="sender-effective">
        Recipients see:{' '}
        <strong class="mono" data-testid="sender-effective">
          {sender.effective}
        </strong>
      </p>
      <Form
        readOnly={readOnly}
        class="payout-form"
        onSubmit={save}
        noValidate
        aria-label="Sender"
        data-testid="sender-form"
      >
        <Field
          label="Name"
          name="name"
          value={name}
          maxLength={100}
          error={errors.name ? `This name ${errors.name}` : null}
          hint="Empty: the deployment’s sender name (MAIL_FROM)."
          onInput={(e) => setName(e.currentTarget.value)}
        />
        <Field
          label="Address"
          name="address"
          type="email"
          value={address}
          error={errors.address ? `This address ${errors.address}` : null}
          hint={
            <span data-testid="sender-domains">
              {domains.length > 0
                ? `In one of the allowed domains: ${domains.join(', ')}. Empty: the deployment’s address.`
                : 'No domains are allowed (MAIL_SENDER_DOMAINS is empty): the deployment’s address is used.'}
            </span>
          }
          onInput={(e) => setAddress(e.currentTarget.value)}
        />
        <ChangeOutcome error={formError} notice={notice} testId="sender" />
        {!readOnly && (
          <button type="submit" class="button" disabled={busy} data-testid="sender-save">
            {busy ? 'Saving…' : 'Save sender'}
          </button>
        )}
      </Form>
    </Card>
  );
}
