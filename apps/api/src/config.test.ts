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
});
