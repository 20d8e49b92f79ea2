/**
 * When jest ends a worker process (its last file is done), the process must exit by itself within
 * 500 ms, or jest kills it and prints "A worker process has failed to exit gracefully". If anything
 * still holds the process 400 ms after the end message, this names it on stderr (sockets with their
 * ports, servers, child processes with their command, and Node's list of active resources), so the file
 * that leaked it can be found. Installed once per worker process by the test environment.
 */
const fs = require('node:fs');
const path = require('node:path');

const END = 2; // jest-worker's CHILD_MESSAGE_END
const LOG_DIR = path.resolve(__dirname, '..', '..', '.data', 'test', 'logs');

let installed = false;

function describe(handle) {
  const name = handle?.constructor?.name ?? typeof handle;
  if (name === 'Socket' || name === 'TLSSocket')
    return `${name} ${handle.localAddress}:${handle.localPort} -> ${handle.remoteAddress}:${handle.remotePort}`;
  if (name === 'Server') return `Server ${JSON.stringify(handle.address())}`;
  if (name === 'ChildProcess') return `ChildProcess ${handle.pid} ${(handle.spawnargs ?? []).join(' ')}`;
  return name;
}

function installExitReport() {
  if (installed || typeof process.send !== 'function') return;
  installed = true;
  const onMessage = (message) => {
    if (!Array.isArray(message) || message[0] !== END) return;
    // A 'message' listener holds the IPC channel open: gone, as jest-worker's own is by now.
    process.off('message', onMessage);
    const endedAt = Date.now();
    // When the event loop empties, 'exit' runs; what follows is native teardown (the Temporal core's
    // runtime, worker threads). Each worker's figures go to .data/test/logs/jest-worker-exit-<pid>.log.
    process.once('exit', () => {
      const line = `jest worker ${process.pid}: 'exit' ${Date.now() - endedAt} ms after its last file\n`;
      try {
        fs.mkdirSync(LOG_DIR, { recursive: true });
        fs.writeFileSync(path.join(LOG_DIR, `jest-worker-exit-${process.pid}.log`), line);
      } catch {
        // a report, never a failure
      }
    });
    setTimeout(() => {
      const handles = process._getActiveHandles().filter((h) => h !== process.stdout && h !== process.stderr);
      const resources = process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap');
      process.stderr.write(
        `jest worker ${process.pid} is still held after its last file: ${JSON.stringify({
          handles: handles.map(describe),
          resources,
        })}\n`,
      );
    }, 400).unref();
  };
  process.on('message', onMessage);
}

module.exports = { installExitReport };
