import path from 'node:path';
import { PROJECT_ROOT } from '../../shared/config';

/**
 * How a test starts a TypeScript entry point as a process of its own (a CLI, a service it kills, the
 * fault suite's PostgreSQL control): this Node with swc's require hook (test/support/typescript-hook.js),
 * one process and a third of tsx's CPU. The launcher tests still start `npm start` and tsx, as users do.
 */
export const TYPESCRIPT_NODE = {
  command: process.execPath,
  args: ['-r', path.join(PROJECT_ROOT, 'test', 'support', 'register-typescript.js')],
};

/** The command line for `script` (relative to the root, or absolute) and its arguments. */
export function typescriptCommand(script: string, args: string[] = []): [string, string[]] {
  return [TYPESCRIPT_NODE.command, [...TYPESCRIPT_NODE.args, script, ...args]];
}
