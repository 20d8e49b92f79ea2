import type { ComponentChildren, FormHTMLAttributes } from 'preact';

/** A form, or a plain block when read-only (a VIEWER's page holds no form). */
export function Form({
  readOnly,
  children,
  ...props
}: {
  readOnly: boolean;
  children: ComponentChildren;
  'data-testid'?: string;
} & FormHTMLAttributes<HTMLFormElement>) {
  return readOnly ? (
    <div class={props.class as string} data-testid={props['data-testid']}>
      {children}
    </div>
  ) : (
    <form {...props}>{children}</form>
  );
}
