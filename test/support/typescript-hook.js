/**
 * Node's require learns TypeScript, compiled by swc as the jest transform compiles it (CommonJS, ES2022,
 * inline source maps). The shared-modules runtime installs it in each jest worker; `node -r
 * ./test/support/register-typescript.js <file>.ts` uses it for the processes tests start (CLIs, services
 * a fault test kills): about a third of tsx's CPU per process, with no loader thread and no second node.
 */
const Module = require('node:module');
const fs = require('node:fs');
const { transformSync } = require('@swc/core');

let installed = false;

function installTypeScriptHook() {
  if (installed) return;
  installed = true;
  process.setSourceMapsEnabled(true);
  for (const ext of ['.ts', '.tsx']) {
    Module._extensions[ext] = (module, filename) => {
      const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
        filename,
        sourceMaps: 'inline',
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', tsx: ext === '.tsx' },
          transform: ext === '.tsx' ? { react: { runtime: 'automatic' } } : undefined,
        },
        module: { type: 'commonjs' },
      });
      module._compile(code, filename);
    };
  }
}

module.exports = { installTypeScriptHook };
