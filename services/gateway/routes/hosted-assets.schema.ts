import { z } from 'zod';
import { tenantAliasSchema } from '../../../shared/ids';
import { PAGE_LANGUAGES } from '../pages/landing-i18n';

/** GET /logos/{tenant}/{file} and /share-images/{tenant}/{file}. */
export const hostedImagePathSchema = z.object({ tenantAlias: tenantAliasSchema });

/** {hash}.png: the logo's content hash (32 hex digits). */
export const logoFileSchema = z
  .string()
  .regex(/^[0-9a-f]{32}\.png$/, 'must be {hash}.png')
  .transform((file) => ({ hash: file.slice(0, 32) }));

/** {code}-{lang}.png. */
export const shareImageFileSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}-(en|fr|de)\.png$/, 'must be {code}-{lang}.png (en, fr or de)')
  .transform((file) => {
    const base = file.slice(0, -4);
    const at = base.lastIndexOf('-');
    return { code: base.slice(0, at), lang: base.slice(at + 1) as (typeof PAGE_LANGUAGES)[number] };
  });
