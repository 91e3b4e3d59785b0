/**
 * Accounts in the e2e tests: the server started by global-setup.ts writes every e-mail and SMS into
 * DATA_DIR/outbox (its mailbox and phone here), and keeps its token key in DATA_DIR/jwt-secret.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { SignJWT } from 'jose';

export const ACCESS_TOKEN_KEY = '[KEY] TOKEN';
export const REFRESH_TOKEN_KEY = '[REFRESH] REFRESH_TOKEN';
export const PASSWORD = 'e2e-password-1';

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: the global setup did not start the server');
  return dir;
}

let counter = 0;
/** An address no other test (or earlier run on the same server) uses. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** A phone number of its own, so that its SMS can be told apart. */
export function uniquePhone(): string {
  counter += 1;
  const digits = `${Date.now() % 1_000_000}${counter}`.slice(-6).padStart(6, '0');
  // In E.164, as the server keeps it (and addresses the SMS): "+33 6 …" would come back as "+336…".
  return `+336${digits}${String(process.pid % 100).padStart(2, '0')}`;
}

type Message = { id: number; text: string };

/** The messages of the outbox sent to `to` (an e-mail address or a phone), newest first. */
function messagesTo(to: string, kind: 'email' | 'sms', serverDataDir = dataDir()): Message[] {
  const folder = path.join(serverDataDir, 'outbox');
  const suffix = kind === 'email' ? '-email.eml' : '-sms.txt';
  const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith(suffix)) : [];
  return files
    .map((file) => ({
      id: Number.parseInt(file, 10),
      text: fs.readFileSync(path.join(folder, file), 'utf8'),
    }))
    .filter((m) => m.text.split('\n').some((line) => line === `To: ${to}`))
    .sort((a, b) => b.id - a.id);
}

/** The newest message of the outbox sent to `to` (an e-mail address or a phone), waiting for it to be written. */
export async function newestMessage(
  to: string,
  kind: 'email' | 'sms',
  options: { newerThan?: number; timeoutMs?: number; dataDir?: string } = {},
): Promise<Message> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (Date.now() < deadline) {
    const newest = messagesTo(to, kind, options.dataDir).find((m) => m.id > (options.newerThan ?? 0));
    if (newest) return newest;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No ${kind} to ${to} in ${path.join(options.dataDir ?? dataDir(), 'outbox')}`);
}

/** The id of the newest message sent to `to` so far, 0 when none: what the next one is newer than. */
export function lastMessageId(to: string, kind: 'email' | 'sms'): number {
  return messagesTo(to, kind)[0]?.id ?? 0;
}

/** The path of the site's link in a message (the link's host is PUBLIC_URL's, not the test server's). */
export function linkPath(message: string, kind: 'account' | 'password'): string {
  const match = new RegExp(`https?://[^\\s/]+(/user/verify/${kind}/[A-Za-z0-9_-]+)`).exec(message);
  if (!match?.[1]) throw new Error(`No ${kind} link in:\n${message}`);
  return match[1];
}

/** The path of the link of an invitation e-mail (decision 17), on the site: /invitation/{key}. */
export function invitationPath(message: string): string {
  const match = /https?:\/\/[^\s/]+(\/invitation\/[A-Za-z0-9_-]+)/.exec(message);
  if (!match?.[1]) throw new Error(`No invitation link in:\n${message}`);
  return match[1];
}

export function codeIn(sms: string): string {
  const match = /\b(\d{6})\b/.exec(sms);
  if (!match?.[1]) throw new Error(`No code in:\n${sms}`);
  return match[1];
}

export type Account = { id: number; email: string; password: string; firstName: string; lastName: string };

/**
 * An address of its own for a person the tests register or sign in through the API, as the proxy in front of the
 * server reports it (X-Forwarded-For): the suite registers more people than one address may in an hour (10) and
 * signs in more often than one address may in 15 minutes (30), limits the API tests check; the browser's own calls
 * keep the machine's address.
 */
export function anotherPersonsAddress(): Record<string, string> {
  const byte = () => Math.floor(Math.random() * 256);
  return { 'X-Forwarded-For': `10.${byte()}.${byte()}.${byte()}` };
}

