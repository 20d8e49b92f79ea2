'use strict';
/**
 * The watchdog of one server the launcher starts (see supervised-process.ts, which spawns it with plain
 * `node`, no TypeScript loader, so it starts in tens of milliseconds and holds no project code).
 *
 *   argv[2]  JSON: { name, command, args, logFile, stopSignal, graceMs, uid?, gid? }
 *   stdin    a pipe whose other end only the launcher holds. End of file (the launcher closed it, exited,
 *            or died in any way, SIGKILL included: the kernel closes a dead process's descriptors) means
 *            "stop the server": stopSignal, then SIGKILL to the server's process group after graceMs.
 *   stdout   JSON lines to the launcher: {"pid":N} once the server runs (or {"error":"..."}), then
 *            {"exit":{"code":..,"signal":..}} when it has exited.
 *   log      the server's stdout and stderr, and this watchdog's own notes, go to logFile: never to a
 *            pipe that nobody may be reading.
 *
 * The server runs in a session (so a process group) of its own: terminal signals meant for the launcher
 * do not reach it, and the final SIGKILL reaches everything it forked (PostgreSQL's backends). The
 * watchdog exits with the server's status (128 + signal number when a signal ended it).
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');

const spec = JSON.parse(process.argv[2]);
const log = fs.openSync(spec.logFile, 'a');

function note(message) {
  try {
    fs.writeSync(log, `${new Date().toISOString()} watchdog ${process.pid}: ${message}\n`);
  } catch {
    // a full disk must not stop the watchdog from doing its job
  }
}

function tell(message) {
  try {
    process.stdout.write(`${JSON.stringify(message)}\n`);
  } catch {
    // the launcher may be gone; nobody to tell
  }
}
process.stdout.on('error', () => undefined);

const child = spawn(spec.command, spec.args, {
  stdio: ['ignore', log, log],
  detached: true,
  ...(spec.uid === undefined ? {} : { uid: spec.uid, gid: spec.gid }),
});

if (child.pid === undefined) {
  child.once('error', (err) => {
    note(`could not start ${spec.name}: ${err.message}`);
    tell({ error: err.message });
    process.exit(127);
  });
} else {
  note(`started ${spec.name} (pid ${child.pid}): ${spec.command} ${spec.args.join(' ')}`);
  tell({ pid: child.pid });
}

function killGroup(signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

let stopping = false;
function stop(why) {
  if (stopping || child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  stopping = true;
  note(`${why}: sending ${spec.stopSignal} to ${spec.name} (pid ${child.pid})`);
  try {
    child.kill(spec.stopSignal);
  } catch {
    // already gone
  }
  setTimeout(() => {
    note(`${spec.name} still runs ${spec.graceMs} ms later: SIGKILL to its process group`);
    killGroup('SIGKILL');
  }, spec.graceMs);
}

child.once('exit', (code, signal) => {
  killGroup('SIGKILL'); // anything the server forked and left behind
  note(`${spec.name} (pid ${child.pid}) exited (code ${code}, signal ${signal})`);
  tell({ exit: { code, signal } });
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
});

process.stdin.on('end', () => stop('the launcher closed its pipe (it stopped or died)'));
process.stdin.on('close', () => stop('the launcher closed its pipe (it stopped or died)'));
process.stdin.on('error', () => stop('the pipe to the launcher failed'));
process.stdin.resume();
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => stop(`received ${signal}`));
