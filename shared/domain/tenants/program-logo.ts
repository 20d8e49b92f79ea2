import crypto from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { createHostedImagesRepo } from '../../repos/hosted-images.repo';
import { createTenantsRepo } from '../../repos/tenants.repo';

/**
 * A program's logo for the hosted pages and share images. Only PNG, JPEG and WebP, recognised by their
 * magic bytes (never by a declared type), at most 512 KB and 2048x2048, and re-encoded: the image is
 * drawn into a fresh PNG by resvg (wrapped in an SVG <image>), so metadata, trailing bytes and polyglot
 * content are dropped and only pixels are kept. Stored in PostgreSQL under its content hash.
 */
export const MAX_LOGO_BYTES = 512 * 1024;
export const MAX_LOGO_SIDE = 2048;

type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

function sniff(bytes: Buffer): ImageType | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return undefined;
}

/** Width and height from the header, or undefined when the header is not what the type says. */
function dimensions(bytes: Buffer, type: ImageType): { width: number; height: number } | undefined {
  if (type === 'image/png') {
    if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (type === 'image/jpeg') {
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return undefined;
      const marker = bytes[at + 1]!;
      const length = bytes.readUInt16BE(at + 2);
      const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
      if (isFrame) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
      at += 2 + length;
    }
    return undefined;
  }
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X' && bytes.length >= 30)
    return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === 'VP8 ' && bytes.length >= 30)
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return undefined;
}

/** Checks and re-encodes an upload; VALIDATION_FAILED naming `logo` for anything but a usable image. */
export function reencodeLogo(bytes: Buffer): { png: Buffer; width: number; height: number } {
  if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', 'logo: the upload is empty');
  if (bytes.length > MAX_LOGO_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', `logo: at most ${MAX_LOGO_BYTES / 1024} KB`);
  const type = sniff(bytes);
  if (!type) throw new AppError('VALIDATION_FAILED', 'logo: must be a PNG, JPEG or WebP image');
  const size = dimensions(bytes, type);
  if (!size || size.width < 1 || size.height < 1)
    throw new AppError('VALIDATION_FAILED', 'logo: the image header is not readable');
  if (size.width > MAX_LOGO_SIDE || size.height > MAX_LOGO_SIDE)
    throw new AppError('VALIDATION_FAILED', `logo: at most ${MAX_LOGO_SIDE}x${MAX_LOGO_SIDE} pixels`);
  const { width, height } = size;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<image href="data:${type};base64,${bytes.toString('base64')}" width="${width}" height="${height}"/></svg>`;
  const rendered = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
  // resvg draws nothing for an image it cannot decode: a fully transparent result is refused.
  const pixels = rendered.pixels;
  let visible = false;
  for (let i = 3; i < pixels.length; i += 4) {
    if (pixels[i] !== 0) {
      visible = true;
      break;
    }
  }
  if (!visible && type === 'image/webp') {
    // @resvg/resvg-js 2.6 decodes PNG and JPEG only (WebP came with resvg 0.38); the portal converts
    // a WebP to PNG in the browser before it uploads.
    throw new AppError(
      'VALIDATION_FAILED',
      'logo: WebP cannot be decoded by this server yet; upload a PNG or JPEG (the portal converts WebP for you)',
    );
  }
  if (!visible) throw new AppError('VALIDATION_FAILED', 'logo: the image could not be decoded');
  return { png: rendered.asPng(), width, height };
}

/** Stores the re-encoded logo and sets it as the program's; returns its content hash. */
export async function setProgramLogo(db: Db, tenantId: string, upload: Buffer): Promise<string> {
  const logo = reencodeLogo(upload);
  const hash = crypto.createHash('sha256').update(logo.png).digest('hex').slice(0, 32);
  const images = createHostedImagesRepo(db);
  await db.transaction(async (trx) => {
    await images.insertLogo({ tenantId, hash, ...logo }, trx);
    await createTenantsRepo(db).update(tenantId, { logo_hash: hash }, trx);
  });
  await images.deleteUnusedLogos(tenantId, hash);
  return hash;
}

export async function removeProgramLogo(db: Db, tenantId: string): Promise<void> {
  await createTenantsRepo(db).update(tenantId, { logo_hash: null });
}

/** A program's stored logo by its content hash (PNG bytes), or undefined. */
export function findProgramLogo(db: Db, tenantId: string, hash: string): Promise<Buffer | undefined> {
  return createHostedImagesRepo(db).findLogo(tenantId, hash);
}
