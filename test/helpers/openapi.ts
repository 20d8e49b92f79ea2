import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { OpenAPIObject } from '../../services/gateway/openapi/document';

/** What the answer checks need of a fetch Response (or anything like it). */
export interface Answer {
  status: number;
  headers: Headers;
}

type Json = Record<string, any>;

const pointer = (parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function findOperation(doc: OpenAPIObject, operationId: string): { path: string; method: string; op: Json } {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Json)) {
      if ((op as Json)?.operationId === operationId) return { path, method, op: op as Json };
    }
  }
  throw new Error(`no operation ${operationId} in the document`);
}

function deref(doc: OpenAPIObject, value: Json): Json {
  if (typeof value?.$ref !== 'string') return value;
  const target = (value.$ref as string)
    .replace(/^#\//, '')
    .split('/')
    .reduce<any>((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  return deref(doc, target);
}

const validators = new WeakMap<OpenAPIObject, { ajv: Ajv2020; compiled: Map<string, ValidateFunction> }>();

/** The document's schema at `parts` (a JSON pointer into it), compiled once; refs resolve in the document. */
function validatorAt(doc: OpenAPIObject, parts: string[]): ValidateFunction {
  let entry = validators.get(doc);
  if (!entry) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc as object, 'openapi.json');
    entry = { ajv, compiled: new Map() };
    validators.set(doc, entry);
  }
  const ref = `openapi.json#/${pointer(parts)}`;
  let validate = entry.compiled.get(ref);
  if (!validate) {
    validate = entry.ajv.compile({ $ref: ref });
    entry.compiled.set(ref, validate);
  }
  return validate;
}

/** Operation id → statuses whose answers were checked (for a coverage check at the end of a file). */
export const checkedAnswers = new Map<string, Set<number>>();

/**
 * Fails unless the answer is one the document promises for the operation: its status is documented, its
 * media type is one of that response's, its JSON body validates against that schema (ajv, JSON Schema
 * 2020-12), its required headers are there, and an ApiError body repeats the status and carries one of
 * the codes the response lists (`x-api-error-codes`). `body` is the parsed JSON (or the text otherwise).
 */
export function expectDocumentedAnswer(
  doc: OpenAPIObject,
  operationId: string,
  res: Answer,
  body: unknown,
): void {
  const { path, method, op } = findOperation(doc, operationId);
  const where = `${operationId} (${method.toUpperCase()} ${path}) answered ${res.status}`;
  const shown = () => JSON.stringify(body)?.slice(0, 600);
  const response = op.responses[String(res.status)] && deref(doc, op.responses[String(res.status)]);
  if (!response) {
    throw new Error(
      `${where}, which it does not document (${Object.keys(op.responses).join(', ')}): ${shown()}`,
    );
  }
  const problems: string[] = [];
  for (const [name, header] of Object.entries<Json>(response.headers ?? {})) {
    if (deref(doc, header).required && !res.headers.has(name))
      problems.push(`the required header ${name} is missing`);
  }
  const contentType = res.headers.get('content-type');
  const mediaType = contentType?.split(';')[0]!.trim().toLowerCase();
  const content = response.content as Json | undefined;
  if (!content) {
    if (body !== undefined && body !== '') problems.push(`a body where none is documented: ${shown()}`);
  } else if (!mediaType || !content[mediaType]) {
    problems.push(`Content-Type ${contentType} is not one of ${Object.keys(content).join(', ')}`);
  } else if (/^application\/([\w.-]+\+)?json$/.test(mediaType)) {
    const statusKey = String(res.status);
    const validate = validatorAt(doc, [
      'paths',
      path,
      method,
      'responses',
      statusKey,
      'content',
      mediaType,
      'schema',
    ]);
    if (!validate(body)) {
      problems.push(
        `the body breaks the ${mediaType} schema: ${JSON.stringify(validate.errors?.slice(0, 5))}\n${shown()}`,
      );
    }
    const error = body as Json;
    if (res.status >= 400 && typeof error?.apiErrorCode === 'string') {
      const codes: string[] = response['x-api-error-codes'] ?? [];
      if (!codes.includes(error.apiErrorCode))
        problems.push(`${error.apiErrorCode} is not one of ${codes.join(', ')}`);
      if (error.statusCode !== res.status) problems.push(`statusCode ${error.statusCode} in the body`);
      if (error.requestId !== res.headers.get('x-request-id'))
        problems.push('requestId differs from X-Request-Id');
    }
  }
  if (problems.length > 0) throw new Error(`${where}:\n- ${problems.join('\n- ')}`);
  const seen = checkedAnswers.get(operationId) ?? new Set<number>();
  checkedAnswers.set(operationId, seen.add(res.status));
}

/**
 * Fails unless the request is one the document allows for the operation (its query parameters and JSON
 * body): a request the server serves must not be one the document calls invalid.
 */
export function expectDocumentedRequest(
  doc: OpenAPIObject,
  operationId: string,
  request: { query?: Record<string, string>; body?: unknown },
): void {
  const { path, method, op } = findOperation(doc, operationId);
  const problems: string[] = [];
  const parameters: Json[] = op.parameters ?? [];
  parameters.forEach((parameter, i) => {
    if (parameter.in !== 'query') return;
    const value = request.query?.[parameter.name];
    if (value === undefined) {
      if (parameter.required) problems.push(`the required query parameter ${parameter.name} is missing`);
      return;
    }
    const validate = validatorAt(doc, ['paths', path, method, 'parameters', String(i), 'schema']);
    if (!validate(value)) problems.push(`query ${parameter.name}: ${JSON.stringify(validate.errors)}`);
  });
  if (request.body !== undefined) {
    const validate = validatorAt(doc, [
      'paths',
      path,
      method,
      'requestBody',
      'content',
      'application/json',
      'schema',
    ]);
    if (!validate(request.body)) problems.push(`body: ${JSON.stringify(validate.errors)}`);
  }
  if (problems.length > 0)
    throw new Error(`${operationId}: the document refuses the request:\n- ${problems.join('\n- ')}`);
}

/** Every operationId of the document. */
export function operationIds(doc: OpenAPIObject): string[] {
  return Object.values(doc.paths ?? {}).flatMap((item) =>
    Object.values(item as Json)
      .map((op) => (op as Json)?.operationId as string | undefined)
      .filter((id): id is string => typeof id === 'string'),
  );
}

export interface Sent {
  method?: string;
  headers?: Record<string, string>;
  /** JSON unless a string (sent as it is) or FormData. */
  body?: unknown;
  /** The Authorization header; the default one unless given, none with null. */
  auth?: string | null;
}

/**
 * `answer(operationId, path, sent)`: sends a request to `baseUrl()` + path (redirects not followed),
 * checks the answer with expectDocumentedAnswer, and returns its status, headers and parsed body.
 */
export function documentedClient(doc: OpenAPIObject, baseUrl: () => string, defaultAuth: () => string) {
  return async function answer(operationId: string, path: string, sent: Sent = {}) {
    const raw =
      typeof sent.body === 'string' || sent.body instanceof FormData || sent.body instanceof Uint8Array;
    const json = sent.body !== undefined && !raw;
    const res = await fetch(`${baseUrl()}${path}`, {
      method: sent.method ?? 'GET',
      redirect: 'manual',
      headers: {
        ...(sent.auth !== null && { authorization: sent.auth ?? defaultAuth() }),
        ...(json && { 'content-type': 'application/json' }),
        ...sent.headers,
      },
      body: json ? JSON.stringify(sent.body) : (sent.body as string | FormData | Uint8Array | undefined),
    });
    const text = await res.text();
    const isJson = /json/.test(res.headers.get('content-type') ?? '');
    const body: any = isJson && text !== '' ? JSON.parse(text) : text;
    expectDocumentedAnswer(doc, operationId, res, body);
    return { status: res.status, body, headers: res.headers };
  };
}
