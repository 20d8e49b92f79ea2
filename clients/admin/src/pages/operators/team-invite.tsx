/**
 * The Team page's invitation: the form (e-mail and role) and the invited operator's one-time link to
 * choose their own password, shown this once (nobody sees another's password).
 * A reset answers the same kind of link. Also the role select the page's table uses.
 */
import { useState } from 'preact/hooks';
import { ApiError, gql, type Role } from '../../api';
import { Card, CopyableValue, errorMessage, Field, SecretCard } from '../../components';
import { ROLE_LABELS } from '../../session';
import { graphql } from '../../gql';
import type { InviteOperatorMutation } from '../../gql/graphql';

export type InvitedOperator = InviteOperatorMutation['inviteOperator'] & {
  /** A reset of an existing operator's access rather than an invitation. */
  reset?: boolean;
};

const INVITE = graphql(`
  mutation InviteOperator($email: String!, $role: OperatorRole!) {
    inviteOperator(email: $email, role: $role) {
      email
      role
      link
      expiresAt
    }
  }
`);

const ROLES: Role[] = ['VIEWER', 'ADMIN', 'OWNER'];

export function RoleSelect(props: {
  id?: string;
  name?: string;
  value: Role;
  label?: string;
  describedBy?: string;
  onChange: (role: Role) => void;
}) {
  return (
    <select
      class="input role-select"
      id={props.id}
      name={props.name}
      value={props.value}
      aria-label={props.label}
      aria-describedby={props.describedBy}
      onChange={(e) => props.onChange(e.currentTarget.value as Role)}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

/** The invite form: e-mail and role; the answer's one-time link is shown once by the page. */
export function InviteForm({ onInvited }: { onInvited: (invited: InvitedOperator) => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('VIEWER');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    setFormError(null);
    if (!email.trim()) {
      setEmailError('Enter the e-mail address of the person to invite');
      return;
    }
    setEmailError(null);
    setBusy(true);
    try {
      const answer = await gql(INVITE, { email: email.trim(), role });
      setEmail('');
      setRole('VIEWER');
      onInvited(answer.inviteOperator);
    } catch (err) {
      const fieldError =
        err instanceof ApiError ? err.validationErrors?.find((e) => e.field === 'email') : undefined;
      if (fieldError) setEmailError(fieldError.message);
      else if (err instanceof ApiError && err.code === 'OPERATOR_EXISTS') setEmailError(err.message);
      else setFormError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Invite an operator" titleId="invite-title">
      {formError && (
        <p class="form-error" role="alert">
          {formError}
        </p>
      )}
      <form class="invite-form" onSubmit={submit} noValidate>
        <Field
          label="E-mail"
          name="email"
          type="email"
          autocomplete="off"
          autocapitalize="none"
          spellcheck={false}
          value={email}
          error={emailError}
          onInput={(e) => setEmail(e.currentTarget.value)}
        />
        <Field label="Role" name="role">
          {(control) => (
            <RoleSelect
              id={control.id}
              name={control.name}
              value={role}
              describedBy="invite-roles"
              onChange={setRole}
            />
          )}
        </Field>
        <div class="invite-submit">
          <button type="submit" class="button" disabled={busy}>
            {busy ? 'Inviting…' : 'Invite'}
          </button>
        </div>
      </form>
      <p class="table-note" id="invite-roles">
        Viewers read everything and change nothing. Admins also change the program, keys and imports. Owners
        also manage the team.
      </p>
    </Card>
  );
}

/** The invited (or reset) operator's one-time link, shown this once. */
export function InviteResult({
  invited,
  alias,
  onDone,
}: {
  invited: InvitedOperator;
  alias: string;
  onDone: () => void;
}) {
  return (
    <SecretCard
      title={invited.reset ? `${invited.email}'s access was reset` : `${invited.email} is invited`}
      titleId="invited-title"
      testId="invite-result"
      warning="Copy the link now: it will not be shown again. It works once."
      advice={`Give it to them over a channel you trust. They choose their own password with it before ${new Date(invited.expiresAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}.`}
      onDone={onDone}
    >
      <dl class="sign-in-details">
        <dt>Program</dt>
        <dd class="mono">{alias}</dd>
        <dt>E-mail</dt>
        <dd>{invited.email}</dd>
        <dt>Role</dt>
        <dd>{ROLE_LABELS[invited.role]}</dd>
        <dt>Link</dt>
        <dd>
          <CopyableValue value={invited.link} copyLabel="Copy link" testId="invite-link" />
        </dd>
      </dl>
    </SecretCard>
  );
}
