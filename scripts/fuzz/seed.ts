/**
 * Known-good values for the fuzzer: random ids almost always meet a 404, so a few real ones (a user with a
 * share code, an uploaded file) are created through the API first and offered to schemathesis as
 * dictionaries it draws from half of the time; the other half stays random.
 */

/** Parameter binding key ("path.code", "query.fileRef") → the values to draw from. */
export type KnownValues = Record<string, string[]>;

async function call(
  baseUrl: string,
  apiKey: string,
  method: string,
  path: string,
  body?: string,
  type?: string,
) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`,
      ...(type && { 'content-type': type }),
    },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`seeding the fuzz tenant: ${method} ${path} answered ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A referrer and a referred friend (accounts, users, a share code, a referral) and an uploaded file. */
export async function seedKnownValues(
  baseUrl: string,
  tenantAlias: string,
  apiKey: string,
): Promise<KnownValues> {
  const api = `/api/v1/${encodeURIComponent(tenantAlias)}`;
  const referrer = await call(
    baseUrl,
    apiKey,
    'PUT',
    `${api}/open/account/fuzz-account-1/user/fuzz-user-1`,
    JSON.stringify({ email: 'referrer@fuzz.test', firstName: 'Ref' }),
    'application/json',
  );
  const code = referrer.shareCode;
  if (typeof code !== 'string') throw new Error('seeding the fuzz tenant: the user got no share code');
  await call(
    baseUrl,
    apiKey,
    'PUT',
    `${api}/open/account/fuzz-account-2/user/fuzz-user-2`,
    JSON.stringify({ email: 'friend@fuzz.test', referredByCode: code }),
    'application/json',
  );
  const upload = await call(
    baseUrl,
    apiKey,
    'POST',
    `${api}/export/upload?filename=fuzz.csv`,
    'accountId,userId\nfuzz-account-1,fuzz-user-1\n',
    'text/csv',
  );
  const fileRef = upload.fileRef;
  if (typeof fileRef !== 'string') throw new Error('seeding the fuzz tenant: the upload returned no fileRef');
  return {
    'path.code': [code],
    'path.accountId': ['fuzz-account-1'],
    'path.userId': ['fuzz-user-1'],
    // The events body must name the path's user: both drawn from one value meet now and then.
    'body.accountId': ['fuzz-account-1'],
    'body.userId': ['fuzz-user-1'],
    'query.fileRef': [fileRef],
  };
}
