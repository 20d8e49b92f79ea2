// `node -r ./test/support/register-typescript.js <file>.ts`: runs TypeScript through typescript-hook.js.
require('./typescript-hook').installTypeScriptHook();
