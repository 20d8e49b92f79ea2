/**
 * When jest ends a worker process (its last file is done), the process must exit by itself within
 * 500 ms, or jest kills it and prints "A worker process has failed to exit gracefully". If anything
 * still holds the process 400 ms after the end message, this names it on stderr (sockets with their
 * ports, timers with their callbacks, child processes with their command), so the file that leaked it
 * can be found. Installed once per worker process by the test environment.
 */
const END = 2; // jest-worker's CHILD_MESSAGE_END

let installed = false;

function describe(handle) {
  const name = handle?.constructor?.name ?? typeof handle;
  if (name === 'Socket' || name === 'TLSSocket')
    return `${name} ${handle.localAddress}:${handle.localPort} -> ${handle.remoteAddress}:${handle.remotePort}`;
  if (name === 'Server') return `Server ${JSON.stringify(handle.address())}`;
  if (name === 'ChildProcess') return `ChildProcess ${handle.pid} ${(handle.spawnargs ?? []).join(' ')}`;
  if (name === 'Timeout')
    return `Timeout ${handle._idleTimeout} ms ${handle._onTimeout?.name || 'anonymous'}`;
  return name;
}

function installExitReport() {
  if (installed || typeof process.send !== 'function') return;
  installed = true;
  const onMessage = (message) => {
    if (!Array.isArray(message) || message[0] !== END) return;
    // A 'message' listener holds the IPC channel open: gone, as jest-worker's own is by now.
    process.off('message', onMessage);
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
