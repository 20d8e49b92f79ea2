import type { CallOptions, Transport } from './http';
import type { BrowserSettings, Program, ProgramPatch } from './types';

/** GET /program: the tenant's program settings. */
export function getProgram(transport: Transport, call?: CallOptions): Promise<Program> {
  return transport.json<Program>(
    { operation: 'getProgram', method: 'GET', path: '/program', retryable: true },
    call,
  );
}

/** PATCH /program: changes the given settings; answers the whole program. Sent once. */
export function updateProgram(
  transport: Transport,
  patch: ProgramPatch,
  call?: CallOptions,
): Promise<Program> {
  return transport.json<Program>(
    { operation: 'updateProgram', method: 'PATCH', path: '/program', json: patch, retryable: false },
    call,
  );
}

/** GET /open/browser-settings: what the browser library reads before it sets the tracking cookie. */
export function getBrowserSettings(transport: Transport, call?: CallOptions): Promise<BrowserSettings> {
  return transport.json<BrowserSettings>(
    { operation: 'getBrowserSettings', method: 'GET', path: '/open/browser-settings', retryable: true },
    call,
  );
}
