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
});
