/**
 * The only reader of process.env. Every setting is validated here once, at start,
 * so a typo in the environment stops the server with a clear message instead of failing later.
 */
import path from 'node:path';
import { z } from 'zod';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());
/** An http(s) base address without its trailing slash, so paths can be appended with a single '/'. */
const baseUrl = (fallback: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
      .default(fallback)
      .transform((url) => url.replace(/\/+$/, '')),
  );

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  PUBLIC_URL: optionalUrl,
  CORS_ORIGINS: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalText,
  CONTENT_SOURCE: z.preprocess(emptyAsUndefined, z.enum(['bundled', 'upstream']).default('bundled')),
  AUDIO_BASE_URL: baseUrl('https://cdn.islamic.network/quran/audio'),
  QURAN_UPSTREAM_URL: baseUrl('https://api.alquran.cloud/v1'),
  HADITH_UPSTREAM_URL: baseUrl('https://hadeethenc.com/api/v1'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** Absolute path of the folder for the embedded database, uploads and the outbox copies. */
  dataDir: string;
  /** A PostgreSQL server URL, or undefined for the embedded database under dataDir. */
  databaseUrl: string | undefined;
  publicUrl: string;
  /** Origins allowed to call the API from another site; empty means CORS is closed. */
  corsOrigins: string[];
  logLevel: string;
  /** The built web app served at /; undefined disables serving it (API-only tests). */
  webDistDir: string | undefined;
  /**
   * Where the Quran and hadith texts come from: `bundled` reads the data shipped with the app;
   * `upstream` reads the public services, keeps what they sent in the database, and falls back to bundled.
   */
  contentSource: 'bundled' | 'upstream';
  /** Base of the verse-by-verse recitation files: `{audioBaseUrl}/128/{edition}/{verse}.mp3`. */
  audioBaseUrl: string;
  /** The alquran.cloud-compatible API read in upstream mode. */
  quranUpstreamUrl: string;
  /** The HadeethEnc-compatible API read in upstream mode. */
  hadithUpstreamUrl: string;
};

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR === 'none' ? undefined : path.resolve(e.WEB_DIST_DIR ?? defaultWebDist),
    contentSource: e.CONTENT_SOURCE,
    audioBaseUrl: e.AUDIO_BASE_URL,
    quranUpstreamUrl: e.QURAN_UPSTREAM_URL,
    hadithUpstreamUrl: e.HADITH_UPSTREAM_URL,
  };
}
