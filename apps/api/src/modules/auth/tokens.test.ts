import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner, EXPIRED_ACCESS_TOKEN } from './tokens.js';

const secret = 'a secret of more than thirty-two characters, for tests';
const user = { id: 7, permissions: 'READ:CUSTOMER' };

afterEach(() => vi.useRealTimers());

describe('token verification, and the access tokens it remembers', () => {
  it('accepts a token again until the second of its expiry, then refuses it as expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00.000Z'));
    const signer = createTokenSigner(secret, { accessTokenMinutes: 15 });
    const token = await signer.signAccessToken(user, 'session-1');
    const first = await signer.verify(token, 'access');
    expect(first).toMatchObject({ userId: 7, sessionId: 'session-1' });
    // Remembered: the same answer, still checked against the clock.
    vi.setSystemTime(first.expiresAt.getTime() - 1);
    expect(await signer.verify(token, 'access')).toEqual(first);
    vi.setSystemTime(first.expiresAt.getTime());
    await expect(signer.verify(token, 'access')).rejects.toThrow(EXPIRED_ACCESS_TOKEN);
    // A signer that never saw it (another process) says the same.
    const other = createTokenSigner(secret, { accessTokenMinutes: 15 });
    await expect(other.verify(token, 'access')).rejects.toThrow(EXPIRED_ACCESS_TOKEN);
  });

  it('refuses a token changed by one character, even once the original was accepted', async () => {
    const signer = createTokenSigner(secret, { accessTokenMinutes: 15 });
    const token = await signer.signAccessToken(user, 'session-1');
    await signer.verify(token, 'access');
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const changed = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    await expect(signer.verify(changed, 'access')).rejects.toMatchObject({ statusCode: 401 });
  });

  it('never takes a refresh token for an access token, before or after verifying it', async () => {
    const signer = createTokenSigner(secret, { accessTokenMinutes: 15 });
    const refresh = await signer.signRefreshToken(7, 'session-1', new Date(Date.now() + 60_000));
    await expect(signer.verify(refresh, 'access')).rejects.toMatchObject({ statusCode: 401 });
    await signer.verify(refresh, 'refresh');
    await expect(signer.verify(refresh, 'access')).rejects.toMatchObject({ statusCode: 401 });
  });
});
