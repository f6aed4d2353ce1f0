/**
 * The shapes of the server of `npm start` (server/app.ts): what `startServer` takes
 * ({@link ServerOptions}), what it returns ({@link RunningServer}) and what a shutdown reports.
 */
import type { DeliveryPlan } from './leads/notify.ts';
import type { RunningCluster } from './postgres/cluster.ts';
import type { RateLimitConfig } from './rate-limit.ts';
import type { TrustProxy } from './trust-proxy.ts';

/** Options of `startServer` (server/app.ts). */
export interface ServerOptions {
  /** @default 4321; 0 picks a free port */
  port?: number;
  /** @default 'localhost' */
  host?: string;
  /** Folder of the built site; null serves no site (the load check, tests). */
  distDir: string | null;
  /** Run the embedded contact backend. @default true */
  embeddedBackend?: boolean;
  /** Data folder of the embedded database. @default DEFAULT_DATA_DIR (server/app.ts) */
  dataDir?: string;
  /** Wipe the data folder first (once nobody uses it). @default false */
  resetData?: boolean;
  /** @default LOCAL_ANON_KEY */
  anonKey?: string;
  /** @default DEFAULT_MAX_BODY_BYTES */
  maxBodyBytes?: number;
  /** Time for a contact request's body to arrive (then 408). @default DEFAULT_BODY_TIMEOUT_MS (server/rest.ts) */
  bodyTimeoutMs?: number;
  /** Inserts per client; null = no limit. @default DEFAULT_RATE_LIMIT */
  rateLimit?: RateLimitConfig | null;
  /** Origins besides the site's own that may send contact requests from browsers (ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** Progress and warnings. @default console.log */
  log?: (line: string) => void;
  /**
   * Called when PostgreSQL stopped and its keeper gave up restarting it (the site keeps serving;
   * contact requests answer 503 until the server restarts).
   */
  onDatabaseLost?: (detail: string) => void;
  /** Your own PostgreSQL (DATABASE_URL) instead of the embedded one (server/external/). */
  databaseUrl?: string;
  /** Connections to databaseUrl at most. @default DEFAULT_POOL_MAX */
  databasePoolMax?: number;
  /** Where stored leads are delivered (server/leads/); null or no channel = stored only. */
  delivery?: DeliveryPlan | null;
  /** Which reverse proxies' `X-Forwarded-*` headers are believed (TRUST_PROXY). @default none */
  trustProxy?: TrustProxy;
  /** How long {@link RunningServer.close} waits for open requests. @default SHUTDOWN_GRACE_MS (server/app.ts) */
  shutdownGraceMs?: number;
  /** The sub-path the site was built for (the build manifest's basePath). @default '/' */
  basePath?: string;
}

/** Work to finish when the server shuts down, after the last request and before the database closes. */
export type ShutdownStep = () => Promise<void>;

/** A started server. */
export interface RunningServer {
  /** Base URL, e.g. http://localhost:4321 */
  url: string;
  port: number;
  /** The embedded PostgreSQL, or null when disabled. */
  cluster: RunningCluster | null;
  /**
   * Registers work that must finish before the database closes (e.g. outbox deliveries in
   * flight); steps run in registration order, once, during {@link RunningServer.close}.
   */
  onShutdown(step: ShutdownStep): void;
  /**
   * Graceful shutdown: /readyz answers 503, no new connections, open requests finish (up to the
   * grace period, then their connections close), the shutdown steps run, then the database
   * connections close and PostgreSQL stops. Resolves with what was finished.
   */
  close(): Promise<ShutdownReport>;
}

/** What a shutdown finished, for its last log line. */
export interface ShutdownReport {
  /** Requests in flight when the shutdown began. */
  openRequests: number;
  /** Of those, the ones still open after the grace period, whose connections were closed. */
  cutOff: number;
  /** Shutdown steps run (outbox deliveries in flight, …). */
  steps: number;
  /** The database the server had: stopped (embedded) or its connections closed (DATABASE_URL). */
  database: 'embedded' | 'url' | 'none';
}
