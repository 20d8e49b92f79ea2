import Router from '@koa/router';
import type { Context } from 'koa';
import { readUnsubscribeToken, unsubscribeByToken } from '../../../shared/domain/notifications/unsubscribe';
import { AppError } from '../../../shared/errors';
import type { GatewayDeps, GatewayState } from '../context';
import { addressRateLimit } from '../middleware/address-rate-limit';
import { readBodyText } from '../middleware/body';
import { sendPage, type SafeHtml } from '../pages/html';
import { pageLanguage } from '../pages/landing-i18n';
import {
  invalidUnsubscribePage,
  unsubscribeConfirmPage,
  unsubscribedPage,
  UNSUBSCRIBE_PAGE_CSP,
} from '../pages/unsubscribe-page';

/** Requests per second (and burst) one client address may make: a person clicks once or twice. */
export const UNSUBSCRIBE_RATE_LIMIT = { ratePerSecond: 5, burst: 20 };
const MAX_BODY_BYTES = 1024;
const TOKEN = /^[A-Za-z0-9_-]{1,1000}\.[A-Za-z0-9_-]{43}$/;

function send(ctx: Context, status: number, page: SafeHtml): void {
  sendPage(ctx, status, page);
  ctx.set('Content-Security-Policy', UNSUBSCRIBE_PAGE_CSP);
}

/**
 * One-click unsubscribe from notification e-mails (docs/notifications.md), no credentials: the signed
 * token (shared/domain/notifications/unsubscribe-token.ts) names the tenant and the address.
 * POST with `List-Unsubscribe=One-Click` (RFC 8058, what mail clients send; the confirmation's button
 * sends the same) puts the address on the tenant's suppression list at once; GET only shows the
 * confirmation, since link scanners fetch links. Rate-limited per client address; a bad token is 404.
 */
export function unsubscribeRoutes(deps: GatewayDeps): Router<GatewayState> {
  const router = new Router<GatewayState>();
  const limit = addressRateLimit(deps, UNSUBSCRIBE_RATE_LIMIT);
  router.get('/u/:token', limit, async (ctx) => {
    const lang = pageLanguage(ctx.query.lang, ctx.get('accept-language'));
    const token = ctx.params.token ?? '';
    const subject = TOKEN.test(token) ? readUnsubscribeToken(deps.mail.unsubscribe, token) : null;
    if (!subject) return send(ctx, 404, invalidUnsubscribePage(lang));
    send(ctx, 200, unsubscribeConfirmPage(lang, subject.email, `/u/${token}`));
  });

  router.post('/u/:token', limit, async (ctx) => {
    const lang = pageLanguage(ctx.query.lang, ctx.get('accept-language'));
    const token = ctx.params.token ?? '';
    const body = await readBodyText(ctx, MAX_BODY_BYTES, 'VALIDATION_FAILED', { timeoutMs: 10_000 });
    const fields = new URLSearchParams(body);
    if (fields.get('List-Unsubscribe') !== 'One-Click') {
      throw new AppError('VALIDATION_FAILED', 'Invalid input: List-Unsubscribe', {
        validationErrors: [
          { path: 'List-Unsubscribe', message: 'the body must be List-Unsubscribe=One-Click' },
        ],
      });
    }
    const subject = TOKEN.test(token)
      ? await unsubscribeByToken(deps.db, deps.mail.unsubscribe, token)
      : null;
    if (!subject) return send(ctx, 404, invalidUnsubscribePage(lang));
    send(ctx, 200, unsubscribedPage(lang, subject.email));
  });
  return router;
}
