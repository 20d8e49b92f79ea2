/**
 * One kind's template in one locale: the subject and body fields, the kind's variables (a click puts
 * one in at the caret), a live preview (asked of the server a moment after each keystroke), Save, Reset
 * to default and a test send. The server refuses unknown variables, named: its words go under the field.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, gql } from '../../api';
import {
  ChangeOutcome,
  ConfirmDialog,
  errorMessage,
  Field,
  ReadOnlyValue,
  useReadOnly,
} from '../../components';
import type { NotificationKind } from '../../gql/graphql';
import {
  NOTIFICATION_PREVIEW,
  RESET_TEMPLATE,
  UPDATE_TEMPLATE,
  type NotificationTemplate,
} from './notification-queries';
import type { Locale } from './notification-words';
import { TemplatePreview, type PreviewValue } from './template-preview';
import { TestSend } from './test-send';
import { Form } from './form-or-block';

const PREVIEW_DELAY_MS = 300;
type Part = 'subject' | 'body';
type Errors = Partial<Record<Part, string>>;

/** The server's field errors (subject, body) of a refusal, and what is left for the form. */
function fieldErrors(err: unknown): { errors: Errors; rest: string | null } {
  const errors: Errors = {};
  if (err instanceof ApiError) {
    for (const issue of err.validationErrors ?? []) {
      if (issue.field === 'subject' || issue.field === 'body') {
        errors[issue.field] = errors[issue.field]
          ? `${errors[issue.field]}; ${issue.message}`
          : issue.message;
      }
    }
  }
  return { errors, rest: Object.keys(errors).length > 0 ? null : errorMessage(err) };
}

export interface TemplateFormProps {
  programId: string | null;
  kind: NotificationKind;
  locale: Locale;
  template: NotificationTemplate;
  variables: string[];
  smtpConfigured: boolean;
}

