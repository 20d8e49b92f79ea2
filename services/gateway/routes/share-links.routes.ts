import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { pageBrand, visitShareLink } from '../../../shared/domain/referrals/share-links';
import type { GatewayDeps, GatewayState } from '../context';
import { createCustomHosts } from '../custom-hosts';
import { BRAND_COLOR_FORMAT, brandStylesheet } from '../pages/brand';
import { sendPage } from '../pages/html';
import { pageLanguage } from '../pages/landing-i18n';
import { landingPage, notFoundPage, type PageContext } from '../pages/landing-page';
import { shareImagePath } from '../pages/share-image';
import { STATIC_ASSETS } from '../pages/static-assets';

/** Link-preview fetchers: they get the page and its tags, but their fetch is not a friend's click. */
export const PREVIEW_BOT =
  /facebookexternalhit|facebot|twitterbot|slackbot|slack-imgproxy|whatsapp|linkedinbot|telegrambot|discordbot|skypeuripreview|pinterest|redditbot|embedly|iframely|applebot|googlebot|bingbot|vkshare|mastodon|bluesky|snapchat|viber|line-poker|kakaotalk-scrap|outbrain|quora link preview|nuzzel|bitlybot|tumblr|w3c_validator|xing-contenttabreceiver|yandex|discourse|microsoftpreview|zoominfobot|headlesschrome.*preview/i;

/**
 * Public share links, no credentials: /r/{tenant}/{code} answers 302 to the program's landing URL with
 * rsCode={code}, or the hosted landing page when the program has none; an unknown tenant and an unknown
 * code get the same HTML 404 page (shared/domain/referrals/share-links.ts). A GET of a known link by a person (not
 * HEAD, not a link-preview bot) is counted in memory (deps.clicks), written in batches off the request
 * path. On a program's customHost, /{code} and /r/{code} are that program's share links. The pages are
 * in the friend's language (?lang=, Accept-Language). /static/ serves the hosted pages' CSS and script,
 * /brand/{rrggbb}.css a brand colour's stylesheet.
 */
type ShareLinkAnswer = (
  ctx: Context,
  alias: string,
  code: string,
  origin: string,
  url: string,
) => Promise<void>;

function shareLinkAnswer(deps: GatewayDeps): ShareLinkAnswer {
  return async function answer(ctx: Context, alias: string, code: string, origin: string, pageUrl: string) {
    const lang = pageLanguage(ctx.query.lang, ctx.get('accept-language'));
    const context: PageContext = { lang, publicUrl: deps.config.publicUrl };
    const visit = await visitShareLink(deps.cache, alias, code);
    if (!visit) {
      // On a custom host the program is known from the host: its 404 takes the brand.
      const program = origin === deps.config.publicUrl ? undefined : await deps.cache.findProgram(alias);
      const branded = program && {
        alias: program.alias,
        programName: program.name,
        brand: pageBrand(program.settings),
      };
      sendPage(ctx, 404, notFoundPage(context, branded));
      return;
    }
    // HEAD (link previews checking the link) and preview bots are not visits.
    if (ctx.method === 'GET' && !PREVIEW_BOT.test(ctx.get('user-agent'))) {
      deps.clicks.record(visit.tenantId, visit.code, deps.now());
    }
    if (visit.kind === 'landing') {
      const image = `${deps.config.publicUrl}${shareImagePath(visit.page, lang)}`;
      const url = pageUrl + (ctx.query.lang ? `?lang=${lang}` : '');
      sendPage(ctx, 200, landingPage(visit.page, context, { url, image }));
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(visit.location);
  };
}

/**
 * A program's custom host (a CNAME to the gateway): /{code} and /r/{code} are its share links; any other
 * path, and every other host, goes on to the gateway's routes.
 */
export function customHostShareLinks(deps: GatewayDeps) {
  const answer = shareLinkAnswer(deps);
  const aliasOfHost = createCustomHosts(deps.db);
  const ownHost = new URL(deps.config.publicUrl).host.toLowerCase();
  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.host.toLowerCase() === ownHost) return next();
    const match = /^\/(?:r\/)?([A-Za-z0-9_-]{1,64})$/.exec(ctx.path);
    if (!match) return next();
    const alias = await aliasOfHost(ctx.hostname);
    if (!alias) return next();
    const origin = `https://${ctx.hostname}`;
    return answer(ctx, alias, match[1]!, origin, `${origin}/${encodeURIComponent(match[1]!)}`);
  };
}

export function shareLinkRoutes(deps: GatewayDeps): Router<GatewayState> {
  const router = new Router<GatewayState>();
  const answer = shareLinkAnswer(deps);

  router.get('/r/:tenantAlias/:code', async (ctx) => {
    const alias = ctx.params.tenantAlias ?? '';
    const code = ctx.params.code ?? '';
    const url = `${deps.config.publicUrl}/r/${encodeURIComponent(alias)}/${encodeURIComponent(code)}`;
    await answer(ctx, alias, code, deps.config.publicUrl, url);
  });

  router.get('/brand/:file', async (ctx, next) => {
    const match = /^([0-9a-f]{6})\.css$/.exec(ctx.params.file ?? '');
    if (!match || !BRAND_COLOR_FORMAT.test(match[1]!)) return next();
    ctx.set({
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
    ctx.type = 'text/css; charset=utf-8';
    ctx.body = brandStylesheet(match[1]!);
  });

  router.get('/static/:name', async (ctx, next) => {
    const asset = STATIC_ASSETS.get(ctx.params.name ?? '');
    if (!asset) return next();
    ctx.set({
      'Cache-Control': 'public, max-age=86400',
      ETag: asset.etag,
      'X-Content-Type-Options': 'nosniff',
    });
    const known = ctx
      .get('if-none-match')
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''));
    if (known.includes(asset.etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = asset.contentType;
    ctx.body = asset.body;
  });
  return router;
}
