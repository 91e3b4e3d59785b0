/**
 * The secrets sent to a person (link keys, refresh tokens, SMS codes): random, and stored only as a
 * SHA-256 hash, so a copy of the database does not let anyone use them.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe: the key of a confirmation or reset link. */
export function newLinkKey(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** A uniformly random code of `length` digits, leading zeros kept. */
export function newDigitCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}
