import { useEffect, useState } from 'preact/hooks';

export interface CopyButtonProps {
  /** What goes on the clipboard. */
  text: string;
  /** The button's text, e.g. "Copy link" (default "Copy"). */
  label?: string;
  testId?: string;
}

/** Copies `text` to the clipboard; says "Copied" (or that it failed) for two seconds, announced politely. */
export function CopyButton({ text, label = 'Copy', testId }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <span class="copy">
      <button type="button" class="button button-secondary button-small" data-testid={testId} onClick={copy}>
        {state === 'copied' ? 'Copied' : label}
      </button>
      <span class="visually-hidden" role="status" aria-live="polite">
        {state === 'copied' ? 'Copied to the clipboard' : state === 'failed' ? 'Copying failed' : ''}
      </span>
      {state === 'failed' && <span class="copy-failed">Select the text and copy it by hand</span>}
    </span>
  );
}
