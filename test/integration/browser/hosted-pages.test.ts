/**
 * Hosted pages through the real gateway: the new program settings' validation, the logo upload
 * (images only, re-encoded, served content-hashed), the share image rendered once for N parallel
 * requests, custom hosts, the click beacon, preview bots not counted, and another tenant's logo, image and
 * host never served under this one.
 */
import http from 'node:http';
import { Resvg } from '@resvg/resvg-js';
import { adminApi, createPortalTenant, signedInOperator, type PortalTenant } from '../../helpers/admin-api';
import { basic, createTestTenant } from '../../helpers/harness';
import { identifyReferrer, startReferralApi, type ReferralApi } from '../../helpers/referrals';

let api: ReferralApi;
let other: { alias: string; apiKey: string };

beforeAll(async () => {
  api = await startReferralApi();
  other = await createTestTenant(api.gw.deps.db, 'other');
  await api.call('PATCH', '/program', { landingUrl: null, referredDiscountPercent: 10 });
});
afterAll(async () => {
  await api?.close();
});

const png = (w: number, h: number, fill = '#0a7') =>
  new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="${fill}"/></svg>`,
  )
    .render()
    .asPng();

async function putLogo(alias: string, key: string, body: Buffer) {
  return fetch(`${api.gw.api(alias)}/program/logo`, {
    method: 'PUT',
    headers: { authorization: basic(key), 'content-type': 'application/octet-stream' },
    body,
  });
}

/** A GET with a chosen Host header (fetch may not set it). */
function getWithHost(path: string, host: string, headers: Record<string, string> = {}) {
  const url = new URL(api.gw.url);
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      http
        .get({ host: url.hostname, port: url.port, path, headers: { host, ...headers } }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }));
        })
        .on('error', reject);
    },
  );
}

async function clicksOf(code: string): Promise<number> {
  await api.gw.deps.clicks.flush();
  const row = await api.gw.deps.db('share_link_clicks').where({ code }).sum({ n: 'clicks' }).first();
  return Number(row?.n ?? 0);
}

test('program settings: texts with unknown variables, bad share params and colours are refused naming the field', async () => {
  const bad = await api.call('PATCH', '/program', { landingHeadline: 'Hi {firstName}' });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toContain('landingHeadline');
  expect(JSON.stringify(bad.body)).toContain('{firstName}');
  for (const patch of [{ shareParam: '1ref' }, { brandColor: 'red' }, { customHost: 'http://x' }]) {
    const res = await api.call('PATCH', '/program', patch);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(Object.keys(patch)[0]);
  }
  const ok = await api.call('PATCH', '/program', { landingHeadline: '{name} gave you {offer} at {program}' });
  expect(ok.status).toBe(200);
  await api.call('PATCH', '/program', { landingHeadline: null });
});

test('logo: only images, re-encoded to PNG, served content-hashed with nosniff; never under another tenant', async () => {
  expect(
    (await putLogo(api.tenant.alias, api.tenant.apiKey, Buffer.from('<svg onload=alert(1)>'))).status,
  ).toBe(400);
  expect((await putLogo(api.tenant.alias, api.tenant.apiKey, png(2049, 10))).status).toBe(400);
  expect((await putLogo(api.tenant.alias, api.tenant.apiKey, Buffer.alloc(600 * 1024, 1))).status).toBe(413);
  // A PNG with text after its end (a polyglot) is stored without it.
  const polyglot = Buffer.concat([png(64, 32), Buffer.from('<script>alert(1)</script>')]);
  const res = await putLogo(api.tenant.alias, api.tenant.apiKey, polyglot);
  expect(res.status).toBe(200);
  const program = (await res.json()) as { logoUrl: string; logoHash: string };
  const served = await fetch(`${api.gw.url}${program.logoUrl}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  expect(served.headers.get('cache-control')).toContain('immutable');
  expect(Buffer.from(await served.arrayBuffer()).includes(Buffer.from('<script>'))).toBe(false);
  // Another tenant's path with this tenant's hash: 404.
  expect((await fetch(`${api.gw.url}/logos/${other.alias}/${program.logoHash}.png`)).status).toBe(404);
});

