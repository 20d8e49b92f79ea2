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

/**
 * PUT /program/logo: the hosted pages' logo (PNG or JPEG by its bytes, at most 512 KB and 2048x2048),
 * re-encoded to PNG; answers the program with its logoUrl. Sent once.
 */
export function uploadProgramLogo(
  transport: Transport,
  image: Uint8Array,
  call?: CallOptions,
): Promise<Program> {
  return transport.json<Program>(
    {
      operation: 'uploadProgramLogo',
      method: 'PUT',
      path: '/program/logo',
      body: () => ({
        body: image,
        headers: { 'content-type': 'application/octet-stream' },
        streamed: false,
      }),
      retryable: false,
    },
    call,
  );
}

/** DELETE /program/logo: the hosted pages show no logo. Sent once. */
export function removeProgramLogo(transport: Transport, call?: CallOptions): Promise<Program> {
  return transport.json<Program>(
    { operation: 'removeProgramLogo', method: 'DELETE', path: '/program/logo', retryable: false },
    call,
  );
}
