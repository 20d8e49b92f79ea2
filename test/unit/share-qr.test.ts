import { encode } from 'uqr';
import { shareQr } from '../../shared/domain/referrals/share-qr';

/** The widget's decoding (clients/browser/src/widget-drawing/qr.ts), in Node. */
function dark(qr: { size: number; modules: string }, x: number, y: number): boolean {
  const bytes = Buffer.from(qr.modules, 'base64');
  const bit = y * qr.size + x;
  return (bytes[bit >> 3]! & (0x80 >> (bit & 7))) !== 0;
}

test("the packed matrix is the encoder's, module for module, and the bytes are exactly enough", () => {
  const link = 'https://shop.example/?ref=MAYALOPEZ';
  const qr = shareQr(link);
  const { size, data } = encode(link, { ecc: 'M', border: 2 });
  expect(qr.size).toBe(size);
  expect(Buffer.from(qr.modules, 'base64')).toHaveLength(Math.ceil((size * size) / 8));
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) expect(dark(qr, x, y)).toBe(data[y]![x]);
});

test('a link is encoded once and different links differ', () => {
  const a = shareQr('https://example.com/r/acme/AAA111');
  expect(shareQr('https://example.com/r/acme/AAA111')).toBe(a);
  expect(shareQr('https://example.com/r/acme/BBB222').modules).not.toBe(a.modules);
});
