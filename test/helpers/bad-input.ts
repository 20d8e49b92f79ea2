/**
 * The string sweep of every input that can reach PostgreSQL, sent with a NUL, a lone UTF-16
 * surrogate and (for ids) a control character. A sweep names an input's fields; each field becomes one
 * case per bad value, and the error must name the field.
 */
import { SAFE_FRAUD_POLICY } from '../../shared/db/migrations/029-operator-numbers';
import type { TestGateway } from './harness';

export const NUL = 'a\u0000b';
export const SURROGATE = 'a\ud800b';
export const CONTROL = 'a\u0007b';

type Json = Record<string, any>;

/**
 * How the value travels. URL and form encodings cannot carry a lone surrogate (they are UTF-8), nor can a
 * GraphQL string literal (its lexer refuses the escape: a syntax error); JSON bodies and variables can.
 */
export type Channel = 'url' | 'form' | 'json' | 'literal';

/**
 * A field: where the value goes (a dotted path into the input, e.g. `events.0.fields.note`), the path
 * the error must name (default: the same), and how the bad string becomes the value (default: itself;
 * e.g. an object key, or the tail of a URL).
 */
export type FieldSpec = string | { at: string; named: string; value?: (bad: string) => unknown };

export interface Sweep {
  name: string;
  channel: Channel;
  /** Sends the input with `value` placed at `at`. */
  send(at: string, value: unknown): Promise<Response>;
  /** Fields that refuse control characters too. */
  ids?: FieldSpec[];
  /** Free text: control characters are fine (a tab in a name), NUL and lone surrogates are not. */
  texts?: FieldSpec[];
}

const BAD = [
  { what: 'a NUL', bad: NUL, kinds: ['id', 'text'] },
  { what: 'a lone surrogate', bad: SURROGATE, kinds: ['id', 'text'] },
  { what: 'a control character', bad: CONTROL, kinds: ['id'] },
];

/** [sweep name, bad value's name, field the error must name, send] for test.each. */
export function sweepCases(sweeps: Sweep[]): [string, string, string, () => Promise<Response>][] {
  return sweeps.flatMap((sweep) =>
    (['id', 'text'] as const).flatMap((kind) =>
      ((kind === 'id' ? sweep.ids : sweep.texts) ?? []).flatMap((spec) => {
        const { at, named, value } = typeof spec === 'string' ? { at: spec, named: spec } : spec;
        return BAD.filter((b) => b.kinds.includes(kind))
          .filter((b) => b.bad !== SURROGATE || sweep.channel === 'json')
          .map(({ what, bad }) => {
            const send = () => sweep.send(at, value ? value(bad) : bad);
            return [`${sweep.name} ${at}`, what, named, send] as [string, string, string, typeof send];
          });
      }),
    ),
  );
}

/** A deep copy of `base` with `value` at the dotted path `at`. */
export function withValue(base: Json, at: string, value: unknown): Json {
  const copy = structuredClone(base);
  const keys = at.split('.');
  let node: Json = copy;
  for (const key of keys.slice(0, -1)) node = node[key] ??= {};
  node[keys.at(-1)!] = value;
  return copy;
}

export async function expectServing(gw: TestGateway): Promise<void> {
  expect((await fetch(`${gw.url}/healthz`)).status).toBe(200);
  expect((await fetch(`${gw.url}/readyz`)).status).toBe(200);
}

/**
 * After a sweep of refused inputs: the tenant has no rows in `tables` and its program is as created (the
 * refused program changes left nothing behind).
 */
export async function expectNothingStored(
  gw: TestGateway,
  alias: string,
  tables: readonly string[],
): Promise<void> {
  const { id } = await gw.deps.db('tenants').where({ alias }).first('id');
  const count = async (table: string) =>
    Number((await gw.deps.db(table).where({ tenant_id: id }).count({ n: '*' }))[0]!.n);
  for (const table of tables) expect([table, await count(table)]).toEqual([table, 0]);
  const row = await gw.deps.db('tenants').where({ id }).first();
  expect(row).toMatchObject({
    name: alias,
    landing_url: null,
    conversion_event_key: null,
    payment_event_key: null,
    website_url: null,
    allowed_origins: [],
    widget_headline: null,
    widget_subheadline: null,
    max_attributions_per_referrer_per_hour: null,
    // The default a new program starts with (migration 029): nothing the sweep sent changed it.
    fraud_policy: SAFE_FRAUD_POLICY,
  });
}
