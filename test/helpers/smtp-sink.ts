import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { eventually } from './wait';

/** One message the sink received: the envelope and the parsed message. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  parsed: ParsedMail;
  /** A header's value as text (lower-case name), e.g. `header('list-unsubscribe')`. */
  header(name: string): string | undefined;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Refuse RCPT TO for this address with a permanent 550 (a bounce at the door). */
  refuse(address: string): void;
  /** Answer every RCPT TO with a temporary 451 until `heal()` (the sender retries). */
  failTemporarily(): void;
  heal(): void;
  /** Messages to `address`, waiting until at least `count` arrived. */
  waitForMail(address: string, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function headerText(parsed: ParsedMail, name: string): string | undefined {
  const line = parsed.headerLines.find((h) => h.key === name.toLowerCase());
  if (!line) return undefined;
  return line.line
    .slice(line.line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();
}

/** A real SMTP server (smtp-server) on a free local port that keeps every message it accepts. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  let temporaryFailure = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (temporaryFailure) {
        const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
        return callback(err);
      }
      if (refused.has(address.address.toLowerCase())) {
        const err = Object.assign(new Error('No such user here'), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            parsed,
            header: (name) => headerText(parsed, name),
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (address) => refused.add(address.toLowerCase()),
    failTemporarily: () => {
      temporaryFailure = true;
    },
    heal: () => {
      temporaryFailure = false;
    },
    async waitForMail(address, count = 1, timeoutMs = 15_000) {
      const to = address.toLowerCase();
      const mine = () => received.filter((m) => m.envelopeTo.some((a) => a.toLowerCase() === to));
      await eventually(
        `${count} mail(s) to ${address}`,
        async () => mine().length >= count,
        Math.ceil(timeoutMs / 50),
      );
      return mine();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
