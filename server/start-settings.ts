/**
 * Every run-time setting of the server, read and checked in one place: by server/index.ts at
 * start, and by `npm start` before any build step (scripts/start.ts), so a mistake such as a
 * half-set notification pair is one sentence in a second, not after a build of a minute or more.
 */
import { parseAllowedOrigins } from './origins.ts';
import { parseRateLimit, type RateLimitConfig } from './rate-limit.ts';
import { readDeliveryConfig, type DeliveryConfig } from './leads/settings.ts';
import { parsePoolMax } from './external/prepare.ts';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.ts';
import { dataDirFrom, envValue, hostFrom, portFrom, type DataDirChoice, type Env } from '../shared/config.ts';

/** The server's settings from the configuration's variables. */
export interface StartSettings {
  port: number;
  host: string;
  dataDir: DataDirChoice;
  resetData: boolean;
  rateLimit: RateLimitConfig | null;
  allowedOrigins: string[];
  trustProxy: TrustProxy;
  /** DATABASE_URL, or undefined for the embedded database. */
  databaseUrl: string | undefined;
  databasePoolMax: number;
  delivery: DeliveryConfig;
}

/** Checks DATABASE_URL's form (the connection itself is tried at start). Throws one sentence. */
export function checkDatabaseUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      'DATABASE_URL is not a URL: write it like postgres://user:password@host:5432/database?sslmode=verify-full.',
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error(`DATABASE_URL must start with postgres:// or postgresql://, not ${url.protocol}//.`);
  }
  return value;
}

/** Reads every run-time setting of `env`; throws one sentence naming the variable on the first mistake. */
export function readStartSettings(env: Env): StartSettings {
  return {
    port: portFrom(env),
    host: hostFrom(env),
    dataDir: dataDirFrom(env),
    resetData: env.RESET_DATA?.trim() === '1',
    rateLimit: parseRateLimit(env.CONTACT_RATE_LIMIT),
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    databaseUrl: checkDatabaseUrl(envValue(env, 'DATABASE_URL')),
    databasePoolMax: parsePoolMax(env.DATABASE_POOL_MAX),
    delivery: readDeliveryConfig(env),
  };
}
