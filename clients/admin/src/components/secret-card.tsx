import type { ComponentChildren } from 'preact';
import { Card } from './card';
import { CopyButton } from './copy-button';

export interface SecretCardProps {
  title: ComponentChildren;
  titleId: string;
  testId: string;
  /** The warning's first, bold sentence, e.g. "Store it now: it will not be shown again." */
  warning: string;
  /** The rest of the warning: what to do with the secret. */
  advice: ComponentChildren;
  /** The secret (a CopyableValue) and anything around it. */
  children: ComponentChildren;
  /** "I have stored it": the page forgets the secret. */
  onDone: () => void;
}

/** A secret shown this once (a new API key, a generated password): a warning, the secret, "I have stored it". */
export function SecretCard({ title, titleId, testId, warning, advice, children, onDone }: SecretCardProps) {
  return (
    <Card title={title} titleId={titleId} class="new-secret" testId={testId}>
      <p class="secret-warning" role="status">
        <strong>{warning}</strong> {advice}
      </p>
      {children}
      <div class="secret-actions">
        <button type="button" class="button button-secondary" onClick={onDone}>
          I have stored it
        </button>
      </div>
    </Card>
  );
}

export interface CopyableValueProps {
  value: string;
  /** The copy button's text, e.g. "Copy key". */
  copyLabel: string;
  /** The value's data-testid. */
  testId?: string;
  copyTestId?: string;
  /** Keep the value on the button's line down to a wider box (a URL) before the button wraps. */
  wide?: boolean;
}

/** A value to hand on (a key, a password, a URL): selectable text with a Copy button beside it. */
export function CopyableValue({ value, copyLabel, testId, copyTestId, wide }: CopyableValueProps) {
  return (
    <span class={wide ? 'copyable copyable-wide' : 'copyable'}>
      <code class="copyable-value" data-testid={testId}>
        {value}
      </code>
      <CopyButton text={value} label={copyLabel} testId={copyTestId} />
    </span>
  );
}
