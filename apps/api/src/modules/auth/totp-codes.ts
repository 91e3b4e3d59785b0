/**
 * The codes of the authenticator-app factor: its TOTP secret and codes (RFC 6238 with otpauth: SHA-1, 6 digits,
 * 30-second steps, what every authenticator app supports), and the recovery codes that replace the app once each.
 */
import { randomInt } from 'node:crypto';
import { MFA_CODE_LENGTH, RECOVERY_CODE_COUNT } from '@app/contracts';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { hashSecret } from './one-time-keys.js';

/** The name the apps show above the account's codes. */
export const TOTP_ISSUER = 'Coran-Hadith';
const PERIOD_SECONDS = 30;
/** A code of the step before or after the current one is accepted too: the phone's clock may be off a little. */
const WINDOW_STEPS = 1;
/** 160 bits, the length RFC 4226 recommends (the HMAC-SHA-1 output). */
const SECRET_BYTES = 20;

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: MFA_CODE_LENGTH,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new random secret, in base32 (how apps take it when typed in). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URI of the QR code: the issuer and the account's e-mail name it in the app. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/**
 * The time step of `code` if it is the secret's code now, or of the step just before or after; undefined
 * otherwise. The step is what makes a code single use (totp-factors.repository.ts, useTotpStep).
 */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | undefined {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  return delta === null ? undefined : totp.counter({ timestamp: now }) + delta;
}

/** The base-32 alphabet of RFC 4648, lower-case: no 0, 1 or 8 to mistake for o, l or b. */
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const RECOVERY_GROUPS = 4;
const RECOVERY_GROUP_LENGTH = 6;

/**
 * One recovery code as shown, e.g. "k7m2qx-4tzab3-c5de2f-ghij7k": 24 random characters, 120 bits. Its hash is a
 * plain SHA-256 (hashSecret), so the code itself must be too long to find by trying every one against a stolen
 * hash: 112 bits or more (ASVS 5.0 6.5.2), where a shorter code would need a slow password hash.
 */
function newRecoveryCode(): string {
  const group = () =>
    Array.from(
      { length: RECOVERY_GROUP_LENGTH },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
  return Array.from({ length: RECOVERY_GROUPS }, group).join('-');
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/** Whether a code of the login's second step is a recovery code (the schema allows only these two forms). */
export const isRecoveryCode = (code: string) => !/^[0-9]+$/.test(code.trim());

/**
 * The stored form of a recovery code: a hash of the code as typed in any case, with or without its dashes, salted
 * with the user's id (the same code given to two users stores two different hashes).
 */
export function recoveryCodeHash(userId: number, code: string): string {
  return hashSecret(`recovery:${userId}:${code.trim().toLowerCase().replaceAll('-', '')}`);
}

/**
 * The otpauth:// URI as a QR code to scan, a data: URL of an SVG image. Drawn on the server with the `qrcode`
 * package (maintained, no native code, the usual choice on npm): the web app shows it as an <img> and ships no QR
 * code of its own, and an SVG stays sharp at any size.
 */
export async function qrCodeOf(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
