import Router from '@koa/router';
import getRawBody from 'raw-body';
import { recordAudit } from '../../../shared/domain/common/audit-log';
import {
  MAX_LOGO_BYTES,
  findProgramLogo,
  removeProgramLogo,
  setProgramLogo,
} from '../../../shared/domain/tenants/program-logo';
import { getProgram } from '../../../shared/domain/tenants/program';
import { createShareImages } from '../../../shared/domain/referrals/share-images';
import { visitShareLink } from '../../../shared/domain/referrals/share-links';
import { AppError } from '../../../shared/errors';
import { auditWho } from '../audit-actor';
import { auditClientOf } from '../audit-client';
import type { GatewayDeps, GatewayState } from '../context';
import { authenticate } from '../middleware/auth';
import { withinBodyTimeouts } from '../middleware/body-timeouts';
import { validate } from '../middleware/validate';
import { offerHeadline } from '../pages/landing-page';
import { PAGE_TEXTS } from '../pages/landing-i18n';
import { renderShareImage, shareImageVersion } from '../pages/share-image';
import { hostedImagePathSchema, logoFileSchema, shareImageFileSchema } from './hosted-assets.schema';

const IMAGE_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'cross-origin' };

/**
 * The program's logo (PUT/DELETE /program/logo, tenant API key: the image as the body), served at
 * /logos/{tenant}/{hash}.png (content-hashed: cached for a year), and the share images of link previews
 * at /share-images/{tenant}/{code}-{lang}.png, rendered once per program settings version and code.
 * Another tenant's hash or code answers 404 like an unknown one.
 */
export function programLogoRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  router.put('/program/logo', authenticate(deps), async (ctx) => {
    const tenantId = ctx.state.tenant.id;
    let bytes: Buffer;
    try {
      bytes = await withinBodyTimeouts(ctx, getRawBody(ctx.req, { limit: MAX_LOGO_BYTES }), {});
    } catch (err) {
      if ((err as { type?: string }).type === 'entity.too.large')
        throw new AppError('PAYLOAD_TOO_LARGE', `logo: at most ${MAX_LOGO_BYTES / 1024} KB`, {
          headers: { Connection: 'close' },
        });
      throw err;
    }
    const hash = await setProgramLogo(deps.db, tenantId, bytes);
    await recordAudit(deps.db, {
      tenantId,
      ...auditWho(ctx.state.principal),
      action: 'program.update',
      details: { logoHash: hash },
      client: auditClientOf(ctx, deps.config),
    });
    ctx.body = await getProgram(deps.db, tenantId);
  });
  router.delete('/program/logo', authenticate(deps), async (ctx) => {
    const tenantId = ctx.state.tenant.id;
    await removeProgramLogo(deps.db, tenantId);
    await recordAudit(deps.db, {
      tenantId,
      ...auditWho(ctx.state.principal),
      action: 'program.update',
      details: { logoHash: null },
      client: auditClientOf(ctx, deps.config),
    });
    ctx.body = await getProgram(deps.db, tenantId);
  });
}

export function hostedImageRoutes(deps: GatewayDeps): Router<GatewayState> {
  const router = new Router<GatewayState>();
  const shareImages = createShareImages(deps.db, () => deps.metrics.shareImageRenders.inc());

  router.get(
    '/logos/:tenantAlias/:file',
    validate({ params: hostedImagePathSchema.extend({ file: logoFileSchema }) }),
    async (ctx) => {
      const { tenantAlias, file } = ctx.state.input.params;
      const program = await deps.cache.findProgram(tenantAlias);
      const png = program && (await findProgramLogo(deps.db, program.id, file.hash));
      if (!png) throw new AppError('NOT_FOUND', 'No such logo');
      ctx.set({ ...IMAGE_HEADERS, 'Cache-Control': 'public, max-age=31536000, immutable' });
      ctx.type = 'image/png';
      ctx.body = png;
    },
  );

  router.get(
    '/share-images/:tenantAlias/:file',
    validate({ params: hostedImagePathSchema.extend({ file: shareImageFileSchema }) }),
    async (ctx) => {
      const { tenantAlias, file } = ctx.state.input.params;
      const visit = await visitShareLink(deps.cache, tenantAlias, file.code);
      if (!visit || visit.kind !== 'landing') throw new AppError('NOT_FOUND', 'No such share image');
      const view = visit.page;
      const key = { tenantId: visit.tenantId, code: view.code, version: shareImageVersion(view, file.lang) };
      const png = await shareImages.get(key, async () => {
        const logoPng = view.brand.logoHash
          ? ((await findProgramLogo(deps.db, visit.tenantId, view.brand.logoHash)) ?? null)
          : null;
        return renderShareImage({
          programName: view.programName,
          headline: offerHeadline(view, PAGE_TEXTS[file.lang]),
          code: view.code,
          brandColor: view.brand.brandColor,
          logoPng,
        });
      });
      ctx.set({ ...IMAGE_HEADERS, 'Cache-Control': 'public, max-age=86400' });
      ctx.type = 'image/png';
      ctx.body = png;
    },
  );
  return router;
}
