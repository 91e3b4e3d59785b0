import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has defaults that run the product with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('.data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.corsOrigins).toEqual([]);
    expect(config.isProduction).toBe(false);
  });

  it('reads a PostgreSQL URL and a CORS allowlist', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db:5432/app',
      CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(config.databaseUrl).toBe('postgres://app@db:5432/app');
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  it('trusts no proxy by default, and a count of them when told; refuses a count that is not one', () => {
    expect(loadConfig({}).trustProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY_HOPS: '' }).trustProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
    for (const bad of ['-1', '1.5', 'yes', '11']) {
      expect(() => loadConfig({ TRUST_PROXY_HOPS: bad })).toThrow(/TRUST_PROXY_HOPS: /);
    }
  });

  it('serves the API docs except in production, where API_DOCS=1 turns them on', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'a production secret of at least 32 characters',
      MFA_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      SMTP_URL: 'smtp://mail.example:587',
      PUBLIC_URL: 'https://coran-hadith.example',
    };
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: '0' }).apiDocs).toBe(false);
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: '1' }).apiDocs).toBe(true);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS: /);
  });

  it('stops with a message naming each bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT: .*DATABASE_URL: must be a postgres/,
    );
  });

  it('reads the Quran content from the bundled data by default, with the public recitation files', () => {
    const config = loadConfig({});
    expect(config.contentSource).toBe('bundled');
    expect(config.audioBaseUrl).toBe('https://cdn.islamic.network/quran/audio');
    expect(config.quranUpstreamUrl).toBe('https://api.alquran.cloud/v1');
  });

  it('reads the upstream mode and base addresses, without their trailing slash', () => {
    const config = loadConfig({
      CONTENT_SOURCE: 'upstream',
      AUDIO_BASE_URL: 'https://media.example/quran/',
      QURAN_UPSTREAM_URL: 'http://127.0.0.1:9000/v1/',
    });
    expect(config.contentSource).toBe('upstream');
    expect(config.audioBaseUrl).toBe('https://media.example/quran');
    expect(config.quranUpstreamUrl).toBe('http://127.0.0.1:9000/v1');
  });

  it('reads the hadith upstream address, HadeethEnc by default, without its trailing slash', () => {
    expect(loadConfig({}).hadithUpstreamUrl).toBe('https://hadeethenc.com/api/v1');
    expect(loadConfig({ HADITH_UPSTREAM_URL: '' }).hadithUpstreamUrl).toBe('https://hadeethenc.com/api/v1');
    expect(loadConfig({ HADITH_UPSTREAM_URL: 'http://127.0.0.1:9001/api/v1/' }).hadithUpstreamUrl).toBe(
      'http://127.0.0.1:9001/api/v1',
    );
    expect(() => loadConfig({ HADITH_UPSTREAM_URL: 'file:///etc/hadith' })).toThrow(
      /HADITH_UPSTREAM_URL: must be an http\(s\):\/\/ URL/,
    );
  });

  it('treats empty content settings as unset', () => {
    const config = loadConfig({ CONTENT_SOURCE: '', AUDIO_BASE_URL: '', QURAN_UPSTREAM_URL: '' });
    expect(config.contentSource).toBe('bundled');
    expect(config.audioBaseUrl).toBe('https://cdn.islamic.network/quran/audio');
  });

  it('refuses an unknown content source and non-http base addresses', () => {
    expect(() =>
      loadConfig({ CONTENT_SOURCE: 'cdn', AUDIO_BASE_URL: 'ftp://x.example', QURAN_UPSTREAM_URL: 'nope' }),
    ).toThrow(/CONTENT_SOURCE: .*AUDIO_BASE_URL: must be an http\(s\):\/\/ URL.*QURAN_UPSTREAM_URL: /);
  });

  it('refuses to start in production without its secrets and addresses', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /production needs JWT_SECRET, SMTP_URL, PUBLIC_URL, MFA_ENCRYPTION_KEY/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail.example:587',
      PUBLIC_URL: 'https://coran.example/',
      MFA_ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    expect(config.auth.jwtSecret).toBe('x'.repeat(32));
    expect(config.publicUrl).toBe('https://coran.example');
    expect(config.seedDemo).toBe(false);
  });

  it('reads the key of the authenticator-app secrets as 32 bytes in hex or base64, and refuses any other', () => {
    const key = Buffer.from(Array.from({ length: 32 }, (_, i) => i));
    expect(loadConfig({ MFA_ENCRYPTION_KEY: key.toString('hex') }).auth.mfaEncryptionKey).toEqual(key);
    expect(loadConfig({ MFA_ENCRYPTION_KEY: key.toString('base64') }).auth.mfaEncryptionKey).toEqual(key);
    expect(loadConfig({ MFA_ENCRYPTION_KEY: key.toString('base64url') }).auth.mfaEncryptionKey).toEqual(key);
    expect(loadConfig({ MFA_ENCRYPTION_KEY: '' }).auth.mfaEncryptionKey).toBeUndefined();
    for (const wrong of [
      'ab'.repeat(31),
      'ab'.repeat(33),
      key.subarray(1).toString('base64'),
      'x'.repeat(64),
    ]) {
      expect(() => loadConfig({ MFA_ENCRYPTION_KEY: wrong }), wrong).toThrow(
        /MFA_ENCRYPTION_KEY: must be 32 bytes/,
      );
    }
  });

  it('refuses a signing key shorter than 256 bits', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
  });

  it('seeds demo accounts only into the embedded database, unless SEED_DEMO=0', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db/app' }).seedDemo).toBe(false);
  });

  it('has the account lifetimes of the spec by default', () => {
    expect(loadConfig({}).auth).toMatchObject({
      accessTokenMinutes: 15,
      accountLinkHours: 24,
      resetLinkMinutes: 60,
      lockoutMinutes: 15,
    });
  });

  it('configures SMS only when the three Twilio settings are given', () => {
    expect(loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' }).sms).toBeUndefined();
    expect(
      loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM_NUMBER: '+15550100' }).sms,
    ).toEqual({
      accountSid: 'AC1',
      authToken: 't',
      fromNumber: '+15550100',
      apiUrl: 'https://api.twilio.com',
    });
  });

  it('accepts only redis:// and smtp:// addresses for the rate-limit store and the mail server', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL: must be a redis/);
    expect(() => loadConfig({ SMTP_URL: 'mail.example' })).toThrow(/SMTP_URL: must be an smtp/);
  });
});
