/**
 * Where the library sends its calls: `data-api` on its script tag, else the script's own origin (the
 * gateway serves it), and the tenant from `data-tenant` until a call names one.
 */
export const env: { api: string; tenant: string | undefined } = { api: '', tenant: undefined };

/** Read once, while the script runs (document.currentScript is only set then). */
export function readScriptTag(): void {
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>('script[src*="/js/referral"]');
  const api =
    script?.dataset.api || (script?.src ? new URL(script.src, location.href).origin : location.origin);
  env.api = api.replace(/\/+$/, '');
  env.tenant = script?.dataset.tenant || undefined;
}
