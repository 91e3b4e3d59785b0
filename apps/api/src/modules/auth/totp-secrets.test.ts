import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createSecretBox, mfaEncryptionKey } from './totp-secrets.js';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const JWT_SECRET = 'a signing key of at least thirty-two characters';

describe('the box of the authenticator-app secrets', () => {
  const box = createSecretBox(Buffer.alloc(32, 7));

  it('gives back the secret to the same user, and stores nothing readable', () => {
    const sealed = box.seal(42, SECRET);
    expect(sealed).not.toContain(SECRET);
    expect(Buffer.from(sealed.split('.')[3] ?? '', 'base64url').toString()).not.toContain(SECRET);
    expect(box.open(42, sealed)).toBe(SECRET);
    // A new IV each time: the same secret never seals the same way twice.
    expect(box.seal(42, SECRET)).not.toBe(sealed);
  });

  it("refuses another user's ciphertext, a changed one, and another key's", () => {
    const sealed = box.seal(42, SECRET);
    expect(() => box.open(43, sealed)).toThrow(/does not decrypt/);
    const [version, iv, tag, ciphertext = ''] = sealed.split('.');
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open(42, [version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow(
      /does not decrypt/,
    );
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(42, sealed)).toThrow(/does not decrypt/);
    expect(() => box.open(42, 'not-sealed')).toThrow(/not in a known format/);
  });

  it('uses the configured key, or outside production one derived from the JWT secret (never the secret itself)', () => {
    const configured = Buffer.alloc(32, 9);
    const withKey = loadConfig({ MFA_ENCRYPTION_KEY: configured.toString('hex') });
    expect(mfaEncryptionKey(withKey, JWT_SECRET)).toEqual(configured);

    const derived = mfaEncryptionKey(loadConfig({}), JWT_SECRET);
    expect(derived).toHaveLength(32);
    expect(derived.toString('latin1')).not.toContain(JWT_SECRET.slice(0, 16));
    expect(mfaEncryptionKey(loadConfig({}), JWT_SECRET)).toEqual(derived);
    expect(mfaEncryptionKey(loadConfig({}), `${JWT_SECRET}!`)).not.toEqual(derived);
  });
});
