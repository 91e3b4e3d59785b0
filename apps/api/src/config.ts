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

/**
 * A key of 32 bytes (AES-256), given as 64 hexadecimal characters or in base64 (`openssl rand -base64 32`).
 * Decoded here, so a key of the wrong length stops the server at start rather than at the first encryption.
 */
const encryptionKey = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .trim()
    .transform((text, context) => {
      const key = /^[0-9a-f]{64}$/i.test(text)
        ? Buffer.from(text, 'hex')
        : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
          ? Buffer.from(text, 'base64')
          : undefined;
      if (key?.length === 32) return key;
      context.addIssue({ code: 'custom', message: 'must be 32 bytes: 64 hex characters, or base64' });
      return z.NEVER;
    })
    .optional(),
);

/** The public verse-by-verse recitations (REFERENCE §2); the prerendered Quran page is drawn with them. */
export const DEFAULT_AUDIO_BASE_URL = 'https://cdn.islamic.network/quran/audio';

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
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  API_DOCS: z.preprocess(emptyAsUndefined, z.enum(['0', '1']).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalText,
  CONTENT_SOURCE: z.preprocess(emptyAsUndefined, z.enum(['bundled', 'upstream']).default('bundled')),
  AUDIO_BASE_URL: baseUrl(DEFAULT_AUDIO_BASE_URL),
  QURAN_UPSTREAM_URL: baseUrl('https://api.alquran.cloud/v1'),
  HADITH_UPSTREAM_URL: baseUrl('https://hadeethenc.com/api/v1'),
  JWT_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters (256 bits)').optional(),
  ),
  MFA_ENCRYPTION_KEY: encryptionKey,
  ACCESS_TOKEN_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ACCOUNT_LINK_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  RESET_LINK_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
  LOCKOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('Coran-Hadith <no-reply@localhost>')),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM_NUMBER: optionalText,
  TWILIO_API_URL: baseUrl('https://api.twilio.com'),
  SEED_DEMO: z.preprocess(emptyAsUndefined, z.enum(['0', '1']).optional()),
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
  /**
   * How many proxies in front of the server may say who the client is (X-Forwarded-For, read from the right):
   * 0 takes the address of the connection itself, so a client cannot forge its own (and so its rate limits).
   */
  trustProxyHops: number;
  /** Whether /api/docs (the OpenAPI document and its UI) is served: by default everywhere but in production. */
  apiDocs: boolean;
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
  auth: {
    /** Signs the tokens (HS256). Undefined outside production: the server keeps a generated one in dataDir. */
    jwtSecret: string | undefined;
    /**
     * Encrypts the authenticator-app secrets at rest (totp-secrets.ts). Undefined outside production: derived
     * from the JWT secret then, so the embedded mode needs no setting.
     */
    mfaEncryptionKey: Buffer | undefined;
    accessTokenMinutes: number;
    refreshTokenDays: number;
    /** The absolute lifetime of a login session, however often it is used (the idle one is refreshTokenDays). */
    sessionDays: number;
    /** How long the account-confirmation link of the registration e-mail stays valid. */
    accountLinkHours: number;
    /** How long a password-reset link stays valid. */
    resetLinkMinutes: number;
    /** How long login is refused for an e-mail after too many failed attempts. */
    lockoutMinutes: number;
  };
  /** Shared store of the rate limits across server processes; undefined keeps them in memory. */
  redisUrl: string | undefined;
  mail: {
    /** Where e-mails are sent; undefined outside production writes them only under dataDir/outbox. */
    smtpUrl: string | undefined;
    from: string;
  };
  /** Twilio REST API credentials; undefined when SMS delivery is not configured. */
  sms: { accountSid: string; authToken: string; fromNumber: string; apiUrl: string } | undefined;
  /** Whether the embedded database gets its demo accounts and data on first start. */
  seedDemo: boolean;
};

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const sms =
    e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM_NUMBER
      ? {
          accountSid: e.TWILIO_ACCOUNT_SID,
          authToken: e.TWILIO_AUTH_TOKEN,
          fromNumber: e.TWILIO_FROM_NUMBER,
          apiUrl: e.TWILIO_API_URL,
        }
      : undefined;
  if (isProduction) {
    // Production never falls back to generated secrets or to messages that stay on the disk.
    const missing = [
      !e.JWT_SECRET && 'JWT_SECRET',
      !e.SMTP_URL && 'SMTP_URL',
      !e.PUBLIC_URL && 'PUBLIC_URL',
      !e.MFA_ENCRYPTION_KEY && 'MFA_ENCRYPTION_KEY',
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new Error(`Invalid configuration: production needs ${missing.join(', ')}`);
    }
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxyHops: e.TRUST_PROXY_HOPS,
    // The full map of the API helps an attacker more than the users of a production site: opt in there.
    apiDocs: e.API_DOCS === undefined ? !isProduction : e.API_DOCS === '1',
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR === 'none' ? undefined : path.resolve(e.WEB_DIST_DIR ?? defaultWebDist),
    contentSource: e.CONTENT_SOURCE,
    audioBaseUrl: e.AUDIO_BASE_URL,
    quranUpstreamUrl: e.QURAN_UPSTREAM_URL,
    hadithUpstreamUrl: e.HADITH_UPSTREAM_URL,
    auth: {
      jwtSecret: e.JWT_SECRET,
      mfaEncryptionKey: e.MFA_ENCRYPTION_KEY,
      accessTokenMinutes: e.ACCESS_TOKEN_MINUTES,
      refreshTokenDays: e.REFRESH_TOKEN_DAYS,
      sessionDays: e.SESSION_DAYS,
      accountLinkHours: e.ACCOUNT_LINK_HOURS,
      resetLinkMinutes: e.RESET_LINK_MINUTES,
      lockoutMinutes: e.LOCKOUT_MINUTES,
    },
    redisUrl: e.REDIS_URL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    sms,
    // Demo data only where nobody relies on the data: the embedded database, never production.
    seedDemo: !isProduction && !e.DATABASE_URL && e.SEED_DEMO !== '0',
  };
}
