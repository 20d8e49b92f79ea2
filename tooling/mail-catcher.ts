import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A local SMTP server that keeps each message it accepts as an .eml file. */
export interface MailCatcher {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Where the messages land, one `<time>-<recipient>.eml` each (open it in any mail program). */
  dir: string;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/**
 * `npm start` without SMTP_URL: the e-mail the service sends (notifications, operators' links, test
 * sends) goes to this catcher on the loopback interface and is written under `dir`, so a developer reads
 * it instead of it being dropped. Development only: the launcher runs it, no deployed process does.
 */
export async function startMailCatcher(dir: string): Promise<MailCatcher> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: MAX_MESSAGE_BYTES,
    onData(stream, session, callback) {
      const to = (session.envelope.rcptTo[0]?.address ?? 'unknown').replace(/[^A-Za-z0-9@._-]/g, '_');
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${to}.eml`);
      const out = fs.createWriteStream(file, { mode: 0o600 });
      stream.pipe(out);
      out.on('finish', () => callback());
      out.on('error', (err) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
