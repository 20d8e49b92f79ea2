import type { ApiError } from './http';

/** Logs a failed queue call once, readable as text; the promise API leaves failures to the caller. */
export function report(command: string): (error: unknown) => void {
  return (error) => {
    const e = error as Partial<ApiError> | null;
    const summary = e && e.apiErrorCode ? `${e.statusCode} ${e.apiErrorCode}: ${e.message}` : String(error);
    console.error(`referral: ${command} failed (${summary})`, error);
  };
}

type Command = (...args: never[]) => Promise<unknown>;

/**
 * The classic asynchronous queue: `window._sqh = window._sqh || []; _sqh.push(['init', {...}])`.
 * Items pushed before the script loaded run in order when it loads; later pushes run at once.
 */
export function installQueue(target: { _sqh?: unknown }, commands: Record<string, Command>): void {
  const run = (item: unknown): void => {
    const [name, ...args] = Array.isArray(item) ? (item as [unknown, ...never[]]) : [item];
    const command =
      typeof name === 'string' && Object.prototype.hasOwnProperty.call(commands, name)
        ? commands[name]
        : undefined;
    if (!command) {
      console.error('referral: unknown command', name);
      return;
    }
    command(...args).catch(report(name as string));
  };
  const pending = Array.isArray(target._sqh) ? (target._sqh as unknown[]) : [];
  target._sqh = {
    push(...items: unknown[]): number {
      items.forEach(run);
      return items.length;
    },
  };
  pending.forEach(run);
}