test('share image: N parallel requests render once; another tenant never gets it', async () => {
  const maya = await identifyReferrer(api, 'Maya', 'Image');
  const page = await fetch(`${api.gw.url}/r/${api.tenant.alias}/${maya.code}`, {
    headers: { 'user-agent': 'facebookexternalhit/1.1' },
  });
  const htmlText = await page.text();
  const image = /property="og:image" content="([^"]+)"/.exec(htmlText)![1]!.replace(/&amp;/g, '&');
  const path = new URL(image).pathname + new URL(image).search;
  const before = (await api.gw.deps.metrics.shareImageRenders.get()).values[0]?.value ?? 0;
  const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${api.gw.url}${path}`)));
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
  const after = (await api.gw.deps.metrics.shareImageRenders.get()).values[0]?.value ?? 0;
  expect(after - before).toBe(1);
  const body = Buffer.from(await answers[0]!.arrayBuffer());
  expect(body.readUInt32BE(16)).toBe(1200);
  expect(body.readUInt32BE(20)).toBe(630);
  const rows = await api.gw.deps.db('share_images').where({ code: maya.code }).count({ n: '*' }).first();
  expect(Number(rows?.n)).toBe(1);
  // The bot's fetch of the page was not a click.
  expect(await clicksOf(maya.code)).toBe(0);
  const cross = path.replace(`/share-images/${api.tenant.alias}/`, `/share-images/${other.alias}/`);
  expect((await fetch(`${api.gw.url}${cross}`)).status).toBe(404);
});

test("custom host: /{code} is the program's share link; unique across tenants; another tenant's code is 404", async () => {
  const host = `refer-${api.tenant.alias.replace(/_/g, '-')}.shop.example`;
  expect((await api.call('PATCH', '/program', { customHost: host.toUpperCase() })).status).toBe(200);
  const taken = await fetch(`${api.gw.api(other.alias)}/program`, {
    method: 'PATCH',
    headers: { authorization: basic(other.apiKey), 'content-type': 'application/json' },
    body: JSON.stringify({ customHost: host }),
  });
  expect(taken.status).toBe(409);
  expect(await taken.text()).toContain('customHost');
  const sam = await identifyReferrer(api, 'Sam', 'Host');
  const page = await getWithHost(`/${sam.code}`, host);
  expect(page.status).toBe(200);
  expect(page.body).toContain('Sam');
  expect(page.body).toContain(`content="https://${host}/${sam.code}"`);
  expect((await getWithHost(`/r/${sam.code}`, host)).status).toBe(200);
  // A user of the other tenant, with a share code of its own.
  const theirs = await fetch(`${api.gw.api(other.alias)}/open/account/acct-o/user/user-o`, {
    method: 'PUT',
    headers: { authorization: basic(other.apiKey), 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Olga', lastName: 'Other' }),
  });
  const stranger = { code: ((await theirs.json()) as { shareCode: string }).shareCode };
  expect(stranger.code).toBeTruthy();
  expect((await getWithHost(`/${stranger.code}`, host)).status).toBe(404);
  // Another host name is not this program's.
  expect((await getWithHost(`/${sam.code}`, 'unknown.example')).status).toBe(404);
});

test('click beacon: a known code counts once, an unknown one changes nothing with the same answer', async () => {
  const ben = await identifyReferrer(api, 'Ben', 'Beacon');
  const beacon = (code: string, alias = api.tenant.alias) =>
    fetch(`${api.gw.api(alias)}/open/clicks`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://shop.example' },
      body: code,
    });
  const known = await beacon(ben.code);
  const unknown = await beacon('NO-SUCH-CODE');
  const cross = await beacon(ben.code, other.alias);
  expect([known.status, unknown.status, cross.status]).toEqual([204, 204, 204]);
  expect(known.headers.get('access-control-allow-origin')).toBe('*');
  expect(await clicksOf(ben.code)).toBe(1);
  expect(await clicksOf('NO-SUCH-CODE')).toBe(0);
  expect((await beacon('<bad>')).status).toBe(400);
});

test('a brand colour stylesheet picks legible text', async () => {
  const light = await (await fetch(`${api.gw.url}/brand/fde68a.css`)).text();
  expect(light).toContain('--accent-text: #000000');
  const dark = await fetch(`${api.gw.url}/brand/1e3a8a.css`);
  expect(dark.headers.get('content-type')).toMatch(/^text\/css/);
  expect(await dark.text()).toContain('--accent-text: #ffffff');
});

const HOSTED_FIELDS =
  'signupUrl shareLinkUrl shareParam customHost brandColor landingHeadline landingText landingButtonText logoUrl';
const UPLOAD = `mutation U($b: String!) { uploadProgramLogo(imageBase64: $b) { logoUrl } }`;
const REMOVE = 'mutation { removeProgramLogo { logoUrl } }';

test('GraphQL: the Program fields; uploadProgramLogo/removeProgramLogo for an OWNER, refused to a VIEWER, never across tenants', async () => {
  const portal = adminApi(api.gw);
  const tenant = { ...api.tenant, id: api.tenantId } as PortalTenant;
  const owner = await signedInOperator(api.gw, tenant, 'OWNER');
  const viewer = await signedInOperator(api.gw, tenant, 'VIEWER');
  const otherTenant = await createPortalTenant(api.gw.deps.db);
  const otherOwner = await signedInOperator(api.gw, otherTenant, 'OWNER');

  const set = await portal.graphql(
    owner,
    `mutation P($i: ProgramInput!) { updateProgram(input: $i) { ${HOSTED_FIELDS} } }`,
    { i: { shareParam: 'friend', brandColor: '#0A7C55', landingButtonText: 'Claim {offer}' } },
  );
  expect(set.json.errors).toBeUndefined();
  expect(set.json.data.updateProgram).toMatchObject({
    shareParam: 'friend',
    brandColor: '#0a7c55',
    landingButtonText: 'Claim {offer}',
  });

  const uploaded = await portal.graphql(owner, UPLOAD, { b: png(64, 32).toString('base64') });
  expect(uploaded.json.errors).toBeUndefined();
  const logoUrl = uploaded.json.data.uploadProgramLogo.logoUrl as string;
  expect(logoUrl).toMatch(new RegExp(`^/logos/${api.tenant.alias}/[0-9a-f]{32}\\.png$`));
  expect((await fetch(`${api.gw.url}${logoUrl}`)).status).toBe(200);

  // A VIEWER reads the fields but may not change the logo.
  const read = await portal.graphql(viewer, `{ program { ${HOSTED_FIELDS} } }`);
  expect(read.json.data.program).toMatchObject({ logoUrl, shareParam: 'friend' });
  for (const [query, vars] of [
    [UPLOAD, { b: png(8, 8, '#123456').toString('base64') }],
    [REMOVE, {}],
  ] as const) {
    const refused = await portal.graphql(viewer, query, vars);
    expect(refused.json.errors[0].extensions.code).toBe('FORBIDDEN');
  }
  // Another tenant sees only its own program, and removing its logo leaves ours.
  const theirs = await portal.graphql(otherOwner, `{ program { ${HOSTED_FIELDS} } }`);
  expect(theirs.json.data.program).toMatchObject({ logoUrl: null, shareParam: 'ref', brandColor: null });
  expect((await portal.graphql(otherOwner, REMOVE)).json.data.removeProgramLogo.logoUrl).toBeNull();
  expect((await portal.graphql(owner, `{ program { logoUrl } }`)).json.data.program.logoUrl).toBe(logoUrl);

  // Not an image, not base64, too large, a WebP (no decoder in this resvg-js): refused naming the cause.
  const notImage = await portal.graphql(owner, UPLOAD, { b: Buffer.from('GIF89a....').toString('base64') });
  expect(notImage.json.errors[0].message).toContain('logo: must be a PNG, JPEG or WebP image');
  const notBase64 = await portal.graphql(owner, UPLOAD, { b: '<svg/>' });
  expect(JSON.stringify(notBase64.json.errors)).toContain('imageBase64');
  const tooLarge = await portal.graphql(owner, UPLOAD, { b: 'A'.repeat(700_000) });
  expect(JSON.stringify(tooLarge.json.errors)).toContain('512 KB');
  const webp = Buffer.concat([
    Buffer.from('RIFF\x20\x00\x00\x00WEBPVP8L', 'latin1'),
    Buffer.alloc(5),
    Buffer.alloc(16),
  ]);
  webp.writeUInt32LE((9 - 1) | ((9 - 1) << 14), 21);
  const refusedWebp = await portal.graphql(owner, UPLOAD, { b: webp.toString('base64') });
  expect(refusedWebp.json.errors[0].message).toMatch(/^logo: WebP cannot be decoded/);
  expect((await portal.graphql(owner, `{ program { logoUrl } }`)).json.data.program.logoUrl).toBe(logoUrl);

  const removed = await portal.graphql(owner, REMOVE);
  expect(removed.json.data.removeProgramLogo.logoUrl).toBeNull();
  await api.call('PATCH', '/program', { shareParam: 'ref', brandColor: null, landingButtonText: null });
});