/** Registers through the API and confirms the address with the link of the e-mail. */
export async function registerAndConfirm(
  request: APIRequestContext,
  names: { firstName: string; lastName: string; label: string },
): Promise<Account> {
  const email = uniqueEmail(names.label);
  const registered = await request.post('/api/user/register', {
    headers: anotherPersonsAddress(),
    data: { firstName: names.firstName, lastName: names.lastName, email, password: PASSWORD },
  });
  if (registered.status() !== 201) throw new Error(`register: ${await registered.text()}`);
  const { data } = (await registered.json()) as { data: { user: { id: number } } };
  const mail = await newestMessage(email, 'email');
  const confirmed = await request.get(`/api${linkPath(mail.text, 'account')}`);
  if (!confirmed.ok()) throw new Error(`confirm: ${await confirmed.text()}`);
  return { id: data.user.id, email, password: PASSWORD, ...names };
}

export type Tokens = { access_token: string; refresh_token: string };

export async function logInThroughApi(request: APIRequestContext, account: Account): Promise<Tokens> {
  const answer = await request.post('/api/user/login', {
    data: { email: account.email, password: account.password },
  });
  if (!answer.ok()) throw new Error(`login: ${await answer.text()}`);
  return ((await answer.json()) as { data: Tokens }).data;
}

/** A phone and MFA for the account, set with its own token as the profile screen would. */
export async function turnOnMfa(request: APIRequestContext, account: Account): Promise<string> {
  const { access_token } = await logInThroughApi(request, account);
  const headers = { Authorization: `Bearer ${access_token}` };
  const phone = uniquePhone();
  const updated = await request.patch('/api/user/update', {
    headers,
    data: {
      id: account.id,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      phone,
      // A new phone number needs the current password.
      currentPassword: account.password,
    },
  });
  if (!updated.ok()) throw new Error(`update: ${await updated.text()}`);
  // Turning the SMS code on proves the phone: the password, and a code sent to it.
  const sent = await request.post('/api/user/step-up/code', { headers });
  if (!sent.ok()) throw new Error(`step-up code: ${await sent.text()}`);
  const code = codeIn((await newestMessage(phone, 'sms')).text);
  const toggled = await request.patch('/api/user/togglemfa', {
    headers,
    data: { currentPassword: account.password, code },
  });
  if (!toggled.ok()) throw new Error(`togglemfa: ${await toggled.text()}`);
  return phone;
}

/**
 * An access token of a real session that expired a minute ago, signed with the server's key: the server
 * answers it with a 401 whose reason says "expired", as it would after a quarter of an hour of use.
 */
export async function expiredAccessToken(validAccessToken: string): Promise<string> {
  const payload = JSON.parse(Buffer.from(validAccessToken.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
    sid: string;
    authorities?: string[];
  };
  const secret = fs.readFileSync(path.join(dataDir(), 'jwt-secret'), 'utf8').trim();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_type: 'access', sid: payload.sid, authorities: payload.authorities ?? [] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('coran-hadith')
    .setAudience('coran-hadith-app')
    .setSubject(payload.sub)
    .setIssuedAt(now - 960)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(secret));
}

/** Puts tokens in the site's storage from a page of the site that runs none of its code (the health check). */
/** Signs the browser in with `tokens`, on the suite's server or on another one's address (`baseUrl`). */
export async function storeTokens(page: Page, tokens: Tokens, baseUrl = ''): Promise<void> {
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate(
    ([keys, values]) => {
      localStorage.setItem(keys[0], values[0]);
      localStorage.setItem(keys[1], values[1]);
    },
    [
      [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY],
      [tokens.access_token, tokens.refresh_token],
    ] as const,
  );
}

export async function storedTokens(page: Page): Promise<{ access: string | null; refresh: string | null }> {
  return page.evaluate(([a, r]) => ({ access: localStorage.getItem(a), refresh: localStorage.getItem(r) }), [
    ACCESS_TOKEN_KEY,
    REFRESH_TOKEN_KEY,
  ] as const);
}
