/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that accepts every message and records it, so the outbox
 * is tested through nodemailer and the network instead of a mock. Plain SMTP only: no TLS, no login.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedEmail = {
  /** The SMTP envelope: who the server was told the message is from and for. */
  envelopeFrom: string;
  envelopeTo: string[];
  /** The message's own headers (names in lower case, folded lines joined). */
  headers: Record<string, string>;
  /** The body, quoted-printable decoded when so encoded. */
  text: string;
  raw: string;
};

export type SmtpSink = {
  /** The SMTP_URL to configure. */
  url: string;
  port: number;
  messages: ReceivedEmail[];
  close(): Promise<void>;
};

/** `port` 0 picks a free one; a given port brings the sink up where a closed one was. */
export function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Without these, nodemailer would upgrade to TLS and the server would warn about its test certificate.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A mail server that goes down drops its connections: close() would otherwise wait up to 30 s for a
    // sender's connection still open (another server process between two messages) to end.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        messages.push({
          ...parseMessage(Buffer.concat(chunks).toString('utf8')),
          envelopeFrom: envelope.mailFrom ? envelope.mailFrom.address : '',
          envelopeTo: envelope.rcptTo.map((r) => r.address),
        });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const actual = (server.server.address() as AddressInfo).port;
      resolve({
        url: `smtp://127.0.0.1:${actual}`,
        port: actual,
        messages,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

function parseMessage(raw: string): Pick<ReceivedEmail, 'headers' | 'text' | 'raw'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(split + 4).replace(/\r\n$/, '');
  if (headers['content-transfer-encoding'] === 'quoted-printable') body = decodeQuotedPrintable(body);
  return { headers, text: body.replace(/\r\n/g, '\n'), raw };
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
