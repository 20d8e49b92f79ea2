/**
 * The Webhooks page's endpoint form, for adding one and for editing one: URL, description and the event
 * types (checkboxes from the catalogue; none chosen means every type). The API's validation errors
 * (`input.url`, `input.eventTypes.N`, `input.description`) show under their fields.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { focusUnlessTyping } from '../../hooks';
import { ApiError, gql } from '../../api';
import { CheckboxField, errorMessage, Field } from '../../components';
import {
  CREATE_ENDPOINT,
  UPDATE_ENDPOINT,
  type ShownSecret,
  type WebhookEndpoint,
  type WebhookEventType,
} from './webhook-queries';

export interface WebhookEndpointFormProps {
  eventTypes: WebhookEventType[];
  /** The endpoint to edit; absent: a new one. */
  endpoint?: WebhookEndpoint;
  /** A new endpoint was created (its secret, shown once) or the endpoint was saved. */
  onSaved: (result: { endpoint: WebhookEndpoint; created?: ShownSecret }) => void;
  onCancel: () => void;
}

type FieldName = 'url' | 'description' | 'eventTypes';
type Errors = Partial<Record<FieldName, string>>;

/** The API's validation errors by the form's field (the first message of each). */
function fieldErrors(err: ApiError): Errors {
  const errors: Errors = {};
  for (const issue of err.validationErrors ?? []) {
    const name = issue.field.replace(/^input\./, '').split('.')[0] as FieldName;
    if ((name === 'url' || name === 'description' || name === 'eventTypes') && !errors[name]) {
      errors[name] = issue.message;
    }
  }
  return errors;
}

export function WebhookEndpointForm({ eventTypes, endpoint, onSaved, onCancel }: WebhookEndpointFormProps) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [chosen, setChosen] = useState<string[]>(endpoint?.eventTypes ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const urlInput = useRef<HTMLDivElement>(null);
  const editing = endpoint !== undefined;
  const prefix = editing ? `edit-${endpoint.id}` : 'new';

  // The form opens with the URL focused, so the keyboard carries on where the button was pressed
  // (before the first paint, and never out of a field already being typed in).
  useLayoutEffect(() => {
    focusUnlessTyping(urlInput.current?.querySelector('input'));
  }, []);

  function toggle(name: string, on: boolean) {
    setChosen((current) => (on ? [...current, name] : current.filter((n) => n !== name)));
  }

  async function submit(event: Event) {
    event.preventDefault();
    setFormError(null);
    if (!url.trim()) {
      setErrors({ url: 'Enter the URL that receives the webhooks' });
      urlInput.current?.querySelector('input')?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const input = { url: url.trim(), description: description.trim(), eventTypes: chosen };
    try {
      if (endpoint) {
        const answer = await gql(UPDATE_ENDPOINT, {
          id: endpoint.id,
          input,
        });
        onSaved({ endpoint: answer.updateWebhookEndpoint });
      } else {
        const answer = await gql(CREATE_ENDPOINT, { input });
        const { secret, endpoint: created } = answer.createWebhookEndpoint;
        onSaved({ endpoint: created, created: { kind: 'created', endpoint: created, secret } });
      }
    } catch (err) {
      const found = err instanceof ApiError ? fieldErrors(err) : {};
      if (Object.keys(found).length > 0) setErrors(found);
      else setFormError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const typesHintId = `${prefix}-types-hint`;
  const typesErrorId = `${prefix}-types-error`;
  return (
    <form class="webhook-form" onSubmit={submit} noValidate data-testid="webhook-form">
      {formError && (
        <p class="form-error" role="alert" data-testid="webhook-form-error">
          {formError}
        </p>
      )}
      <fieldset class="plain-fieldset" disabled={busy}>
        <div ref={urlInput}>
          <Field
            label="URL"
            name={`${prefix}-url`}
            type="url"
            inputMode="url"
            autocomplete="off"
            autocapitalize="none"
            spellcheck={false}
            placeholder="https://example.com/webhooks/referrals"
            hint="Where we send the events: an https address your systems answer with a 2xx status."
            class="input mono"
            value={url}
            error={errors.url}
            onInput={(e) => setUrl(e.currentTarget.value)}
          />
        </div>
        <Field
          label="Description (optional)"
          name={`${prefix}-description`}
          maxLength={500}
          autocomplete="off"
          hint="For your team: what this endpoint is for."
          value={description}
          error={errors.description}
          onInput={(e) => setDescription(e.currentTarget.value)}
        />
        <fieldset
          class="plain-fieldset webhook-types"
          aria-describedby={errors.eventTypes ? `${typesHintId} ${typesErrorId}` : typesHintId}
        >
          <legend class="field-label">Event types</legend>
          <p class="field-hint" id={typesHintId}>
            Choose the events this endpoint receives. None chosen: it receives every event, including types
            added later.
          </p>
          <div class="webhook-type-grid">
            {eventTypes.map((type) => (
              <CheckboxField
                key={type.name}
                name={`${prefix}-type-${type.name}`}
                label={<span class="mono">{type.name}</span>}
                hint={type.description}
                checked={chosen.includes(type.name)}
                onChange={(on) => toggle(type.name, on)}
              />
            ))}
          </div>
          {errors.eventTypes && (
            <p class="field-error" id={typesErrorId} data-testid={`error-${prefix}-eventTypes`}>
              {errors.eventTypes}
            </p>
          )}
        </fieldset>
        <div class="form-buttons">
          <button type="submit" class="button" data-testid="webhook-form-submit">
            {busy ? 'Saving…' : editing ? 'Save changes' : 'Add endpoint'}
          </button>
          <button type="button" class="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </fieldset>
    </form>
  );
}
