import type { TenantCache } from '../../cache/tenant-cache';
import { AppError } from '../../errors';
import type { ProgramSettings } from '../../types/program';

/** What the browser library needs before it writes the tracking cookie (public: nothing secret). */
export function presentBrowserSettings(settings: ProgramSettings) {
  return {
    cookieDays: settings.referralCookieDays,
    lastClickWins: settings.referralCookieLastClickWins,
    // Share links on the merchant's domain: the query parameter holding the code.
    shareParam: settings.shareParam,
  };
}

export type BrowserSettings = ReturnType<typeof presentBrowserSettings>;

/** GET /open/browser-settings, read from the gateway cache; NOT_FOUND for an unknown tenant. */
export async function getBrowserSettings(
  programs: Pick<TenantCache, 'findProgram'>,
  tenantAlias: string,
): Promise<BrowserSettings> {
  const program = await programs.findProgram(tenantAlias);
  if (!program) throw new AppError('NOT_FOUND', 'Program not found');
  return presentBrowserSettings(program.settings);
}
