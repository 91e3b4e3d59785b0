/**
 * The authenticator-app secrets are kept encrypted (AES-256-GCM): a copy of the database alone does not let anyone
 * compute a user's codes. The key comes from the configuration (MFA_ENCRYPTION_KEY), kept apart from the database;
 * outside production it may be left unset, and is then derived from the JWT secret, so the embedded mode works with
 * no setting.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';

/** Encrypts and decrypts one user's secret; the user's id is bound to the ciphertext. */
export type SecretBox = {
  seal(userId: number, secret: string): string;
  open(userId: number, sealed: string): string;
};

/** Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url: the version lets a later format or key be told apart. */
const VERSION = 'v1';
const IV_BYTES = 12;
/**
 * The HKDF label of the derived key: distinct from every other use of the JWT secret, so the token signing key and
 * this key never coincide.
 */
const DERIVED_KEY_LABEL = 'coran-hadith/totp-secret-encryption/v1';

/** The configured key, or (outside production, when unset) one derived from the resolved JWT secret. */
export function mfaEncryptionKey(config: Config, jwtSecret: string): Buffer {
  if (config.auth.mfaEncryptionKey) return config.auth.mfaEncryptionKey;
  // config.ts refuses to start production without the setting; this guard keeps it so if that ever changed.
  if (config.isProduction) throw new Error('MFA_ENCRYPTION_KEY is required in production');
  return Buffer.from(hkdfSync('sha256', jwtSecret, Buffer.alloc(0), DERIVED_KEY_LABEL, 32));
}

/**
 * The user's id is the additional authenticated data: a ciphertext copied onto another user's row does not
 * decrypt, so one user's app cannot be made to open another's account.
 */
const boundTo = (userId: number) => Buffer.from(`totp:${userId}`);

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the TOTP secret key must be 32 bytes');
  return {
    seal(userId, secret) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(boundTo(userId));
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(userId, sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
        throw new Error(`the TOTP secret of user ${userId} is not in a known format`);
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(boundTo(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      try {
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        // Said plainly in the log: the usual cause is a changed key, which recovery codes still get past.
        throw new Error(
          `the TOTP secret of user ${userId} does not decrypt: was MFA_ENCRYPTION_KEY (or JWT_SECRET) changed?`,
        );
      }
    },
  };
}
