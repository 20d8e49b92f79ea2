import net from 'node:net';

export interface RawExchange {
  /** Everything the server sent, as text. */
  raw: string;
  status: number | undefined;
  headers: Record<string, string>;
  /** The body parsed as JSON, when it is JSON. */
  json: Record<string, any> | undefined;
  /** Milliseconds from connecting until the server closed the connection. */
  closedAfterMs: number;
}

/**
 * Speaks HTTP/1.1 by hand, for requests no well-behaved client sends: headers or bodies that stop
 * coming, or trickle. Writes `parts` one by one, `gapMs` apart (the first at once), stops writing once
 * the server answers, and resolves when the server closes the connection.
 */
export function rawHttp(port: number, parts: string[], gapMs = 0): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    const writeFrom = (index: number) => {
      if (index >= parts.length || chunks.length > 0 || socket.destroyed) return;
      socket.write(parts[index]!);
      timer = setTimeout(() => writeFrom(index + 1), gapMs);
    };
    socket.on('connect', () => writeFrom(0));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // The server may reset a connection it closes while bytes are still arriving; what it said stands.
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = raw.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      let json: Record<string, any> | undefined;
      try {
        json = JSON.parse(body) as Record<string, any>;
      } catch {
        json = undefined;
      }
      const status = /^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1];
      resolve({
        raw,
        status: status ? Number(status) : undefined,
        headers,
        json,
        closedAfterMs: Date.now() - started,
      });
    });
  });
}
