/**
 * Sends the outbox's SMS through the Twilio REST API with fetch (no SDK): one form POST per message,
 * HTTP basic auth with the account SID and token. Anything but a 2xx answer is a failure.
 */
import type { Config } from '../../config.js';

export type OutgoingSms = { to: string; text: string };

export type SmsTransport = {
  /** Resolves once Twilio accepted the message; rejects otherwise. */
  send(sms: OutgoingSms): Promise<void>;
};

/** Well under the dispatcher's lease on the message, so a slow answer never leads to a second send. */
const TIMEOUT_MS = 15_000;

/** Undefined when SMS delivery is not configured. */
export function createSmsTransport(settings: Config['sms']): SmsTransport | undefined {
  if (!settings) return undefined;
  const { accountSid, authToken, fromNumber, apiUrl } = settings;
  const url = `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  return {
    async send(sms) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, accept: 'application/json' },
        body: new URLSearchParams({ To: sms.to, From: fromNumber, Body: sms.text }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const answer = await response.text();
      if (!response.ok) throw new Error(`Twilio answered HTTP ${response.status}${twilioErrorCode(answer)}`);
    },
  };
}

/** Twilio's numeric error code (e.g. 21211, invalid number), which says why without repeating the message. */
function twilioErrorCode(answer: string): string {
  try {
    const code = (JSON.parse(answer) as { code?: unknown }).code;
    return typeof code === 'number' ? ` (error ${code})` : '';
  } catch {
    return '';
  }
}
