/**
 * The browser's first-party device id (cookie `rs_device` on the merchant's site), sent with `init` so
 * the service can tell a friend identifying from the referrer's own browser (the SAME_CLIENT fraud
 * signal). Random, with no meaning of its own; kept 400 days, the most browsers allow.
 */
export const DEVICE_COOKIE = 'rs_device';
const FORMAT = /^[A-Za-z0-9_-]{22}$/;
/** Browsers keep a cookie at most 400 days (RFC 6265bis); the id is refreshed at each visit's init. */
const LIFETIME_S = 400 * 86400;

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** This browser's device id: the cookie's, or a new one written now. */
export function deviceId(): string {
  let id: string | undefined;
  for (const pair of document.cookie.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === DEVICE_COOKIE && value && FORMAT.test(value)) id = value;
  }
  id ??= randomId();
  // Written again each time, so the 400 days count from the last visit.
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${DEVICE_COOKIE}=${id}; Max-Age=${LIFETIME_S}; Path=/; SameSite=Lax${secure}`;
  return id;
}