export function TemplateForm({
  programId,
  kind,
  locale,
  template,
  variables,
  smtpConfigured,
}: TemplateFormProps) {
  const readOnly = useReadOnly();
  const [saved, setSaved] = useState({ subject: template.subject, body: template.body });
  const [customized, setCustomized] = useState(template.customized);
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [errors, setErrors] = useState<Errors>({});
  const [preview, setPreview] = useState<PreviewValue | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(true);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resetOpen, setResetOpen] = useState(false);
  const lastField = useRef<Part>('body');
  const latest = useRef(0);
  const dirty = subject !== saved.subject || body !== saved.body;

  useEffect(() => {
    const id = ++latest.current;
    setPending(true);
    const timer = window.setTimeout(() => {
      gql(NOTIFICATION_PREVIEW, { programId, kind, locale, subject, body }).then(
        (data) => {
          if (id !== latest.current) return;
          setPreview(data.notificationPreview);
          setProblem(null);
          setErrors({});
          setPending(false);
        },
        (err: unknown) => {
          if (id !== latest.current) return;
          const { errors: found, rest } = fieldErrors(err);
          setErrors(found);
          setProblem(rest ?? Object.values(found).join('; '));
          setPending(false);
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [programId, kind, locale, subject, body]);

  function insert(name: string) {
    const part = lastField.current;
    const el = document.getElementById(`field-${part}`) as HTMLInputElement | HTMLTextAreaElement | null;
    const value = part === 'subject' ? subject : body;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const token = `{{${name}}}`;
    const next = value.slice(0, start) + token + value.slice(end);
    (part === 'subject' ? setSubject : setBody)(next);
    window.requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  async function save(event: Event) {
    event.preventDefault();
    setBusy(true);
    setFormError(null);
    setNotice(null);
    try {
      const { updateNotificationTemplate: t } = await gql(UPDATE_TEMPLATE, {
        programId,
        kind,
        locale,
        subject,
        body,
      });
      setSaved({ subject: t.subject, body: t.body });
      setCustomized(t.customized);
      setNotice('The template is saved: the next e-mails use it.');
    } catch (err) {
      const { errors: found, rest } = fieldErrors(err);
      setErrors(found);
      setFormError(rest ?? 'The template was not saved: see the fields.');
    } finally {
      setBusy(false);
    }
  }

  async function reset() {
    const { resetNotificationTemplate: t } = await gql(RESET_TEMPLATE, { programId, kind, locale });
    setSaved({ subject: t.subject, body: t.body });
    setSubject(t.subject);
    setBody(t.body);
    setCustomized(false);
    setErrors({});
    setFormError(null);
    setNotice('Back to the built-in text.');
    setResetOpen(false);
  }

  const focusTracker = (part: Part) => () => {
    lastField.current = part;
  };

  return (
    <div class="template-editor">
      <Form
        readOnly={readOnly}
        class="template-form"
        onSubmit={save}
        noValidate
        aria-label="Template"
        data-testid="template-form"
      >
        <p class="table-note" data-testid="template-origin">
          {customized ? 'Your own text.' : 'The built-in text.'}
          {dirty && !readOnly && ' Unsaved changes.'}
        </p>
        <Field
          label="Subject"
          name="subject"
          value={subject}
          error={errors.subject}
          maxLength={200}
          spellcheck
          onFocus={focusTracker('subject')}
          onInput={(e) => setSubject(e.currentTarget.value)}
        />
        {readOnly ? (
          <ReadOnlyValue label="Body" name="body" value={<span class="pre-wrap">{body}</span>} />
        ) : (
          <Field
            label="Body"
            name="body"
            error={errors.body}
            hint="Plain text: a blank line starts a paragraph; links become clickable. Values are escaped."
          >
            {(control) => (
              <textarea
                {...control}
                class="input template-body"
                rows={12}
                maxLength={10000}
                value={body}
                onFocus={focusTracker('body')}
                onInput={(e) => setBody(e.currentTarget.value)}
              />
            )}
          </Field>
        )}
        <div class="template-variables" data-testid="variables">
          <h3 class="template-variables-title" id="variables-title">
            Variables
          </h3>
          <p class="field-hint">
            {readOnly
              ? 'What the template may use, in double braces.'
              : 'Click one to put it in at the caret (of the subject or the body, whichever you were in).'}
          </p>
          <ul class="variable-list" aria-labelledby="variables-title">
            {variables.map((v) => (
              <li key={v}>
                {readOnly ? (
                  <code class="variable">{`{{${v}}}`}</code>
                ) : (
                  <button
                    type="button"
                    class="variable"
                    data-testid={`variable-${v}`}
                    aria-label={`Insert {{${v}}}`}
                    onClick={() => insert(v)}
                  >
                    {`{{${v}}}`}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
        <ChangeOutcome error={formError} notice={notice} testId="template" />
        {!readOnly && (
          <div class="button-row">
            <button type="submit" class="button" disabled={busy || !dirty} data-testid="template-save">
              {busy ? 'Saving…' : 'Save'}
            </button>
            <button
              type="button"
              class="button button-secondary"
              disabled={!customized}
              data-testid="template-reset"
              onClick={() => setResetOpen(true)}
            >
              Reset to default
            </button>
          </div>
        )}
      </Form>
      <div class="template-side">
        <TemplatePreview preview={preview} pending={pending} problem={problem} />
        {!readOnly && (
          <TestSend
            programId={programId}
            kind={kind}
            locale={locale}
            dirty={dirty}
            smtpConfigured={smtpConfigured}
          />
        )}
      </div>
      {!readOnly && (
        <ConfirmDialog
          open={resetOpen}
          title="Reset to the built-in text?"
          confirmLabel="Reset to default"
          danger
          onConfirm={reset}
          onClose={() => setResetOpen(false)}
        >
          <p>Your own subject and body for this language are removed; the built-in text is sent instead.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
