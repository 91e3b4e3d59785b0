/** Sends the outbox's e-mails over SMTP (SMTP_URL) with nodemailer, as plain text, with their attachment. */
import { createTransport } from 'nodemailer';
import type { Config } from '../../config.js';

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  attachment?: { name: string; content: Uint8Array };
};

export type EmailTransport = {
  /** Resolves once the SMTP server accepted the message; rejects otherwise. */
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
};

/** Undefined when no SMTP server is configured. */
export function createEmailTransport(mail: Config['mail']): EmailTransport | undefined {
  if (!mail.smtpUrl) return undefined;
  const transport = createTransport({
    url: mail.smtpUrl,
    // Nodemailer's defaults (minutes) would outlive the dispatcher's lease on the message,
    // after which another process could send it a second time.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(email) {
      const { to, subject, text, attachment } = email;
      await transport.sendMail({
        from: mail.from,
        to,
        subject,
        text,
        attachments: attachment && [{ filename: attachment.name, content: Buffer.from(attachment.content) }],
      });
    },
    close: () => transport.close(),
  };
}
