/* Stripe's request encoding: application/x-www-form-urlencoded with bracketed keys (a[b][0]=c). */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Params = Record<string, FormValue>;

function setPath(target: Record<string, FormValue>, keys: string[], value: string) {
  let node: Record<string, FormValue> = target;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) node[key] = value;
    else {
      const next = node[key];
      if (typeof next !== 'object' || next === null) node[key] = {};
      node = node[key] as Record<string, FormValue>;
    }
  });
}

/** Objects whose keys are all 0..n become arrays, as Stripe reads `items[0][price]`. */
function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const mapped = Object.fromEntries(keys.map((k) => [k, arrays(value[k]!)]));
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k)))
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => mapped[k]!);
  return mapped;
}

export function parseForm(raw: string): Params {
  const out: Record<string, FormValue> = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    const [head, ...rest] = name.split('[');
    const keys = [head!, ...rest.map((part) => part.replace(/\]$/, ''))].map((k) => (k === '' ? '0' : k));
    setPath(out, keys, value);
  }
  return arrays(out) as Params;
}

/** The inverse, for requests the front makes to localstripe itself. */
export function encodeForm(params: Record<string, unknown>): string {
  const pairs: [string, string][] = [];
  const walk = (prefix: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(`${prefix}[${i}]`, v));
    else if (typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(prefix ? `${prefix}[${k}]` : k, v);
    else pairs.push([prefix, String(value)]);
  };
  walk('', params);
  return new URLSearchParams(pairs).toString();
}

export function str(params: Params, key: string): string | undefined {
  const value = params[key];
  return typeof value === 'string' ? value : undefined;
}

export function obj(params: Params, key: string): Params | undefined {
  const value = params[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

export function list(params: Params, key: string): FormValue[] | undefined {
  const value = params[key];
  return Array.isArray(value) ? value : undefined;
}

/** Stripe's metadata: string values; an empty string deletes a key on update. */
export function metadataOf(params: Params, current: Record<string, string> = {}): Record<string, string> {
  const given = obj(params, 'metadata');
  if (!given) return current;
  const next = { ...current };
  for (const [k, v] of Object.entries(given)) {
    if (v === '') delete next[k];
    else next[k] = String(v);
  }
  return next;
}
