/**
 * The copy of each outgoing message kept under DATA_DIR/outbox outside production: in embedded mode, and wherever
 * a channel has no transport: `<id>-email.eml` or `<id>-sms.txt`, so a developer can open the
 * e-mail or read the code without a mail server or an SMS account.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { OutboxMessage } from './outbox.repository.js';

export type OutboxCopies = {
  folder: string;
  /** Writes the message's copy once; `created` is false when an earlier attempt already wrote it. */
  write(message: OutboxMessage): Promise<{ file: string; created: boolean }>;
};

export function createOutboxCopies(options: { dataDir: string; mailFrom: string }): OutboxCopies {
  const folder = path.join(options.dataDir, 'outbox');
  return {
    folder,
    async write(message) {
      const file = path.join(folder, copyFileName(message));
      if (await exists(file)) return { file, created: false };
      await fs.mkdir(folder, { recursive: true });
      // Written aside then renamed, so a crash never leaves a half-written copy that counts as written.
      const partial = `${file}.${process.pid}.partial`;
      await fs.writeFile(partial, copyText(message, options.mailFrom), { mode: 0o600 });
      await fs.rename(partial, file);
      return { file, created: true };
    },
  };
}

export function copyFileName(message: Pick<OutboxMessage, 'id' | 'channel'>): string {
  return message.channel === 'EMAIL' ? `${message.id}-email.eml` : `${message.id}-sms.txt`;
}

/**
 * An RFC 822 message written by hand rather than by nodemailer: nodemailer would encode the body as
 * quoted-printable, which cuts long links with soft line breaks; 8-bit UTF-8 keeps them clickable.
 */
function copyText(message: OutboxMessage, mailFrom: string): string {
  const date = message.createdAt.toUTCString();
  if (message.channel === 'SMS')
    return `To: ${oneLine(message.recipient)}\nDate: ${date}\n\n${message.body}\n`;
  const headers = [
    `From: ${oneLine(mailFrom)}`,
    `To: ${oneLine(message.recipient)}`,
    `Subject: ${oneLine(message.subject ?? '')}`,
    `Date: ${date}`,
    'MIME-Version: 1.0',
  ];
  const text = [
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    message.body,
  ];
  const { attachmentName, attachment } = message;
  if (!attachmentName || !attachment) return [...headers, ...text, ''].join('\n');
  // The text, then the file (an invoice's PDF, the one kind e-mails carry) in base64, lines of 76 characters.
  const boundary = `part-${message.id}`;
  const base64 =
    Buffer.from(attachment)
      .toString('base64')
      .match(/.{1,76}/g) ?? [];
  return [
    ...headers,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...text,
    `--${boundary}`,
    `Content-Type: application/pdf; name="${oneLine(attachmentName)}"`,
    `Content-Disposition: attachment; filename="${oneLine(attachmentName)}"`,
    'Content-Transfer-Encoding: base64',
    '',
    ...base64,
    `--${boundary}--`,
    '',
  ].join('\n');
}

/** A line break in a header value would start a new header (or the body). */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
