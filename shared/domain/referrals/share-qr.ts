import { encode } from 'uqr';
import { createLruCache } from '../../cache/lru-cache';

/**
 * A share link's QR code as the widget draws it: the module matrix (uqr, error correction M, a 2-module
 * quiet zone), row by row, one bit a module (most significant bit first), base64. The widget turns it into
 * SVG itself, so the encoder (about 4 KB gzipped) stays out of the browser library and no image is
 * fetched from anywhere. A link's matrix never changes: the last links asked for are kept.
 */
export interface ShareQr {
  /** Modules per side, quiet zone included. */
  size: number;
  /** ceil(size * size / 8) bytes, base64. */
  modules: string;
}

const recent = createLruCache<string, ShareQr>({ maxEntries: 10_000, ttlMs: 24 * 3600 * 1000 });

export function shareQr(link: string): ShareQr {
  const known = recent.get(link);
  if (known) return known;
  const { size, data } = encode(link, { ecc: 'M', border: 2 });
  const bytes = Buffer.alloc(Math.ceil((size * size) / 8));
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      const bit = y * size + x;
      if (dark) bytes[bit >> 3]! |= 0x80 >> (bit & 7);
    }),
  );
  const qr = { size, modules: bytes.toString('base64') };
  recent.set(link, qr);
  return qr;
}
