/** Sends the outbox's e-mails over SMTP (SMTP_URL) with nodemailer, as plain text. */
import { createTransport } from 'nodemailer';
import type { Config } from '../../config.js';

export type OutgoingEmail = { to: string; subject: string; text: string };

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
      await transport.sendMail({ from: mail.from, to: email.to, subject: email.subject, text: email.text });
    },
    close: () => transport.close(),
  };
}
