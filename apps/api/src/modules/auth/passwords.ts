/**
 * Password hashing with argon2id (@node-rs/argon2's default algorithm and its OWASP-recommended costs:
 * 19 MiB of memory, 2 passes). The hash string carries its own salt and parameters.
 */
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * A hash of a random password, checked when a login names an e-mail that has no account, so that
 * an unknown e-mail costs the same time as a wrong password and the timing tells nothing.
 */
const unknownAccountHash = hash(crypto.randomUUID());

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    await verify(await unknownAccountHash, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a refused login, not a crash.
    return false;
  }
}
