// Preloaded (`node -r`) into the built services by test/integration/platform/production-build.test.ts: a process that
// loads esbuild or tsx is bundling or compiling at start, which the build exists to avoid, so it fails loudly.
const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (/^(esbuild|tsx)(\/|$)/.test(request)) throw new Error(`built code loaded ${request}`);
  return resolve.call(this, request, ...rest);
};
